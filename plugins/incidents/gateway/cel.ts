import { celModule } from '@gateway/core/cel/cel';

/** Definition-of-done scripts in CEL (the loader is gateway core's, shared with the health checks). */

/** A CEL duration value (comparable with `duration('5m')`). */
export function celDuration(seconds: number): unknown {
  return celModule().evaluate('duration(s)', { s: `${Math.max(0, Math.floor(seconds))}s` });
}

export type CelOutcome = { ok: true; value: boolean } | { ok: false; error: string };

/** Evaluates a definition-of-done script; anything but a boolean result is an error. */
export function evaluateCel(script: string, variables: Record<string, unknown>): CelOutcome {
  try {
    const value = celModule().evaluate(script, variables);
    if (typeof value !== 'boolean') return { ok: false, error: `The script must return true or false, not ${describe(value)}` };
    return { ok: true, value };
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    return { ok: false, error: message.split('\n')[0] };
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return `an int (${value})`;
  if (typeof value === 'string') return `a string ('${value.slice(0, 40)}')`;
  if (typeof value === 'number') return `a number (${value})`;
  return `a ${Array.isArray(value) ? 'list' : typeof value}`;
}
