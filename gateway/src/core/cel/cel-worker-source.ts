import { EXPRESSION_LIMITS } from './limits';

/**
 * The program of an expression worker thread, as source text (evaluated with `eval: true`), so the same code runs
 * from the compiled gateway and under Jest without a separate build step. cel-js is loaded by Node itself there.
 * Messages: `{id, expression, variables}` → `{id, ok, value, kind}` or `{id, ok: false, error}`. Values cross the
 * thread boundary by structured clone: a CEL duration is sent as `{"@cel.duration": "300s"}` and revived here.
 */
export function workerSource(celPath: string): string {
  const { maxAstNodes, maxDepth, maxListElements, maxMapEntries, maxCallArguments } = EXPRESSION_LIMITS;
  return `
const { parentPort } = require('node:worker_threads');
const cel = require(${JSON.stringify(celPath)});
const env = new cel.Environment({
  unlistedVariablesAreDyn: true,
  limits: ${JSON.stringify({ maxAstNodes, maxDepth, maxListElements, maxMapEntries, maxCallArguments })},
});
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
// Ready only once cel-js is loaded: an evaluation's timeout measures the evaluation, not the worker's start.
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, expression, variables }) => {
  try {
    const value = env.evaluate(expression, revive(variables));
    parentPort.postMessage({ id, ok: true, value: plain(value), kind: kind(value) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String((error && error.message) || error).split('\\n')[0] });
  }
});
`;
}
