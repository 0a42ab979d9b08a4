import type { CheckResult, CheckSpec } from '@contracts';
import { buildComponents, displayOf, lookupScope, type BuildDeps, type BuiltComponent, type LookupOutcome } from './component-builder';

/** A lookup call as the builder made it. */
interface Call {
  type: string;
  spec: CheckSpec;
  display: unknown;
}

/**
 * The builder's one dependency: runs a lookup entry. Here each entry names its answer in `answer` (the display's
 * value) or `fail` (why it failed); every call is recorded.
 */
function deps(): BuildDeps & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    async runLookup(type, spec, display): Promise<LookupOutcome> {
      calls.push({ type, spec, display });
      if (typeof spec.fail === 'string') return { ok: false, error: spec.fail };
      return { ok: true, value: spec.answer };
    },
  };
}
const byKey = (components: BuiltComponent[]) => new Map(components.map((c) => [c.key, c]));
const display = { expr: 'items' };

describe('buildComponents', () => {
  it('builds the root from the spec and keys every component by its path of names', async () => {
    const out = await buildComponents(
      'shop',
      { label: 'Shop', type: 'App', icon: 'cart', components: [{ name: 'api', components: [{ name: 'pods', type: 'Pod' }] }, { name: 'db' }] },
      deps(),
    );
    expect(out.errors).toEqual([]);
    expect(out.incomplete).toEqual([]);
    expect(out.components.map((c) => [c.key, c.parentKey, c.depth, c.name])).toEqual([
      ['root', null, 0, 'shop'],
      ['root/api', 'root', 1, 'api'],
      ['root/api/pods', 'root/api', 2, 'pods'],
      ['root/db', 'root', 1, 'db'],
    ]);
    expect(out.components[0]).toMatchObject({ title: 'Shop', type: 'App', icon: 'cart' });
  });

  it('keys by id or external_id when given, and keeps a duplicate name apart with a warning', async () => {
    const out = await buildComponents(
      'shop',
      { components: [{ name: 'api', id: 'svc-1' }, { name: 'api', external_id: 'svc-2' }, { name: 'web' }, { name: 'web' }, { name: 'web' }] },
      deps(),
    );
    expect(out.components.map((c) => c.key)).toEqual(['root', 'root/svc-1', 'root/svc-2', 'root/web', 'root/web#2', 'root/web#3']);
    expect(out.errors).toEqual([
      "component 'web' appears twice under the same parent; the second is kept as 'root/web#2'",
      "component 'web' appears twice under the same parent; the second is kept as 'root/web#3'",
    ]);
  });

  it('maps component fields: text fields, labels as text, own status (health wins), reason, hidden, logs', async () => {
    const out = await buildComponents(
      'shop',
      {
        components: [
          {
            name: 'api',
            label: 'API',
            text: 't',
            tooltip: 'desc',
            labels: { app: 'api', replicas: 3, nested: { no: 1 }, none: null },
            status: 'warning',
            health: 'unhealthy',
            statusReason: 'disk',
            hidden: true,
            logs: [{ name: 'app', backend: 'console', query: 'error', labels: { pod: 'a' } }, { backend: 'nameless' }],
          },
          { name: 'b', status: 'info', hidden: 'yes' },
          { name: 'c', health: 'unknown', status: 'bogus' },
        ],
      },
      deps(),
    );
    const [, api, b, c] = out.components;
    expect(api).toMatchObject({
      title: 'API',
      text: 't',
      description: 'desc',
      labels: { app: 'api', replicas: '3' },
      ownStatus: 'unhealthy',
      ownStatusReason: 'disk',
      hidden: true,
      logs: [{ name: 'app', backend: 'console', query: 'error', labels: { pod: 'a' } }],
    });
    expect(b).toMatchObject({ ownStatus: 'info', hidden: false });
    expect(c.ownStatus).toBeNull();
  });

  it('keeps properties’ known fields of the right type (numbers from numeric text), and http(s) links only', async () => {
    const out = await buildComponents(
      'shop',
      {
        components: [
          {
            name: 'api',
            properties: [
              {
                name: 'cpu',
                value: '800',
                max: 1000,
                unit: 'm',
                headline: true,
                type: 'gauge',
                color: 3,
                links: [{ url: 'javascript:x' }, { url: 'https://a', label: 'A' }],
              },
              { name: 'ver', text: 'v1', value: 'abc', order: 2 },
              { text: 'no name' },
            ],
          },
        ],
      },
      deps(),
    );
    expect(out.components[1].properties).toEqual([
      { name: 'cpu', value: 800, max: 1000, unit: 'm', color: '3', headline: true, links: [{ url: 'https://a', label: 'A' }] },
      { name: 'ver', text: 'v1', order: 2 },
    ]);
  });

  it('splits check entries into selectors (long and short form) and inline checks', async () => {
    const out = await buildComponents(
      'shop',
      {
        components: [
          { name: 'api', checks: [{ selector: { name: 'api-*' } }, { name: 'web', labelSelector: 'a=b' }, { inline: { http: [{ url: 'http://x' }] } }] },
        ],
      },
      deps(),
    );
    expect(out.components[1].checkSelectors).toEqual([{ name: 'api-*' }, { name: 'web', labelSelector: 'a=b' }]);
    expect(out.components[1].inlineChecks).toEqual([{ http: [{ url: 'http://x' }] }]);
  });

  describe('lookups', () => {
    it('makes a named component’s lookup results its children', async () => {
      const d = deps();
      const out = await buildComponents(
        'shop',
        { components: [{ name: 'pods', lookup: { catalog: [{ answer: [{ name: 'p1', type: 'Pod' }, 'p2'], display, timeout: '5s' }] } }] },
        d,
      );
      expect(out.components.map((c) => [c.key, c.parentKey, c.depth])).toEqual([
        ['root', null, 0],
        ['root/pods', 'root', 1],
        ['root/pods/p1', 'root/pods', 2],
        ['root/pods/p2', 'root/pods', 2],
      ]);
      // The entry runs as a check spec named after its type and position, without its display.
      expect(d.calls).toEqual([{ type: 'catalog', spec: { name: 'catalog-0', answer: [{ name: 'p1', type: 'Pod' }, 'p2'], timeout: '5s' }, display }]);
    });

    it('makes a nameless component’s lookup results siblings (children of its parent), at its level', async () => {
      const out = await buildComponents(
        'shop',
        { components: [{ name: 'api' }, { lookup: { http: [{ answer: [{ name: 'x' }, { name: 'y', components: [{ name: 'z' }] }], display }] } }] },
        deps(),
      );
      expect(out.components.map((c) => [c.key, c.parentKey, c.depth])).toEqual([
        ['root', null, 0],
        ['root/api', 'root', 1],
        ['root/x', 'root', 1],
        ['root/y', 'root', 1],
        ['root/y/z', 'root/y', 2],
      ]);
    });

    it('runs the spec’s own lookup under the root, and takes one object or a JSON text as the results', async () => {
      const out = await buildComponents(
        'shop',
        {
          lookup: {
            http: [
              { answer: { name: 'only' }, display },
              { answer: JSON.stringify([{ name: 'from-text' }]), display },
            ],
          },
        },
        deps(),
      );
      expect(out.components.map((c) => c.key)).toEqual(['root', 'root/only', 'root/from-text']);
    });

    it('skips results without a name, saying which', async () => {
      const out = await buildComponents(
        'shop',
        { components: [{ name: 'a', lookup: { http: [{ answer: [{ type: 'x' }, 5, { name: '' }, 'ok'], display }] } }] },
        deps(),
      );
      expect(out.components.map((c) => c.key)).toEqual(['root', 'root/a', 'root/a/ok']);
      expect(out.errors).toEqual([
        'spec.components[0].lookup.http[0]: result 0 has no name; skipped',
        'spec.components[0].lookup.http[0]: result 1 has no name; skipped',
        'spec.components[0].lookup.http[0]: result 2 has no name; skipped',
      ]);
      expect(out.incomplete).toEqual([]);
    });

    it('takes only data from results: no lookups, no inline checks, at any depth', async () => {
      const d = deps();
      const answer = [
        {
          name: 'svc',
          lookup: { exec: [{ script: 'touch /tmp/pwned', display }] },
          checks: [{ inline: { exec: [{ script: 'touch /tmp/pwned' }] } }, { selector: { name: 'svc-*' } }],
          components: [{ name: 'child', lookup: { exec: [{ script: 'x', display }] }, checks: [{ inline: { exec: [{ script: 'x' }] } }] }],
        },
      ];
      const out = await buildComponents('shop', { components: [{ name: 'a', lookup: { http: [{ answer, display }] } }] }, d);
      const built = byKey(out.components);
      expect(d.calls.map((c) => c.type)).toEqual(['http']);
      expect(built.get('root/a/svc')).toMatchObject({ inlineChecks: [], checkSelectors: [{ name: 'svc-*' }] });
      expect(built.get('root/a/svc/child')).toMatchObject({ inlineChecks: [], checkSelectors: [] });
    });

    it('never runs a property lookup that came from data', async () => {
      const d = deps();
      const answer = [
        { name: 'svc', properties: [{ name: 'owned', lookup: { exec: [{ script: 'touch /tmp/pwned' }] } }] },
        { name: 'deep', components: [{ name: 'child', properties: [{ name: 'p', lookup: { exec: [{ script: 'touch /tmp/pwned' }] } }] }] },
      ];
      const out = await buildComponents('shop', { components: [{ name: 'a', lookup: { http: [{ answer, display }] } }] }, d);
      expect(d.calls.map((c) => c.type)).toEqual(['http']);
      expect(byKey(out.components).get('root/a/svc')!.properties).toEqual([{ name: 'owned' }]);
      expect(byKey(out.components).get('root/a/deep/child')!.properties).toEqual([{ name: 'p' }]);
    });

    it('keeps inline checks of components written in the document', async () => {
      const out = await buildComponents('shop', { checks: [{ inline: { http: [{ url: 'http://root' }] } }], components: [{ name: 'a' }] }, deps());
      expect(out.components[0].inlineChecks).toEqual([{ http: [{ url: 'http://root' }] }]);
    });

    it('marks the key incomplete when a lookup fails, dropping all of that component’s lookup results', async () => {
      const out = await buildComponents(
        'shop',
        {
          components: [
            {
              name: 'pods',
              lookup: {
                http: [
                  { answer: [{ name: 'kept-out' }], display },
                  { fail: 'connection refused', display },
                ],
              },
              components: [{ name: 'static' }],
            },
            { name: 'ok', lookup: { http: [{ answer: [{ name: 'x' }], display }] } },
          ],
        },
        deps(),
      );
      expect(out.components.map((c) => c.key)).toEqual(['root', 'root/pods', 'root/pods/static', 'root/ok', 'root/ok/x']);
      expect(out.incomplete).toEqual(['root/pods']);
      expect(out.errors).toEqual(['spec.components[0].lookup.http[1]: connection refused']);
    });

    it('marks the parent incomplete for a nameless component’s failed lookup, and a bad display value as failed', async () => {
      const out = await buildComponents(
        'shop',
        { components: [{ name: 'api' }, { lookup: { http: [{ answer: 42, display }] } }, { lookup: { http: [{ answer: null, display }] } }] },
        deps(),
      );
      expect(out.incomplete).toEqual(['root', 'root']);
      expect(out.errors).toEqual([
        'spec.components[1].lookup.http[0].display: must return a list of components (objects with a name), not number',
        'spec.components[2].lookup.http[0].display: must return a list of components (objects with a name), not null',
      ]);
    });

    it('stops at the run cap of components', async () => {
      const answer = Array.from({ length: 60_000 }, (_, i) => `c${i}`);
      const out = await buildComponents('shop', { components: [{ name: 'many', lookup: { http: [{ answer, display }] } }] }, deps());
      expect(out.components).toHaveLength(50_000);
    });
  });

  describe('property lookups', () => {
    const withProperty = (property: Record<string, unknown>) => ({ components: [{ name: 'api', properties: [{ name: 'p', unit: 'ms', ...property }] }] });

    it('sets a number (or numeric text) as the value, other text as the text', async () => {
      for (const [answer, expected] of [
        [42, { value: 42 }],
        ['17.5', { value: 17.5 }],
        ['v1.2', { text: 'v1.2' }],
        ['  ', { text: '  ' }],
      ] as const) {
        const d = deps();
        const out = await buildComponents('shop', withProperty({ lookup: { http: [{ answer, display }] } }), d);
        expect(out.components[1].properties).toEqual([{ name: 'p', unit: 'ms', ...expected }]);
        expect(d.calls).toEqual([{ type: 'http', spec: { name: 'api-p', answer }, display }]);
      }
    });

    it('takes an object’s known fields, keeping the property’s name', async () => {
      const out = await buildComponents(
        'shop',
        withProperty({ lookup: { http: [{ answer: { name: 'other', value: '3', max: 10, color: 'red', bogus: 1 } }] } }),
        deps(),
      );
      expect(out.components[1].properties).toEqual([{ name: 'p', unit: 'ms', value: 3, max: 10, color: 'red' }]);
    });

    it('runs the first entry only, and reports a failure without marking anything incomplete', async () => {
      const d = deps();
      const out = await buildComponents('shop', withProperty({ lookup: { http: [{ fail: 'boom' }, { answer: 5 }] } }), d);
      expect(d.calls).toHaveLength(1);
      expect(out.components[1].properties).toEqual([{ name: 'p', unit: 'ms' }]);
      expect(out.errors).toEqual(['spec.components[0].properties[0].lookup: boom']);
      expect(out.incomplete).toEqual([]);
    });
  });
});

describe('lookupScope and displayOf', () => {
  it('exposes the details at the top and under details, with the outcome', () => {
    const result: CheckResult = { pass: false, invalid: false, duration: 12, message: 'm', error: 'e', details: { rows: [1], count: 1 } };
    expect(lookupScope(result)).toEqual({ rows: [1], count: 1, details: { rows: [1], count: 1 }, duration: 12, pass: false, message: 'm', error: 'e' });
    expect(lookupScope({ ...result, error: null }).error).toBe('');
  });

  it('reads the display expression, or null', () => {
    expect(displayOf({ expr: 'rows' })).toEqual({ language: 'cel', source: 'rows' });
    expect(displayOf({ jsonPath: '$.json' })).toEqual({ language: 'jsonpath', source: '$.json' });
    expect(displayOf('rows')).toEqual({ language: 'cel', source: 'rows' });
    expect(displayOf(undefined)).toBeNull();
    expect(displayOf({ expr: 'a', jsonPath: 'b' })).toBeNull();
  });
});
