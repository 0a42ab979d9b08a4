type CelModule = typeof import('@marcbachmann/cel-js');

/**
 * The CEL library for the main thread, which only parses (the limits check, `limits.ts`); evaluation happens in
 * worker threads (`expression-evaluator.ts`). @marcbachmann/cel-js is ESM-only. Node 20.19+ can `require()` ES
 * modules, so the compiled gateway requires it. Under Jest, `require` is Jest's, whose registry cannot load ESM from
 * node_modules without a transform; there the module is loaded by Node's own loader (`Module._load`).
 */
let cel: CelModule | null = null;
export function celModule(): CelModule {
  if (cel) return cel;
  const path = require.resolve('@marcbachmann/cel-js');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- require() of an ES module is the point (see above)
    cel = require(path) as CelModule;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_REQUIRE_ESM') throw error;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own loader, not Jest's registry
    cel = (require('module') as { _load(request: string, parent: unknown, isMain: boolean): CelModule })._load(path, null, false);
  }
  return cel;
}
