import { canarySpecRules, validateCanaryDocument, validateCanaryParts, type CanarySpecRules } from './canary-spec';

const rules: CanarySpecRules = { knownTypes: ['http', 'tcp'] };
const problemsOf = (result: ReturnType<typeof validateCanaryParts>) => (result.ok ? [] : result.problems);

describe('the canary schema both sides run', () => {
  it('accepts a document with its checks, defaulting the namespace and reading interval as a schedule', () => {
    const result = validateCanaryDocument(
      {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: ' web ' },
        spec: { interval: 30, http: [{ name: 'home', url: 'https://x' }] },
      },
      rules,
    );
    expect(result).toMatchObject({
      ok: true,
      canary: { name: 'web', namespace: 'default', schedule: '@every 30s', checks: [{ type: 'http', name: 'home', endpoint: 'https://x' }] },
    });
  });

  it('names each problem by its path, in document order', () => {
    const result = validateCanaryDocument(
      { apiVersion: 'v2', kind: 'Canary', metadata: { labels: 'x' }, spec: { severity: 'loud', tcp: [{ name: 'a' }, { name: 'a' }, 'b', {}], http: 'no' } },
      rules,
    );
    expect(problemsOf(result)).toEqual([
      'apiVersion: must be canaries.flanksource.com/v1',
      'metadata.name: required',
      'metadata.labels: must be a map of strings',
      'spec.severity: must be one of info, warning, low, medium, high, blocker, critical',
      'spec.http: must be a list',
      "spec.tcp[1].name: duplicate name 'a'",
      'spec.tcp[2]: must be an object',
      'spec.tcp[3].name: required',
    ]);
  });

  it('takes the check types from the reader, so a new type needs no change here', () => {
    const spec = { fixture: [{ name: 'f' }] };
    expect(problemsOf(validateCanaryParts({ name: 'x', spec }, rules))).toEqual(["unknown check type 'fixture'; supported types: http, tcp"]);
    expect(validateCanaryParts({ name: 'x', spec }, { knownTypes: [...rules.knownTypes, 'fixture'] }).ok).toBe(true);
  });

  it('refuses an expression holding two languages, and adds what the reader says about one', () => {
    const spec = { http: [{ name: 'a', test: { expr: 'x', javascript: 'y' }, display: { expr: 'z' } }] };
    expect(canarySpecRules(spec, { ...rules, expressionProblem: () => 'is too long' })).toMatchObject({
      problems: ['spec.http[0].test: holds expr and javascript: give one of them', 'spec.http[0].display: the expression is too long'],
    });
  });

  it("places a type's own messages within its check, and stops at a schedule the reader cannot run", () => {
    const checkProblems = () => ['url: required', 'http[0].method: unknown', 'spec.other: kept'];
    expect(canarySpecRules({ http: [{ name: 'a' }] }, { ...rules, checkProblems })).toMatchObject({
      problems: ['spec.http[0].url: required', 'spec.http[0].method: unknown', 'spec.other: kept'],
    });
    expect(canarySpecRules({ schedule: 'never', http: [{ name: 'a' }] }, { ...rules, scheduleProblem: () => 'no' })).toEqual({
      refused: ['invalid schedule: no'],
    });
  });

  it('asks for at least one check', () => {
    expect(problemsOf(validateCanaryParts({ name: 'x', spec: { schedule: '@hourly' } }, rules))).toEqual([
      'spec: at least one check is required (supported types: http, tcp)',
    ]);
    expect(problemsOf(validateCanaryParts({ name: 'x' }, rules))).toEqual(['spec: required']);
  });
});
