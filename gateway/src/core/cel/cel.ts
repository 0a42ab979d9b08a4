type CelModule = typeof import('@marcbachmann/cel-js');

/**
 * CEL for every area that evaluates user expressions (incident definition-of-done scripts, check test/display/
 * transform). @marcbachmann/cel-js is ESM-only. Node 20.19+ can `require()` ES modules, so the compiled gateway
 * requires it. Under Jest, `require` is Jest's, whose registry cannot load ESM from node_modules without a transform;
 * there the module is loaded by Node's own loader (`Module._load`), which Jest leaves alone.
 */
let cel: CelModule | null = null;
export function celModule(): CelModule {
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
  const realm = (celModule().evaluate as unknown as { constructor: FunctionConstructor }).constructor('return globalThis')() as typeof globalThis;
  return realm.JSON.parse(JSON.stringify(value)) as T;
}

/** Evaluates a CEL expression over JSON variables; throws with the first line of the error. */
export function evaluate(expression: string, variables: Record<string, unknown>): unknown {
  try {
    return celModule().evaluate(expression, celObject(variables) as Record<string, unknown>);
  } catch (error) {
    throw new Error(((error as Error).message ?? String(error)).split('\n')[0]);
  }
}

/** A CEL value back to plain JSON (bigints become numbers, maps objects). */
export function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v instanceof Map ? Object.fromEntries(v) : v)));
}
