import { CanaryDocumentError, compileSchedule, parseCanaryYaml, scheduleProblem, validateCanary } from './canary-document';

const httpRunner = { validate: (spec: Record<string, unknown>) => (spec.url ? [] : ['url: required']) };
const runners = { ids: ['http', 'tcp', 'dns'], find: (type: string) => (type === 'http' ? httpRunner : undefined) };
const fail = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CanaryDocumentError);
    return (error as Error).message;
  }
  throw new Error('expected an error');
};

const DOC = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: web
  namespace: prod
  labels: {team: web}
spec:
  schedule: "@every 30s"
  owner: ops
  severity: high
  http:
    - name: home
      url: https://example.test
      test: {expr: "code == 200"}
  tcp:
    - name: db port
      endpoint: db:5432
`;

describe('canary documents', () => {
  it('parses a Canary with its checks', () => {
    const canary = parseCanaryYaml(DOC, runners);
    expect(canary).toMatchObject({ name: 'web', namespace: 'prod', labels: { team: 'web' }, schedule: '@every 30s', owner: 'ops', severity: 'high' });
    expect(canary.checks.map((c) => [c.type, c.name, c.endpoint])).toEqual([
      ['http', 'home', 'https://example.test'],
      ['tcp', 'db port', 'db:5432'],
    ]);
  });

  it('names the line and column of a YAML syntax error', () => {
    expect(fail(() => parseCanaryYaml('metadata:\n  name: a\n bad: [', runners))).toMatch(/^YAML syntax error at line \d+, column \d+/);
  });

  it('names the field path of schema errors, using the runner', () => {
    const message = fail(() => parseCanaryYaml(DOC.replace('      url: https://example.test\n', ''), runners));
    expect(message).toBe('spec.http[0].url: required');
    expect(fail(() => validateCanary({ name: 'x', spec: { http: [{ url: 'u' }] } }, runners))).toBe('spec.http[0].name: required');
    expect(fail(() => parseCanaryYaml('kind: Canary\nspec: {}\n', runners))).toContain('metadata.name: required');
    expect(fail(() => validateCanary({ name: 'x', spec: { tcp: [{ name: 'a' }, { name: 'a' }] } }, runners))).toBe("spec.tcp[1].name: duplicate name 'a'");
  });

  it('rejects an invalid schedule', () => {
    expect(fail(() => validateCanary({ name: 'x', spec: { schedule: '* * *', tcp: [{ name: 'a' }] } }, runners))).toMatch(/^invalid schedule: /);
    expect(fail(() => validateCanary({ name: 'x', spec: { schedule: '@every 1s', tcp: [{ name: 'a' }] } }, runners))).toMatch(/^invalid schedule: .*minimum/);
    expect(fail(() => validateCanary({ name: 'x', spec: { schedule: '61 * * * *', tcp: [{ name: 'a' }] } }, runners))).toMatch(/^invalid schedule: .*minute/);
  });

  it('lists the supported types for an unknown check type', () => {
    const message = fail(() => validateCanary({ name: 'x', spec: { bogus: [{ name: 'a' }] } }, runners));
    expect(message).toMatch(/^unknown check type 'bogus'; supported types: http, /);
  });

  it('accepts cron, @every and macros and computes the next run', () => {
    for (const s of ['*/5 * * * *', '0 9 * * mon-fri', '@every 30s', '@every 1m', '@hourly', '@daily']) expect(scheduleProblem(s)).toBeNull();
    const from = new Date('2026-01-01T10:07:30Z');
    expect(compileSchedule('*/5 * * * *').next(from)?.toISOString()).toBe('2026-01-01T10:10:00.000Z');
    expect(compileSchedule('@hourly').next(from)?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(compileSchedule('@daily').next(from)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(compileSchedule('@every 30s').next(from)?.toISOString()).toBe('2026-01-01T10:08:00.000Z');
    expect(compileSchedule('0 9 * * mon-fri').next(new Date('2026-01-03T00:00:00Z'))?.toISOString()).toBe('2026-01-05T09:00:00.000Z');
  });
});
