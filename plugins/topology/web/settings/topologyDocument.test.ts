import { parse } from 'yaml';
import { MIN_TOPOLOGY_EVERY_MS, TOPOLOGY_API_VERSION, TOPOLOGY_KIND } from '@contracts';
import { REQUIRED_MESSAGE } from '@web/core/forms/fieldValues';
import {
  NAME_FORMAT_MESSAGE,
  SCHEDULE_TOO_FAST_MESSAGE,
  addStarter,
  everyMs,
  newTopologyModel,
  parseTopologyYaml,
  toTopologyYaml,
  topologyFormProblems,
} from './topologyDocument';
import { TOPOLOGY_STARTERS } from './topologyStarters';

const EXPRESSION_KEYS = ['expr', 'javascript', 'jsonPath', 'template'];

/** Every lookup entry of a component tree, with where it is. */
function lookups(components: Record<string, unknown>[], at = 'spec.components'): { at: string; type: string; entry: Record<string, unknown> }[] {
  return components.flatMap((component, index) => {
    const here = `${at}[${index}]`;
    const own = Object.entries((component.lookup ?? {}) as Record<string, Record<string, unknown>[]>).flatMap(([type, entries]) =>
      entries.map((entry) => ({ at: `${here}.lookup.${type}`, type, entry })),
    );
    return [...own, ...lookups((component.components ?? []) as Record<string, unknown>[], `${here}.components`)];
  });
}

describe('topology starters', () => {
  it.each(TOPOLOGY_STARTERS.map((starter) => [starter.label, starter] as const))('%s is a whole Topology document that reads back as written', (_, starter) => {
    const { document } = starter;
    expect(document).toMatchObject({ apiVersion: TOPOLOGY_API_VERSION, kind: TOPOLOGY_KIND, metadata: { namespace: 'default' } });
    expect(document.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    expect(everyMs(document.spec.schedule)).toBeGreaterThanOrEqual(MIN_TOPOLOGY_EVERY_MS);
    expect(document.spec.components.length).toBeGreaterThan(0);
    for (const component of document.spec.components)
      expect(component).toEqual(expect.objectContaining({ name: expect.any(String), type: expect.any(String) }));
    for (const { at, entry } of lookups(document.spec.components)) {
      expect([at, typeof entry.name]).toEqual([at, 'string']);
      // One expression language per display, as the check expression fields take it.
      expect([at, Object.keys(entry.display as object).filter((key) => EXPRESSION_KEYS.includes(key))]).toEqual([at, [expect.any(String)]]);
    }
    // Through the editor's own YAML and back: what the Code tab shows is what the starter says.
    const model = { ...newTopologyModel(), name: document.metadata.name, spec: addStarter(newTopologyModel().spec, starter.id) };
    const text = toTopologyYaml(model);
    expect(parse(text)).toEqual({ ...document, metadata: { name: document.metadata.name, namespace: 'default' } });
    expect(parseTopologyYaml(text)).toEqual({ ok: true, model });
  });

  it('mark the script-running starter as needing write on exec', () => {
    const needs = TOPOLOGY_STARTERS.filter((starter) => starter.savePermission).map((starter) => [starter.id, starter.savePermission]);
    expect(needs).toEqual([['exec', { resource: 'exec', action: 'write' }]]);
    const execLookups = TOPOLOGY_STARTERS.flatMap((starter) =>
      lookups(starter.document.spec.components)
        .filter((l) => l.type === 'exec')
        .map(() => starter.id),
    );
    expect(execLookups).toEqual(['exec']);
  });
});

describe('addStarter', () => {
  it("keeps the topology's schedule, icon and type, appends the components and numbers a repeated name", () => {
    const spec = { schedule: '@hourly', icon: 'shop', components: [{ name: 'Services', type: 'Mine' }] };
    const next = addStarter(spec, 'catalog');
    expect(next).toMatchObject({ schedule: '@hourly', icon: 'shop', type: 'Application' });
    expect((next.components as { name: string }[]).map((c) => c.name)).toEqual(['Services', 'Services 2']);
    expect(spec.components).toHaveLength(1);
  });

  it('leaves the starter as written when the model changes', () => {
    const next = addStarter({}, 'static') as { components: { name: string }[] };
    next.components[0].name = 'changed';
    expect(TOPOLOGY_STARTERS.find((s) => s.id === 'static')!.document.spec.components[0].name).toBe('Checkout');
  });

  it('ignores an unknown starter', () => {
    const spec = { schedule: '@daily' };
    expect(addStarter(spec, 'nope')).toBe(spec);
  });
});

describe('the form rules', () => {
  it('reads @every durations as the gateway does and leaves cron and macros to it', () => {
    expect(everyMs('@every 30s')).toBe(30_000);
    expect(everyMs('@every 1h30m')).toBe(5_400_000);
    expect(everyMs('@every 5x')).toBeNull();
    expect(everyMs('@hourly')).toBeNull();
    expect(everyMs('*/5 * * * *')).toBeNull();
  });

  it('needs a Kubernetes-style name and namespace, and a schedule no faster than a minute', () => {
    expect(topologyFormProblems(newTopologyModel())).toEqual([{ path: 'name', where: 'Name', message: REQUIRED_MESSAGE }]);
    for (const name of ['Shop', 'shop platform', '-shop', 'shop.', 'a'.repeat(254)])
      expect([name, topologyFormProblems({ ...newTopologyModel(), name })]).toEqual([name, [{ path: 'name', where: 'Name', message: NAME_FORMAT_MESSAGE }]]);
    expect(topologyFormProblems({ ...newTopologyModel(), name: 'shop-platform.eu1' })).toEqual([]);
    const model = { ...newTopologyModel(), name: 'x', namespace: ' ', spec: { schedule: '@every 30s' } };
    expect(topologyFormProblems(model).map((p) => [p.path, p.message])).toEqual([
      ['namespace', REQUIRED_MESSAGE],
      ['spec.schedule', SCHEDULE_TOO_FAST_MESSAGE],
    ]);
    expect(topologyFormProblems({ ...model, namespace: 'default', spec: { schedule: '@every 1m' } })).toEqual([]);
    expect(topologyFormProblems({ ...model, namespace: 'default', spec: {} })).toEqual([]);
  });
});
