import { EXPRESSION_LIMITS, SCRIPT_LIMITS } from './limits';

/** Where the worker loads its engines from (resolved by the caller, so Jest and the build find the same files). */
export interface WorkerEngines {
  cel: string;
  jsonpath: string;
  template: string;
  quickjs: string;
}

/**
 * The program of an expression worker thread, as source text (evaluated with `eval: true`), so the same code runs
 * from the compiled gateway and under Jest without a separate build step. The engines are loaded by Node there.
 * Messages: `{id, language, expression, variables, timeoutMs, limitMs}` → `{id, ok, value, kind}` or `{id, ok: false, error}`.
 * Languages:
 *  - `cel` (cel-js, with the parse limits of limits.ts); a CEL duration crosses as `{"@cel.duration": "300s"}`;
 *  - `jsonpath` (jsonpath-plus, its safe evaluator for filters: no `eval`/`Function`), over the variables; the first
 *    match, or the list when there are several;
 *  - `template` (@ctrl/golang-template: the Go text/template subset documented in docs/health-checks.md);
 *  - `javascript` (QuickJS compiled to WebAssembly: its own heap capped at SCRIPT_LIMITS.memoryBytes, stopped at
 *    the deadline by an interrupt handler; it sees the variables as globals and nothing of Node). Never `vm`.
 */
export function workerSource(engines: WorkerEngines): string {
  const { maxAstNodes, maxDepth, maxListElements, maxMapEntries, maxCallArguments } = EXPRESSION_LIMITS;
  return `
const { parentPort } = require('node:worker_threads');
const cel = require(${JSON.stringify(engines.cel)});
const { JSONPath } = require(${JSON.stringify(engines.jsonpath)});
const goTemplate = require(${JSON.stringify(engines.template)});
const quickjsModule = require(${JSON.stringify(engines.quickjs)});
const env = new cel.Environment({
  unlistedVariablesAreDyn: true,
  limits: ${JSON.stringify({ maxAstNodes, maxDepth, maxListElements, maxMapEntries, maxCallArguments })},
});
const MEMORY = ${SCRIPT_LIMITS.memoryBytes};
const STACK = ${SCRIPT_LIMITS.stackBytes};
let quickjs = null;
function revive(value) {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object' && !(value instanceof Map)) {
    if (typeof value['@cel.duration'] === 'string') return cel.evaluate('duration(d)', { d: value['@cel.duration'] });
    const out = {};
    for (const key of Object.keys(value)) out[key] = revive(value[key]);
    return out;
  }
  return value;
}
function plainVariables(value) {
  return JSON.parse(JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && typeof v['@cel.duration'] === 'string' ? v['@cel.duration'] : v)) ?? 'null');
}
function kind(value) {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'string') return 'string';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map || typeof value === 'object') return 'map';
  return typeof value;
}
function plain(value) {
  const text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v instanceof Map ? Object.fromEntries(v) : v));
  return text === undefined ? null : JSON.parse(text);
}
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function javascript(source, variables, timeoutMs, limitMs) {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(MEMORY);
  runtime.setMaxStackSize(STACK);
  runtime.setInterruptHandler(quickjsModule.shouldInterruptAfterDeadline(Date.now() + timeoutMs));
  const vm = runtime.newContext();
  try {
    const names = Object.keys(variables).filter((k) => IDENTIFIER.test(k));
    const prelude = 'const __v = ' + JSON.stringify(variables) + ';' + names.map((k) => 'var ' + k + ' = __v[' + JSON.stringify(k) + '];').join('');
    const ready = vm.evalCode(prelude);
    if (ready.error) { const e = vm.dump(ready.error); ready.error.dispose(); throw new Error(String((e && e.message) || e)); }
    ready.value.dispose();
    const result = vm.evalCode(source);
    if (result.error) {
      const e = vm.dump(result.error);
      result.error.dispose();
      const message = String((e && e.message) || e);
      throw new Error(/interrupted/i.test(message) ? 'The script took longer than ' + limitMs + ' ms' : /out of memory/i.test(message) ? 'The script used more than ' + (MEMORY >> 20) + ' MiB' : message);
    }
    const value = vm.dump(result.value);
    result.value.dispose();
    return value;
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
function evaluate(language, expression, variables, timeoutMs, limitMs) {
  if (language === 'cel') return env.evaluate(expression, revive(variables));
  const input = plainVariables(variables);
  if (language === 'jsonpath') {
    const found = JSONPath({ path: expression, json: input, wrap: true, eval: 'safe' });
    return found.length === 0 ? null : found.length === 1 ? found[0] : found;
  }
  if (language === 'template') return goTemplate.parse(expression, input);
  if (language === 'javascript') return javascript(expression, input, timeoutMs, limitMs);
  throw new Error('unknown expression language ' + language);
}
// Ready only once every engine is loaded: an evaluation's timeout measures the evaluation, not the worker's start.
quickjsModule.getQuickJS().then((loaded) => {
  quickjs = loaded;
  parentPort.postMessage({ ready: true });
});
parentPort.on('message', ({ id, language, expression, variables, timeoutMs, limitMs }) => {
  try {
    const value = evaluate(language || 'cel', expression, variables, timeoutMs, limitMs);
    parentPort.postMessage({ id, ok: true, value: plain(value), kind: kind(value) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String((error && error.message) || error).split('\\n')[0] });
  }
});
`;
}
