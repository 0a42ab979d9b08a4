import {
  addCheck,
  checkGroups,
  authenticationOf,
  expressionOf,
  withAuthentication,
  expressionToStored,
  fieldProblem,
  formProblems,
  getPath,
  newCanaryModel,
  numberFromText,
  parseCanaryYaml,
  removeCheck,
  replaceCheck,
  secretOf,
  secretToStored,
  setPath,
  toCanaryInput,
  toYaml,
  withSecretSource,
  type CanaryModel,
} from './canaryDocument';

const model: CanaryModel = {
  name: 'web',
  namespace: 'prod',
  labels: [
    { key: 'team', value: 'ops' },
    { key: '', value: 'being typed' },
  ],
  spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://example.com' }] },
};

describe('canary document ⇄ form model', () => {
  it('writes the whole Canary document, leaving out label rows without a key', () => {
    const text = toYaml(model);
    expect(text.split('\n').filter(Boolean)).toEqual([
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      '  name: web',
      '  namespace: prod',
      '  labels:',
      '    team: ops',
      'spec:',
      "  schedule: '@every 1m'",
      '  http:',
      '    - name: home',
      // A URL may or may not be quoted; either is the same value.
      expect.stringMatching(/^ {6}url: '?https:\/\/example\.com'?$/),
    ]);
  });

  it('reads back what it wrote', () => {
    const parsed = parseCanaryYaml(toYaml(model));
    expect(parsed).toEqual({ ok: true, model: { ...model, labels: [{ key: 'team', value: 'ops' }] } });
  });

  it("defaults the namespace to 'default' and a missing spec to an empty object", () => {
    expect(parseCanaryYaml('metadata:\n  name: x\n')).toEqual({ ok: true, model: { name: 'x', namespace: 'default', labels: [], spec: {} } });
    expect(toCanaryInput({ ...newCanaryModel(), name: ' x ', namespace: ' ' })).toMatchObject({ name: 'x', namespace: 'default' });
  });

  it('reports a YAML syntax error with its line and column', () => {
    const result = parseCanaryYaml('metadata:\n  name: [unclosed\nspec: {}\n');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toMatch(/^YAML syntax error at line \d+, column \d+/);
      expect(result.error.line).toBeGreaterThan(1);
    }
  });

  it('refuses documents that are not Canary-shaped objects', () => {
    expect(parseCanaryYaml('- a\n- b\n')).toMatchObject({ ok: false, error: { message: expect.stringContaining('Canary object') } });
    expect(parseCanaryYaml('metadata: x\n')).toMatchObject({ ok: false, error: { message: expect.stringContaining('metadata') } });
    expect(parseCanaryYaml('spec: [1]\n')).toMatchObject({ ok: false, error: { message: 'spec: must be an object' } });
  });
});

describe('checks in a spec', () => {
  it('groups checks by type in the order of the registered types and ignores settings', () => {
    const spec = { schedule: '@hourly', tcp: [{ name: 't' }], http: [{ name: 'h1' }, { name: 'h2' }] };
    expect(checkGroups(spec, ['http', 'dns', 'tcp']).map((g) => [g.type, g.checks.length])).toEqual([
      ['http', 2],
      ['tcp', 1],
    ]);
  });

  it('adds, replaces and removes checks; an emptied list leaves the spec', () => {
    let spec: Record<string, unknown> = { schedule: '@hourly' };
    spec = addCheck(spec, 'dns');
    spec = addCheck(spec, 'dns', { name: 'second' });
    spec = replaceCheck(spec, 'dns', 0, { name: 'first', query: 'example.com' });
    expect(spec.dns).toEqual([{ name: 'first', query: 'example.com' }, { name: 'second' }]);
    spec = removeCheck(removeCheck(spec, 'dns', 0), 'dns', 0);
    expect(spec).toEqual({ schedule: '@hourly' });
  });
});

describe('field paths', () => {
  it('sets and clears nested fields without leaving empty objects', () => {
    const withRegex = setPath({ name: 'f' }, 'filter.regex', '\\.log$');
    expect(getPath(withRegex, 'filter.regex')).toBe('\\.log$');
    expect(setPath(withRegex, 'filter.regex', undefined)).toEqual({ name: 'f' });
  });
});

describe('field values', () => {
  it('keeps a number field that is not a number as typed, and flags it', () => {
    expect(numberFromText('250')).toBe(250);
    expect(numberFromText('')).toBeUndefined();
    expect(numberFromText('12ab')).toBe('12ab');
    expect(fieldProblem({ kind: 'number' }, '12ab')).toBe('This field must be a number');
    expect(fieldProblem({ kind: 'number' }, -1)).toBe('This field must be 0 or more');
    expect(fieldProblem({ kind: 'number', required: true }, undefined)).toBe('This field is required');
    expect(fieldProblem({ kind: 'text', required: true }, '  ')).toBe('This field is required');
    expect(fieldProblem({ kind: 'text', required: true }, 'x')).toBeNull();
  });

  it('reads the three secret sources and writes them back', () => {
    expect(secretOf('plain')).toEqual({ source: 'static', value: 'plain', name: '', key: '' });
    expect(secretOf({ value: 'v' })).toMatchObject({ source: 'static', value: 'v' });
    expect(secretOf({ valueFrom: { secretKeyRef: { name: 's', key: 'k' } } })).toEqual({ source: 'secret', value: '', name: 's', key: 'k' });
    expect(secretOf({ valueFrom: { configMapKeyRef: { name: 'c', key: 'k' } } })).toMatchObject({ source: 'configMap', name: 'c' });
    expect(secretToStored({ source: 'static', value: 'v', name: '', key: '' })).toEqual({ value: 'v' });
    expect(secretToStored({ source: 'static', value: '', name: '', key: '' })).toBeUndefined();
    expect(secretToStored({ source: 'configMap', value: '', name: 'c', key: 'k' })).toEqual({ valueFrom: { configMapKeyRef: { name: 'c', key: 'k' } } });
  });

  it('clears the other source when the source changes', () => {
    const fromSecret = withSecretSource({ source: 'secret', value: '', name: 's', key: 'k' }, 'static');
    expect(fromSecret).toEqual({ source: 'static', value: '', name: '', key: '' });
    expect(withSecretSource({ source: 'static', value: 'hunter2', name: '', key: '' }, 'configMap')).toEqual({
      source: 'configMap',
      value: '',
      name: '',
      key: '',
    });
  });

  it('reads and stores an expression under its language key (expr, javascript, jsonPath, template), bare strings as CEL', () => {
    expect(expressionOf({ expr: 'code == 200' })).toEqual({ language: 'cel', text: 'code == 200' });
    expect(expressionOf('code == 200')).toEqual({ language: 'cel', text: 'code == 200' });
    expect(expressionOf({ jsonPath: '$.status' })).toEqual({ language: 'jsonpath', text: '$.status' });
    expect(expressionOf({ template: '{{ .code }}' })).toEqual({ language: 'template', text: '{{ .code }}' });
    expect(expressionOf(undefined)).toEqual({ language: null, text: '' });
    expect(expressionToStored({ language: 'javascript', text: 'code === 200' })).toEqual({ javascript: 'code === 200' });
    expect(expressionToStored({ language: null, text: 'x' })).toBeUndefined();
  });

  it('sets authentication: None clears the credentials, NTLM and NTLMv2 set their flag, Basic neither', () => {
    const basic = { name: 'x', username: 'u', password: { value: 'p' } };
    expect(authenticationOf(basic)).toBe('Basic');
    expect(withAuthentication(basic, 'NTLMv2')).toEqual({ ...basic, ntlmv2: true });
    expect(authenticationOf(withAuthentication(basic, 'NTLM'))).toBe('NTLM');
    expect(withAuthentication({ ...basic, ntlm: true }, 'Basic')).toEqual(basic);
    expect(withAuthentication({ ...basic, ntlmv2: true }, 'None')).toEqual({ name: 'x' });
    expect(withAuthentication({ name: 'x' }, 'NTLM')).toEqual({ name: 'x', username: '', ntlm: true });
  });
});

describe('formProblems', () => {
  const types = [
    {
      id: 'http',
      label: 'HTTP',
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'url', label: 'URL', kind: 'text', required: true },
        { name: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number' },
      ],
    },
    { id: 'ldap', label: 'LDAP' },
  ];

  it('names the canary name and each missing or malformed field of the checks with a form', () => {
    const spec = {
      http: [
        { name: 'a', url: 'https://x' },
        { name: 'b', thresholdMillis: 'soon' },
      ],
      ldap: [{}],
    };
    expect(formProblems({ ...newCanaryModel(), spec }, types)).toEqual([
      'Name: This field is required',
      'HTTP check 2, URL: This field is required',
      'HTTP check 2, Threshold (ms): This field must be a number',
    ]);
  });

  it('then applies the shared canary rules with the registered types: a new type is accepted, an unknown one refused', () => {
    const model = { ...newCanaryModel(), name: 'web' };
    expect(formProblems({ ...model, spec: { ldap: [{ name: 'a' }, { name: 'a' }] } }, types)).toEqual(["spec.ldap[1].name: duplicate name 'a'"]);
    expect(formProblems({ ...model, spec: { fixture: [{ name: 'f' }] } }, types)).toEqual(["unknown check type 'fixture'; supported types: http, ldap"]);
    expect(formProblems({ ...model, spec: { fixture: [{ name: 'f' }] } }, [...types, { id: 'fixture', label: 'Fixture' }])).toEqual([]);
  });

  it('leaves out what the form cleared, and the objects that left empty, but keeps what was written empty', () => {
    const spec = { folder: [{ name: 'f', filter: { regex: undefined }, headers: {}, tags: [] }] };
    expect(toCanaryInput({ ...newCanaryModel(), name: 'x', spec }).spec).toEqual({ folder: [{ name: 'f', headers: {}, tags: [] }] });
  });
});
