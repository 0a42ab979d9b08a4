import { checkExpressionOf, type CheckResult, type CheckSpec } from '@contracts';
import type { ExpressionEvaluator, UserExpression } from '../cel';

/** A check's `transform`/`display`/`test` as the evaluator takes it, or null when absent or malformed (the editor reports those). */
const expressionOf = (value: unknown): UserExpression | null => {
  const expression = checkExpressionOf(value);
  return expression && !('error' in expression) ? expression : null;
};

/**
 * transform → display → test over the result (its details, plus duration, pass, message), each evaluated by the core
 * evaluator in its language (CEL `expr`, `javascript`, `jsonPath`, Go `template`): size-limited, in a worker thread,
 * under a timeout. An expression that fails makes the result invalid.
 */
export async function applyExpressions(spec: CheckSpec, result: CheckResult, expressions: Pick<ExpressionEvaluator, 'evaluate'>): Promise<CheckResult> {
  if (result.invalid) return result;
  const scope = () => ({
    ...result.details,
    details: result.details,
    duration: result.duration,
    pass: result.pass,
    message: result.message,
    error: result.error ?? '',
  });
  const invalid = (which: string, error: string): CheckResult => {
    const message = `${which}: ${error}`;
    return { ...result, pass: false, invalid: true, message, error: message };
  };
  const transform = expressionOf(spec.transform);
  if (transform) {
    const outcome = await expressions.evaluate(transform, scope());
    if (!outcome.ok) return invalid('transform', outcome.error);
    const value = outcome.value;
    if (value && typeof value === 'object' && !Array.isArray(value))
      result = { ...result, details: { ...result.details, ...(value as Record<string, unknown>) } };
    else result = { ...result, details: { ...result.details, transformed: value } };
  }
  const display = expressionOf(spec.display);
  if (display) {
    const outcome = await expressions.evaluate(display, scope());
    if (!outcome.ok) return invalid('display', outcome.error);
    result = { ...result, message: typeof outcome.value === 'string' ? outcome.value : JSON.stringify(outcome.value) };
  }
  const test = expressionOf(spec.test);
  if (test) {
    const outcome = await expressions.evaluate(test, scope());
    if (!outcome.ok) return invalid('test', outcome.error);
    // A Go template renders text: 'true' and 'false' are its booleans.
    const value =
      test.language === 'template' && typeof outcome.value === 'string' && /^(true|false)$/.test(outcome.value.trim())
        ? outcome.value.trim() === 'true'
        : outcome.value;
    if (typeof value !== 'boolean') return invalid('test', `must return a boolean, not ${outcome.kind === 'int' ? 'int' : typeof value}`);
    const failed = `test failed: ${test.source}`;
    if (!value && result.pass) result = { ...result, pass: false, message: result.message || failed, error: result.error ?? failed };
  }
  return result;
}
