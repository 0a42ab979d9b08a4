import { celDuration, type ExpressionEvaluator } from '@gateway/core/cel';

/** Definition-of-done scripts in CEL, evaluated by gateway core's bounded evaluator (shared with the health checks). */
export { celDuration };

export type CelOutcome = { ok: true; value: boolean } | { ok: false; error: string };

/** Evaluates a definition-of-done script; anything but a boolean result is an error. */
export async function evaluateCel(expressions: Pick<ExpressionEvaluator, 'evaluate'>, script: string, variables: Record<string, unknown>): Promise<CelOutcome> {
  const outcome = await expressions.evaluate(script, variables);
  if (!outcome.ok) return { ok: false, error: outcome.error };
  if (typeof outcome.value !== 'boolean') return { ok: false, error: `The script must return true or false, not ${describe(outcome.value, outcome.kind)}` };
  return { ok: true, value: outcome.value };
}

function describe(value: unknown, kind: string): string {
  if (value === null || value === undefined) return 'null';
  if (kind === 'int') return `an int (${String(value)})`;
  if (typeof value === 'string') return `a string ('${value.slice(0, 40)}')`;
  if (typeof value === 'number') return `a number (${value})`;
  return `a ${Array.isArray(value) ? 'list' : kind === 'map' ? 'map' : typeof value}`;
}
