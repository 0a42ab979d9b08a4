import { loadUserYaml } from '@gateway/core/documents';
import {
  MAX_COMPONENT_DEPTH,
  MAX_STATIC_COMPONENTS,
  TopologyDocumentError,
  parseTopologyYaml,
  topologyYaml,
  validateTopology,
  type TopologyCheckTypes,
} from './topology-document';

/**
 * The check types a gateway registers, as the document validator sees them: each type's own validation and whether
 * it runs code. `exec` runs code; the others each require one field, as their plugins do.
 */
const types: TopologyCheckTypes = {
  ids: ['catalog', 'exec', 'http'],
  find: (type) =>
    ({
      catalog: { validate: (spec: Record<string, unknown>) => (spec.selector === undefined ? ['selector: required'] : []) },
      http: { validate: (spec: Record<string, unknown>) => (typeof spec.url === 'string' ? [] : ['url: required']) },
      exec: { runsCode: true, validate: (spec: Record<string, unknown>) => (typeof spec.script === 'string' ? [] : ['script: required']) },
    })[type] as ReturnType<TopologyCheckTypes['find']>,
};

/** The problems of a spec that must not validate (fails the test when it does). */
const problemsOf = (input: Parameters<typeof validateTopology>[0]): string[] => {
  try {
    validateTopology(input, types);
  } catch (error) {
    expect(error).toBeInstanceOf(TopologyDocumentError);
    return (error as TopologyDocumentError).problems;
  }
  throw new Error('expected the document to be refused');
};
const yamlProblems = (text: string): string[] => {
  try {
    parseTopologyYaml(text, types);
  } catch (error) {
    expect(error).toBeInstanceOf(TopologyDocumentError);
    return (error as TopologyDocumentError).problems;
  }
  throw new Error('expected the document to be refused');
};
const spec = (components: unknown[], extra: Record<string, unknown> = {}) => ({ name: 'shop', spec: { components, ...extra } });

describe('parseTopologyYaml', () => {
  const good = `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: shop
  namespace: prod
  labels: {team: sre}
spec:
  schedule: '@every 10m'
  icon: cart
  components:
    - name: api
      properties: [{name: cpu, value: 5, max: 10, headline: true, links: [{url: 'https://x.example/a'}]}]
      checks: [{selector: {name: api-*}}, {name: 'web-*', labelSelector: 'app=web'}]
      configs: [{types: [Kubernetes::Pod], tagSelector: 'cluster=prod'}]
      selectors: [{labelSelector: 'tier in (db)'}]
      logs: [{name: app, backend: console, query: error}]
      owner: ignored-field-users-bring
`;

  it('reads a valid document', () => {
    const parsed = parseTopologyYaml(good, types);
    expect(parsed).toMatchObject({ name: 'shop', namespace: 'prod', labels: { team: 'sre' }, schedule: '@every 10m', codeTypes: [] });
    expect((parsed.spec.components as { name: string }[])[0].name).toBe('api');
  });

  it('defaults the namespace and the schedule', () => {
    const parsed = parseTopologyYaml('metadata: {name: shop}\nspec:\n  components: [{name: a}]\n', types);
    expect(parsed).toMatchObject({ namespace: 'default', schedule: '@every 5m', labels: {} });
  });

  it('refuses what is not a Topology document', () => {
    expect(yamlProblems('- a\n- b\n')).toEqual(['the document must be a Topology object']);
    expect(yamlProblems('metadata: [x]\nspec: {components: []}\n')).toEqual(['metadata: must be an object']);
    expect(yamlProblems('apiVersion: v1\nkind: Canary\nmetadata: {name: shop}\nspec: {components: [{name: a}]}\n')).toEqual([
      'apiVersion: must be canaries.flanksource.com/v1',
      'kind: must be Topology',
    ]);
    expect(yamlProblems('a: [unclosed\n')).toHaveLength(1);
  });

  it('names metadata fields with their prefix', () => {
    expect(yamlProblems('metadata: {namespace: Bad_NS, labels: {a: 1}}\nspec: {components: [{name: a}]}\n')).toEqual([
      'metadata.name: required',
      "metadata.namespace: use lowercase letters, digits, '-' and '.'",
      'metadata.labels: must map names to text',
    ]);
  });

  it('round-trips through topologyYaml', () => {
    const parsed = parseTopologyYaml(good, types);
    const text = topologyYaml(parsed);
    expect(loadUserYaml(text)).toEqual({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: 'shop', namespace: 'prod', labels: { team: 'sre' } },
      spec: parsed.spec,
    });
    expect(parseTopologyYaml(text, types)).toEqual(parsed);
    // No labels: no labels key.
    expect(topologyYaml({ name: 'a', namespace: 'default', labels: {}, spec: { components: [] } })).not.toContain('labels');
    expect(topologyYaml({ name: 'a', namespace: 'default', labels: null, spec: { components: [] } })).not.toContain('labels');
  });
});

describe('validateTopology: every problem, each naming its field', () => {
  it('checks the name, namespace and labels', () => {
    expect(problemsOf({ name: '', spec: { components: [] } })).toEqual(['name: required']);
    expect(problemsOf({ name: 'Shop', spec: { components: [] } })).toEqual(["name: use lowercase letters, digits, '-' and '.' (at most 253)"]);
    expect(problemsOf({ name: 'a'.repeat(254), spec: { components: [] } })).toEqual(["name: use lowercase letters, digits, '-' and '.' (at most 253)"]);
    expect(problemsOf({ name: 'shop', namespace: '', labels: ['x'], spec: { components: [] } })).toEqual([
      "namespace: use lowercase letters, digits, '-' and '.'",
      'labels: must map names to text',
    ]);
  });

  it('needs a spec with components or a lookup', () => {
    expect(problemsOf({ name: 'shop' })).toEqual(['spec: required (an object with components)']);
    expect(problemsOf({ name: 'shop', spec: {} })).toEqual(['spec.components: add at least one component (or a lookup)']);
    expect(() => validateTopology({ name: 'shop', spec: { lookup: { catalog: [{ selector: {}, display: { expr: 'items' } }] } } }, types)).not.toThrow();
  });

  it('checks the schedule against the minimum interval', () => {
    expect(problemsOf(spec([{ name: 'a' }], { schedule: '@every 10s' }))).toEqual(["spec.schedule: '@every 10s': the minimum interval is 1m"]);
    expect(problemsOf(spec([{ name: 'a' }], { schedule: 5 }))).toEqual(['spec.schedule: must be text']);
    expect(problemsOf(spec([{ name: 'a' }], { schedule: 'whenever' }))).toEqual([expect.stringMatching(/^spec\.schedule: .+/)]);
    expect(validateTopology(spec([{ name: 'a' }], { schedule: ' 0 * * * * ' }), types).schedule).toBe('0 * * * *');
    expect(validateTopology(spec([{ name: 'a' }], { schedule: '' }), types).schedule).toBe('@every 5m');
  });

  it('checks component fields', () => {
    const problems = problemsOf(
      spec([
        { type: 'Service' },
        {
          name: ' ',
          colour: 'red',
          type: 3,
          labels: { a: 1 },
          status: 'great',
          health: 'info',
          hidden: 'yes',
          components: 'x',
          checks: {},
          logs: [{ backend: 1, labels: 'x' }, 'x'],
        },
        { name: 'x'.repeat(256), schedule: '@every 1h' },
        'text',
      ]),
    );
    expect(problems).toEqual([
      'spec.components[0].name: required (or a lookup whose results are the components)',
      expect.stringMatching(/^spec\.components\[1\]\.colour: unknown field \(known: name, id, external_id, .*, components\)$/),
      'spec.components[1].name: text of 1 to 255 characters',
      'spec.components[1].type: must be text',
      'spec.components[1].labels: must map names to text',
      'spec.components[1].status: one of healthy, unhealthy, warning, info, unknown',
      'spec.components[1].health: one of healthy, unhealthy, warning, unknown',
      'spec.components[1].hidden: true or false',
      'spec.components[1].checks: must be a list',
      'spec.components[1].logs[0].name: required',
      'spec.components[1].logs[0].backend: must be text',
      'spec.components[1].logs[0].labels: must map names to text',
      'spec.components[1].logs[1]: must be an object',
      'spec.components[1].components: must be a list',
      // `schedule` belongs to the spec (the root) only.
      expect.stringMatching(/^spec\.components\[2\]\.schedule: unknown field/),
      'spec.components[2].name: text of 1 to 255 characters',
      'spec.components[3]: must be an object',
    ]);
  });

  it('checks properties', () => {
    const problems = problemsOf(
      spec([
        {
          name: 'a',
          properties: [
            {
              name: 'p',
              type: 'gauge',
              value: '5',
              max: 'x',
              headline: 'yes',
              unit: 3,
              links: [{ url: 'javascript:alert(1)' }, { url: 'https://ok' }],
              extra: 1,
            },
            { value: 1 },
            { name: 'q', lookup: { nosuch: [{}] } },
          ],
        },
      ]),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^spec\.components\[0\]\.properties\[0\]\.extra: unknown field \(known: name, label, type/),
      'spec.components[0].properties[0].type: one of url, currency, text, age, hidden',
      'spec.components[0].properties[0].value: must be a number',
      'spec.components[0].properties[0].max: must be a number',
      'spec.components[0].properties[0].unit: must be text',
      'spec.components[0].properties[0].headline: true or false',
      'spec.components[0].properties[0].links[0].url: an http(s) address',
      'spec.components[0].properties[1].name: required',
      "spec.components[0].properties[2].lookup.nosuch: unknown check type 'nosuch' (known: catalog, exec, http)",
    ]);
  });

  it('checks check entries and selectors', () => {
    const problems = problemsOf(
      spec([
        {
          name: 'a',
          checks: [
            { selector: 'x' },
            { selector: {} },
            { selector: { name: 'a', bogus: 1, types: 'Service', labelSelector: 'a in b', namespace: 3 } },
            { inline: 'x' },
            { inline: { http: [{ name: 'a' }, { name: 'a', url: 'http://x' }, {}], exec: {} } },
            { name: 'api-*', labelSelector: 5 },
            { inline: {}, selector: {} },
            { name: '*'.repeat(9) },
          ],
          configs: [{}, { tagSelector: '!' }],
          selectors: [{ agent: 1 }],
        },
      ]),
    );
    expect(problems).toEqual([
      'spec.components[0].checks[0].selector: must be an object',
      'spec.components[0].checks[1].selector: give name, namespace, types or labelSelector',
      expect.stringMatching(/^spec\.components\[0\]\.checks\[2\]\.selector\.bogus: unknown field \(known: name, namespace, types/),
      'spec.components[0].checks[2].selector.namespace: must be text',
      'spec.components[0].checks[2].selector.types: a list of types',
      "spec.components[0].checks[2].selector.labelSelector: 'a in b' is not a valid requirement (k=v, k!=v, k, !k, k in (a,b), k notin (a,b))",
      'spec.components[0].checks[3].inline: an object with one list per check type (catalog, exec, http)',
      'spec.components[0].checks[4].inline.exec: must be a list',
      'spec.components[0].checks[4].inline.http[0].url: required',
      "spec.components[0].checks[4].inline.http[1].name: duplicate name 'a'",
      'spec.components[0].checks[4].inline.http[2].name: required',
      'spec.components[0].checks[5].labelSelector: must be text',
      "spec.components[0].checks[6]: give 'inline' (checks this topology runs) or 'selector' (existing checks)",
      "spec.components[0].checks[7].name: at most 8 '*' wildcards",
      'spec.components[0].configs[0]: give name, namespace, types or labelSelector',
      expect.stringMatching(/^spec\.components\[0\]\.configs\[1\]\.tagSelector: '!' is not a valid requirement/),
      'spec.components[0].selectors[0].agent: unknown field (known: name, namespace, types, type, labelSelector, tagSelector)',
    ]);
  });

  it('holds inline checks to the canary’s rules: settings allowed, a bad schedule or an unknown key refused', () => {
    const inline = (value: unknown) => spec([{ name: 'a', checks: [{ inline: value }] }]);
    expect(() => validateTopology(inline({ schedule: '@every 1m', owner: 'sre', http: [{ name: 'p', url: 'http://x' }] }), types)).not.toThrow();
    expect(problemsOf(inline({ schedule: 'whenever', http: [{ name: 'p', url: 'http://x' }] }))).toEqual([
      expect.stringMatching(/^spec\.components\[0\]\.checks\[0\]\.inline: invalid schedule: .+/),
    ]);
    expect(problemsOf(inline({ nosuch: [] }))).toEqual([
      "spec.components[0].checks[0].inline: unknown check type 'nosuch'; supported types: catalog, exec, http",
    ]);
    expect(problemsOf(inline({ owner: 'sre' }))).toEqual([
      'spec.components[0].checks[0].inline: at least one check is required (supported types: catalog, exec, http)',
    ]);
  });

  it('checks lookups: a known type, a list of objects, the type’s own validation and a display', () => {
    const problems = problemsOf(
      spec([
        {
          lookup: {
            http: [
              { url: 'http://x' },
              { display: { expr: 'json' } },
              'x',
              { url: 'http://y', display: { expr: 'a', jsonPath: '$' } },
              { url: 'http://z', display: 5 },
            ],
            catalog: 'x',
          },
        },
        { name: 'b', lookup: {} },
        { name: 'c', lookup: [] },
      ]),
    );
    expect(problems).toEqual([
      'spec.components[0].lookup.http[0].display: required: an expression (expr, javascript, jsonPath, template) whose result is the list of components',
      'spec.components[0].lookup.http[1].url: required',
      'spec.components[0].lookup.http[2]: must be an object',
      'spec.components[0].lookup.http[3].display: holds expr and jsonPath: give one of them',
      'spec.components[0].lookup.http[4].display: must be an expression ({expr}, {javascript}, {jsonPath} or {template})',
      'spec.components[0].lookup.catalog: must be a list',
      'spec.components[1].lookup: an object with one list per check type (catalog, exec, http)',
      'spec.components[2].lookup: an object with one list per check type (catalog, exec, http)',
    ]);
    // A property lookup needs no display (the check's details are the value), an inline check never does.
    expect(() =>
      validateTopology(
        spec([
          { name: 'a', properties: [{ name: 'p', lookup: { http: [{ url: 'http://x' }] } }], checks: [{ inline: { http: [{ name: 'x', url: 'http://x' }] } }] },
        ]),
        types,
      ),
    ).not.toThrow();
  });

  it('caps nesting depth', () => {
    const nest = (levels: number): Record<string, unknown> => (levels === 0 ? { name: 'leaf' } : { name: `l${levels}`, components: [nest(levels - 1)] });
    // The spec is level 0; MAX_COMPONENT_DEPTH levels of components below it are fine.
    expect(() => validateTopology({ name: 'shop', spec: nest(MAX_COMPONENT_DEPTH) }, types)).not.toThrow();
    const problems = problemsOf({ name: 'shop', spec: nest(MAX_COMPONENT_DEPTH + 1) });
    expect(problems).toEqual([`spec${'.components[0]'.repeat(MAX_COMPONENT_DEPTH)}.components: components nest at most ${MAX_COMPONENT_DEPTH} levels deep`]);
  });

  it('caps the components written by hand, saying so once', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}` }));
    expect(() => validateTopology(spec(many(MAX_STATIC_COMPONENTS)), types)).not.toThrow();
    expect(problemsOf(spec(many(MAX_STATIC_COMPONENTS + 5)))).toEqual([
      `spec.components[${MAX_STATIC_COMPONENTS}]: a topology writes at most ${MAX_STATIC_COMPONENTS} components by hand (use a lookup)`,
    ]);
    // Counted across levels.
    const split = [
      { name: 'a', components: many(MAX_STATIC_COMPONENTS / 2) },
      { name: 'b', components: many(MAX_STATIC_COMPONENTS / 2) },
    ];
    expect(problemsOf(spec(split))).toEqual([
      `spec.components[1].components[${MAX_STATIC_COMPONENTS / 2 - 2}]: a topology writes at most 2000 components by hand (use a lookup)`,
    ]);
  });
});

describe('validateTopology: codeTypes (the exec rule)', () => {
  it('is empty without code-running types', () => {
    expect(validateTopology(spec([{ name: 'a', lookup: { http: [{ url: 'http://x', display: { expr: 'json' } }] } }]), types).codeTypes).toEqual([]);
  });

  it.each([
    ['a component lookup', spec([{ lookup: { exec: [{ script: 'echo []', display: { expr: 'stdout' } }] } }])],
    ['the spec’s own lookup', { name: 'shop', spec: { lookup: { exec: [{ script: 'echo []', display: { expr: 'stdout' } }] } } }],
    ['a property lookup', spec([{ name: 'a', properties: [{ name: 'p', lookup: { exec: [{ script: 'echo 1' }] } }] }])],
    ['an inline check', spec([{ name: 'a', checks: [{ inline: { exec: [{ name: 'x', script: 'true' }] } }] }])],
    [
      'a deep inline check',
      spec([
        { name: 'a', components: [{ name: 'b', checks: [{ inline: { http: [{ name: 'x', url: 'http://x' }], exec: [{ name: 'y', script: 'true' }] } }] }] },
      ]),
    ],
  ])('names exec from %s', (_what, input) => {
    expect(validateTopology(input, types).codeTypes).toEqual(['exec']);
  });
});
