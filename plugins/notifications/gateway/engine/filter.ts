import type { ExpressionEvaluator } from '@gateway/core/cel';
import { userExpressionProblem } from '@gateway/core/cel';
import { sampleVariables, type EventVariables } from './variables';

/**
 * A rule's (or a silence's) filter: CEL over the event's variables (docs/notifications.md "Filter") that must answer
 * a boolean. An empty filter lets every event through.
 */

export class FilterError extends Error {}

/** Why a filter cannot be used with these events (it does not compile, fails or answers a non-boolean on a sample of each); null if it can. */
export async function filterProblem(filter: string, events: readonly string[], evaluator: Pick<ExpressionEvaluator, 'evaluate'>): Promise<string | null> {
  if (!filter.trim()) return null;
  const problem = userExpressionProblem(filter.trim());
  if (problem) return `The expression ${problem}`;
  const names = events.length ? [...new Set(events)] : ['check.failed'];
  for (const event of names) {
    const outcome = await evaluator.evaluate(filter.trim(), sampleVariables(event));
    if (!outcome.ok) return names.length > 1 ? `${event}: ${outcome.error}` : outcome.error;
    if (typeof outcome.value !== 'boolean') {
      return `${names.length > 1 ? `${event}: ` : ''}The filter must answer true or false, not ${outcome.kind}`;
    }
  }
  return null;
}

/** Whether the event passes the filter; a FilterError saying why when it cannot be decided. */
export async function passesFilter(filter: string, variables: EventVariables, evaluator: Pick<ExpressionEvaluator, 'evaluate'>): Promise<boolean> {
  if (!filter || !filter.trim()) return true;
  const outcome = await evaluator.evaluate(filter.trim(), variables);
  if (!outcome.ok) throw new FilterError(outcome.error);
  if (typeof outcome.value === 'boolean') return outcome.value;
  throw new FilterError(`The filter must answer true or false, not ${outcome.kind}`);
}
