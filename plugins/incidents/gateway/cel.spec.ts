import { DOD_SCRIPTS, dodScriptExpression } from '@contracts';
import { celObject } from '@gateway/core/cel/cel';
import { celDuration, evaluateCel } from './cel';

function check(status: string, ageSeconds: number) {
  const vars = celObject({ check: { status } }) as { check: Record<string, unknown> };
  vars.check.age = celDuration(ageSeconds);
  return vars;
}

describe('definition-of-done scripts (CEL)', () => {
  it('check is healthy and older than 5m', () => {
    expect(evaluateCel(DOD_SCRIPTS.checkHealthy, check('healthy', 301))).toEqual({ ok: true, value: true });
    expect(evaluateCel(DOD_SCRIPTS.checkHealthy, check('healthy', 120))).toEqual({ ok: true, value: false });
    expect(evaluateCel(DOD_SCRIPTS.checkHealthy, check('unhealthy', 3600))).toEqual({ ok: true, value: false });
  });

  it('analysis resolved and component is healthy', () => {
    expect(evaluateCel(DOD_SCRIPTS.analysisResolved, celObject({ analysis: { status: 'resolved' } }))).toEqual({ ok: true, value: true });
    expect(evaluateCel(DOD_SCRIPTS.componentHealthy, celObject({ component: { health: 'unhealthy' } }))).toEqual({ ok: true, value: false });
  });

  it("runs the spec's phrases as the scripts they name", () => {
    expect(dodScriptExpression('Analysis resolved ')).toBe(DOD_SCRIPTS.analysisResolved);
    expect(dodScriptExpression('check is healthy and older than 5m')).toBe(DOD_SCRIPTS.checkHealthy);
    expect(dodScriptExpression("x == 'y'")).toBe("x == 'y'");
  });

  it('reports parse errors, runtime errors and non-boolean results', () => {
    expect(evaluateCel('1 +', {})).toEqual({ ok: false, error: expect.stringContaining('Unexpected') });
    expect(evaluateCel('missing.field', {})).toEqual({ ok: false, error: expect.stringContaining('Unknown variable') });
    expect(evaluateCel('1 + 1', {})).toEqual({ ok: false, error: 'The script must return true or false, not an int (2)' });
  });
});
