import { DOD_SCRIPTS, dodScriptExpression } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { celDuration, evaluateCel } from './cel';

const expressions = new ExpressionEvaluator({ expressions: { timeoutMs: 5000, workers: 1 } });
afterAll(() => expressions.onModuleDestroy());
const run = (script: string, variables: Record<string, unknown>) => evaluateCel(expressions, script, variables);
const check = (status: string, ageSeconds: number) => ({ check: { status, age: celDuration(ageSeconds) } });

describe('definition-of-done scripts (CEL)', () => {
  it('check is healthy and older than 5m', async () => {
    expect(await run(DOD_SCRIPTS.checkHealthy, check('healthy', 301))).toEqual({ ok: true, value: true });
    expect(await run(DOD_SCRIPTS.checkHealthy, check('healthy', 120))).toEqual({ ok: true, value: false });
    expect(await run(DOD_SCRIPTS.checkHealthy, check('unhealthy', 3600))).toEqual({ ok: true, value: false });
  });

  it('analysis resolved and component is healthy', async () => {
    expect(await run(DOD_SCRIPTS.analysisResolved, { analysis: { status: 'resolved' } })).toEqual({ ok: true, value: true });
    expect(await run(DOD_SCRIPTS.componentHealthy, { component: { health: 'unhealthy' } })).toEqual({ ok: true, value: false });
  });

  it("runs the spec's phrases as the scripts they name", () => {
    expect(dodScriptExpression('Analysis resolved ')).toBe(DOD_SCRIPTS.analysisResolved);
    expect(dodScriptExpression('check is healthy and older than 5m')).toBe(DOD_SCRIPTS.checkHealthy);
    expect(dodScriptExpression("x == 'y'")).toBe("x == 'y'");
  });

  it('reports parse errors, runtime errors and non-boolean results', async () => {
    expect(await run('1 +', {})).toEqual({ ok: false, error: expect.stringContaining('Unexpected') });
    expect(await run('missing.field', {})).toEqual({ ok: false, error: expect.stringContaining('Unknown variable') });
    expect(await run('1 + 1', {})).toEqual({ ok: false, error: 'The script must return true or false, not an int (2)' });
  });

  it('fails closed on a script over the limits, without running it', async () => {
    const nested = '[1,2,3].all(a, [1,2,3].all(b, [1,2,3].exists(c, a + b + c > 100)))';
    expect(await run(nested, {})).toEqual({
      ok: false,
      error: 'The expression is too complex: at most 2 comprehensions (map, filter, all, exists) inside one another',
    });
    expect(await run(`true${' && true'.repeat(1000)}`, {})).toEqual({ ok: false, error: 'The expression is too long: at most 4096 characters' });
  });
});
