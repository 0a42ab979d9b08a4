/**
 * The `env` of a spec that runs a script in the sandbox (exec checks, exec playbook actions): a list of
 * `{name, value}` / `{name, valueFrom}` (canary-checker's and mission-control's shape) or a map of name → value. A
 * value is a string (a number or true/false, as YAML or an expression gives them, is its text), or a reference (`{value}`, `{valueFrom: {secretKeyRef: {name, key}}}`) that the run resolves
 * through its `resolveSecret`, so a secret never has to be written into the spec.
 */

export const SCRIPT_ENV_PROBLEM = 'env: must be a list of {name, value} or a map of strings';

/** The variables as written, name and unresolved value, or null when `env` has neither shape. */
export function scriptEnvEntries(env: unknown): [string, unknown][] | null {
  if (env === undefined || env === null) return [];
  if (Array.isArray(env)) {
    const ok = env.every((e) => e && typeof e === 'object' && typeof e.name === 'string' && e.name !== '' && (isScalar(e.value) || isValueFrom(e.valueFrom)));
    return ok
      ? env.map((e: { name: string; value?: unknown; valueFrom?: unknown }) => [e.name, isScalar(e.value) ? String(e.value) : { valueFrom: e.valueFrom }])
      : null;
  }
  if (typeof env !== 'object') return null;
  const entries = Object.entries(env);
  const ok = entries.every(([, v]) => isScalar(v) || (v && typeof v === 'object' && (typeof v.value === 'string' || isValueFrom(v.valueFrom))));
  return ok ? entries.map(([name, v]) => [name, isScalar(v) ? String(v) : v]) : null;
}

/** Why `env` cannot be used (for `validate`), or null. */
export function scriptEnvProblem(env: unknown): string | null {
  return scriptEnvEntries(env) ? null : SCRIPT_ENV_PROBLEM;
}

/**
 * The variables with their references resolved by `resolve` (a run's secret resolver); `unresolved` names those that
 * resolved to nothing, which the caller reports instead of running the script without them.
 */
export async function resolveScriptEnv(
  env: unknown,
  resolve: (reference: unknown) => Promise<string | null>,
): Promise<{ env: Record<string, string>; unresolved: string[] }> {
  const out: Record<string, string> = {};
  const unresolved: string[] = [];
  for (const [name, value] of scriptEnvEntries(env) ?? []) {
    const resolved = typeof value === 'string' ? value : await resolve(value);
    if (resolved === null) unresolved.push(name);
    else out[name] = resolved;
  }
  return { env: out, unresolved };
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';

/** `{secretKeyRef: {name, key}}` or `{configMapKeyRef: {name, key}}`: a field of a stored connection. */
function isValueFrom(from: unknown): boolean {
  if (!from || typeof from !== 'object') return false;
  const { secretKeyRef, configMapKeyRef } = from as { secretKeyRef?: unknown; configMapKeyRef?: unknown };
  return isKeyRef(secretKeyRef) || isKeyRef(configMapKeyRef);
}

function isKeyRef(ref: unknown): boolean {
  return !!ref && typeof ref === 'object' && typeof (ref as { name?: unknown }).name === 'string' && typeof (ref as { key?: unknown }).key === 'string';
}
