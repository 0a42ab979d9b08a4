import type { ActionContext, ActionSpec } from '@contracts';

/**
 * Small pieces every action type needs (plugins/action-<type>/gateway). Action plugins never import each other;
 * what they share lives here.
 */

/**
 * A value the engine renders when the action runs (`{{ … }}` anywhere, or a whole `$( CEL )`, as the engine's
 * templates do): its shape can only be judged then. A `$(` inside other text is not rendered, so it is judged as written.
 */
export const isRendered = (value: unknown): boolean => typeof value === 'string' && (value.includes('{{') || /^\s*\$\([\s\S]*\)\s*$/.test(value));

/**
 * For an action's checks of its body: `later(value)` says a field is left to the run (still a template at save time).
 * At run time the body is rendered and every field is judged, so nothing a template filled in escapes the checks.
 */
export const judgedLater =
  (atRun: boolean) =>
  (value: unknown): boolean =>
    !atRun && isRendered(value);

/** `<field>: not a field of <type> (…)` for every key of the body that is not one of `fields`. */
export function unknownFieldProblems(body: ActionSpec, type: string, fields: readonly string[]): string[] {
  return Object.keys(body)
    .filter((field) => !fields.includes(field))
    .map((field) => `${field}: not a field of ${type} (${fields.join(', ')})`);
}

/** `<field>: must be a value or a secret reference` for each of `fields` written as something else (a list, true). */
export function valueFieldProblems(body: ActionSpec, fields: readonly string[]): string[] {
  return fields
    .filter((field) => {
      const v = body[field];
      return v !== undefined && v !== null && typeof v !== 'string' && typeof v !== 'number' && (typeof v !== 'object' || Array.isArray(v));
    })
    .map((field) => `${field}: must be a value or a secret reference`);
}

/**
 * Why the action was stopped, from the signal's reason: the engine aborts with an Error saying why ('timed out after
 * 5m', 'Cancelled'); a TimeoutError (AbortSignal.timeout), or the sandbox's own timer (the signal not aborted), is
 * this action's time running out; a bare abort() is a cancel.
 */
export function stopReason(ctx: Pick<ActionContext, 'signal' | 'timeoutMs'>): string {
  if (!ctx.signal.aborted) return `timed out after ${ctx.timeoutMs}ms`;
  const reason: unknown = ctx.signal.reason;
  if (typeof reason === 'string' && reason) return reason;
  // Duck-typed: a DOMException is not an instance of this realm's Error everywhere.
  const { name, message } = (reason ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'TimeoutError') return `timed out after ${ctx.timeoutMs}ms`;
  return name === 'AbortError' || typeof message !== 'string' || !message ? 'cancelled' : message;
}

/** What a failed step says: why the action was stopped when it was (the error is then the abort's echo), else the error. */
export const failureMessage = (ctx: Pick<ActionContext, 'signal' | 'timeoutMs'>, error: unknown): string =>
  ctx.signal.aborted ? stopReason(ctx) : (error as Error).message;
