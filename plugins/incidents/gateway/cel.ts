type CelModule = typeof import('@marcbachmann/cel-js');

/**
 * @marcbachmann/cel-js is ESM-only. Node 20.19+ can `require()` ES modules, so the compiled gateway requires it.
 * Under Jest, `require` is Jest's, whose registry cannot load ESM from node_modules without a transform; there the
 * module is loaded by Node's own loader (`Module._load`), which Jest leaves alone.
 */
let cel: CelModule | null = null;
function load(): CelModule {
  if (cel) return cel;
  const path = require.resolve('@marcbachmann/cel-js');
  try {
    cel = require(path) as CelModule;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_REQUIRE_ESM') throw error;
    cel = (require('module') as { _load(request: string, parent: unknown, isMain: boolean): CelModule })._load(path, null, false);
  }
  return cel;
}

/**
 * A deep copy of JSON data made in the realm cel-js runs in. cel-js recognises maps by their prototype, which
 * differs between realms (Jest runs tests in a vm context); in the gateway both realms are the same.
 */
export function celObject<T>(value: T): T {
  const realm = (load().evaluate as unknown as { constructor: FunctionConstructor }).constructor('return globalThis')() as typeof globalThis;
  return realm.JSON.parse(JSON.stringify(value)) as T;
}

/** A CEL duration value (comparable with `duration('5m')`). */
export function celDuration(seconds: number): unknown {
  return load().evaluate('duration(s)', { s: `${Math.max(0, Math.floor(seconds))}s` });
}

export type CelOutcome = { ok: true; value: boolean } | { ok: false; error: string };

/** Evaluates a definition-of-done script; anything but a boolean result is an error. */
export function evaluateCel(script: string, variables: Record<string, unknown>): CelOutcome {
  try {
    const value = load().evaluate(script, variables);
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
