import type { ComponentProperty, TopologyComponent } from '@contracts';
import { sortComponents } from './topology-query.service';

type Row = Pick<TopologyComponent, 'name' | 'type' | 'status' | 'updated_at' | 'properties'>;
const row = (name: string, status: TopologyComponent['status'], extra: Partial<Row> = {}): Row => ({
  name,
  status,
  type: null,
  updated_at: '2024-01-01T00:00:00.000Z',
  properties: [],
  ...extra,
});
const names = (list: Row[]) => list.map((c) => c.name);
const prop = (name: string, fields: Partial<ComponentProperty>): ComponentProperty[] => [{ name, ...fields }];

describe('sortComponents', () => {
  const mixed = [row('h', 'healthy'), row('u', 'unknown'), row('x', 'unhealthy'), row('i', 'info'), row('w', 'warning'), row('n', null)];

  it('status descending is worst first: unhealthy, warning, healthy, info, unknown (absent as unknown)', () => {
    expect(names(sortComponents(mixed, 'status', 'desc'))).toEqual(['x', 'w', 'h', 'i', 'n', 'u']);
  });

  it('status ascending is the reverse order of health', () => {
    expect(names(sortComponents(mixed, 'status', 'asc'))).toEqual(['n', 'u', 'i', 'h', 'w', 'x']);
  });

  it('breaks ties by name', () => {
    expect(names(sortComponents([row('b', 'healthy'), row('a', 'healthy'), row('c', 'unhealthy')], 'status', 'desc'))).toEqual(['c', 'a', 'b']);
  });

  it('sorts by name case-insensitively and by type, ties in health order', () => {
    expect(names(sortComponents([row('beta', 'healthy'), row('Alpha', 'healthy'), row('gamma', 'healthy')], 'name', 'asc'))).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
    expect(names(sortComponents([row('beta', 'healthy'), row('Alpha', 'healthy'), row('gamma', 'healthy')], 'name', 'desc'))).toEqual([
      'gamma',
      'beta',
      'Alpha',
    ]);
    const typed = [row('a', 'healthy', { type: 'Service' }), row('b', 'unhealthy', { type: 'service' }), row('c', 'healthy', { type: 'Database' })];
    expect(names(sortComponents(typed, 'type', 'asc'))).toEqual(['c', 'b', 'a']);
  });

  it('sorts by updated_at to the millisecond, as text or as the Date the database driver gives', () => {
    const at = (ms: number) => new Date(Date.UTC(2024, 0, 1, 12, 0, 0, ms));
    const asText = [row('late', 'healthy', { updated_at: at(900).toISOString() }), row('early', 'healthy', { updated_at: at(100).toISOString() })];
    expect(names(sortComponents(asText, 'updated_at', 'asc'))).toEqual(['early', 'late']);
    // node-postgres answers timestamptz columns as Date objects.
    const asDates = [
      row('a-late', 'healthy', { updated_at: at(900) as unknown as string }),
      row('b-early', 'healthy', { updated_at: at(100) as unknown as string }),
    ];
    expect(names(sortComponents(asDates, 'updated_at', 'asc'))).toEqual(['b-early', 'a-late']);
    expect(names(sortComponents(asDates, 'updated_at', 'desc'))).toEqual(['a-late', 'b-early']);
  });

  it('sorts by a property: its value, else its text; components without it last in both orders', () => {
    const list = [
      row('none', 'healthy'),
      row('ten', 'healthy', { properties: prop('cpu', { value: 10 }) }),
      row('two', 'healthy', { properties: prop('cpu', { value: 2 }) }),
      row('empty', 'healthy', { properties: prop('cpu', {}) }),
      row('hundred', 'healthy', { properties: prop('cpu', { value: 100, text: 'a' }) }),
    ];
    // Numbers compare as numbers (2 < 10 < 100), not as text.
    expect(names(sortComponents(list, 'cpu', 'asc'))).toEqual(['two', 'ten', 'hundred', 'empty', 'none']);
    expect(names(sortComponents(list, 'cpu', 'desc'))).toEqual(['hundred', 'ten', 'two', 'empty', 'none']);
    const texts = [
      row('b', 'healthy', { properties: prop('version', { text: 'v2' }) }),
      row('a', 'healthy', { properties: prop('version', { text: 'V1' }) }),
      row('c', 'healthy'),
    ];
    expect(names(sortComponents(texts, 'version', 'asc'))).toEqual(['a', 'b', 'c']);
    expect(names(sortComponents(texts, 'version', 'desc'))).toEqual(['b', 'a', 'c']);
  });

  it('does not change the list it was given', () => {
    const list = [row('b', 'healthy'), row('a', 'unhealthy')];
    sortComponents(list, 'name', 'asc');
    expect(names(list)).toEqual(['b', 'a']);
  });
});
