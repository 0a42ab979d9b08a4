import { AppGeneric20Regular, Database20Regular, ServerMultiple20Regular, Cube20Regular, Globe20Regular } from '@fluentui/react-icons';
import { iconFor } from './ComponentIcon';
import { gridScope } from './gridScope';
import { orderComponents, sortChoices } from './ordering';
import { cardProperties, displayProperty, formatCurrency, safeHttpUrl } from './properties';
import { summaryLines } from './summaries';
import { topologyKey, topologyQuery } from '../topologyApi';
import { answer, component } from './testing';

describe('property display', () => {
  it('draws a value over 70 % of max as an alert, 70 % exactly not', () => {
    expect(displayProperty({ name: 'disk', value: 701, max: 1000 })).toMatchObject({ ratio: 0.701, alert: true });
    expect(displayProperty({ name: 'disk', value: 700, max: 1000 })).toMatchObject({ ratio: 0.7, alert: false });
    const plain = displayProperty({ name: 'disk', value: 9, unit: 'GB' });
    expect(plain).toMatchObject({ text: '9 GB', alert: false });
    expect(plain.ratio).toBeUndefined();
  });

  it('formats bytes in binary multiples, with the max', () => {
    expect(displayProperty({ name: 'memory', value: 3 * 1024 ** 3, max: 4 * 1024 ** 3, unit: 'bytes' }).text).toBe('3 GiB of 4 GiB');
  });

  it('links only http(s) urls', () => {
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHttpUrl('HTTP://example.com')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', '//example.com', 'example.com', ''])
      expect(safeHttpUrl(bad)).toBeUndefined();
    expect(displayProperty({ name: 'x', type: 'url', text: 'javascript:alert(1)' })).toMatchObject({ kind: 'url', href: undefined });
  });

  it('formats currency by size', () => {
    expect(formatCurrency(1234.5)).toBe('$1.2k');
    expect(formatCurrency(150.4)).toBe('$150');
    expect(formatCurrency(12.34)).toBe('$12.3');
    expect(formatCurrency(1.234)).toBe('$1.23');
    expect(formatCurrency(0.0001)).toBe('$0');
  });

  it('shows age as the time since, from a date text or an epoch value', () => {
    const now = Date.parse('2024-05-10T12:00:00Z');
    expect(displayProperty({ name: 'age', type: 'age', text: '2024-05-08T12:00:00Z' }, now).text).toBe('2d');
    expect(displayProperty({ name: 'age', type: 'age', value: Date.parse('2024-05-10T09:00:00Z') }, now).text).toBe('3h');
    expect(displayProperty({ name: 'age', type: 'age', value: Date.parse('2024-05-10T11:59:30Z') / 1000 }, now).text).toBe('30s');
  });

  it('leaves out hidden and empty properties; headline ones first, each by order', () => {
    const shown = cardProperties([
      { name: 'a', text: 'x', order: 2 },
      { name: 'b', type: 'hidden', text: 'secret' },
      { name: 'c' },
      { name: 'd', value: 1, headline: true },
      { name: 'e', text: 'y', order: 1 },
    ]);
    expect(shown.map((p) => p.name)).toEqual(['d', 'e', 'a']);
  });
});

describe('ordering', () => {
  const at = (name: string, status: 'healthy' | 'unhealthy' | 'warning' | 'info' | 'unknown', extra = {}) => component({ name, status, ...extra });

  it('puts unhealthy first, then warning, healthy, info, unknown, whatever the order', () => {
    const list = [at('a', 'healthy'), at('b', 'unknown'), at('c', 'info'), at('d', 'warning'), at('e', 'unhealthy')];
    for (const order of ['asc', 'desc'] as const) expect(orderComponents(list, 'status', order).map((c) => c.name)).toEqual(['e', 'd', 'a', 'c', 'b']);
  });

  it('sorts a health by name, type, updated_at or a headline property, in the chosen direction; a missing value last', () => {
    const list = [
      at('b', 'healthy', { type: 'Y', updated_at: '2024-01-02T00:00:00Z', properties: [{ name: 'rps', value: 5, headline: true }] }),
      at('a', 'healthy', { type: 'Z', updated_at: '2024-01-03T00:00:00Z', properties: [] }),
      at('c', 'healthy', { type: 'X', updated_at: '2024-01-01T00:00:00Z', properties: [{ name: 'rps', value: 50, headline: true }] }),
    ];
    expect(orderComponents(list, 'name', 'asc').map((c) => c.name)).toEqual(['a', 'b', 'c']);
    expect(orderComponents(list, 'name', 'desc').map((c) => c.name)).toEqual(['c', 'b', 'a']);
    expect(orderComponents(list, 'type', 'asc').map((c) => c.name)).toEqual(['c', 'b', 'a']);
    expect(orderComponents(list, 'updated_at', 'desc').map((c) => c.name)).toEqual(['a', 'b', 'c']);
    expect(orderComponents(list, 'rps', 'desc').map((c) => c.name)).toEqual(['c', 'b', 'a']);
    expect(orderComponents(list, 'rps', 'asc').map((c) => c.name)).toEqual(['b', 'c', 'a']);
    expect(sortChoices(list, 'status').map((c) => c.label)).toEqual(['Health', 'Name', 'Type', 'Last Updated', 'rps']);
  });
});

describe('grid scope', () => {
  it('draws the roots without an id', () => {
    const roots = [component({ name: 'a' }), component({ name: 'b' })];
    expect(gridScope(answer(roots), undefined, false)).toMatchObject({ cards: roots, multiple: false, ancestors: [] });
  });

  it("draws a component's children, else the component; more than one is flagged", () => {
    const kid = component({ name: 'kid' });
    const parent = component({ id: 'p', name: 'parent', path: 'r.q', components: [kid] });
    expect(gridScope(answer([parent]), 'p', false)).toMatchObject({ cards: [kid], component: parent, ancestors: ['r', 'q'], multiple: false });
    const leaf = component({ id: 'p', name: 'leaf', components: [] });
    expect(gridScope(answer([leaf]), 'p', false).cards).toEqual([leaf]);
    expect(gridScope(answer([leaf, component({ name: 'x' })]), 'p', false).multiple).toBe(true);
  });

  it('reads the ancestors of a flat answer off a card path', () => {
    const flat = [component({ name: 'pod-1', path: 'r.p.d' }), component({ name: 'pod-2', path: 'r.p' })];
    expect(gridScope(answer(flat), 'p', true)).toMatchObject({ cards: flat, component: undefined, ancestors: ['r'], multiple: false });
  });
});

describe('topology query', () => {
  it('sends only what is set, and flat when a type is chosen', () => {
    expect(topologyKey(topologyQuery({ id: 'x', status: '', sortBy: 'status', sortOrder: 'asc' }))).toBe('/api/topology?id=x&sortBy=status&sortOrder=asc');
    expect(topologyQuery({ type: 'Pod,Node' })).toEqual({ type: 'Pod,Node', flatten: true });
    expect(topologyKey(topologyQuery({ labels: 'env=prod,team=a b' }))).toBe('/api/topology?labels=env%3Dprod%2Cteam%3Da+b');
    expect(topologyQuery({ agent_id: 'a1' })).toEqual({ agent_id: 'a1' });
  });
});

describe('summary lines', () => {
  const card = component({
    id: 'c1',
    name: 'svc',
    summary: {
      checks: { healthy: 1, unhealthy: 0, warning: 0, unknown: 0 },
      incidents: { technicalDebt: { High: 1, critical: 2 } },
      insights: { cost: { info: 1 } },
    },
  });

  it('links incidents and insights by type and severity', () => {
    const lines = summaryLines(card);
    expect(lines.map((l) => l.label)).toEqual(['Checks', 'Technical Debt', 'Cost']);
    expect(lines[1]).toMatchObject({ to: '/incidents?type=technicalDebt&component=c1' });
    expect(lines[1].counts.map((c) => [c.what, c.colour, c.to])).toEqual([
      ['critical', 'red', '/incidents?severity=critical&component=c1&type=technicalDebt'],
      ['High', 'orange', '/incidents?severity=High&component=c1&type=technicalDebt'],
    ]);
    expect(lines[2].counts[0]).toMatchObject({ colour: 'grey', to: '/catalog/insights?component=c1&type=cost&severity=info' });
  });

  it('leaves incidents out when that feature is off, insights when the catalogue is', () => {
    expect(summaryLines(card, { incidents: false, insights: true }).map((l) => l.kind)).toEqual(['checks', 'insights']);
    expect(summaryLines(card, { incidents: true, insights: false }).map((l) => l.kind)).toEqual(['checks', 'incidents']);
  });
});

describe('icons', () => {
  it('maps common icon names to the icon set, with a generic fallback', () => {
    expect(iconFor('postgres')).toBe(Database20Regular);
    expect(iconFor('postgresql')).toBe(Database20Regular);
    expect(iconFor('k8s-pod')).toBe(Cube20Regular);
    expect(iconFor('kubernetes')).toBe(ServerMultiple20Regular);
    expect(iconFor('http')).toBe(Globe20Regular);
    expect(iconFor('zzz-unknown')).toBe(AppGeneric20Regular);
    expect(iconFor(null)).toBe(AppGeneric20Regular);
  });
});
