import type { LogBackendSpec, LogBackendType } from '@contracts';

/** What spec validation needs of the plugin host: the installed backend types. */
export interface BackendTypes {
  ids(): string[];
  find(type: string): LogBackendType | undefined;
}

const isMap = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A logging backend's spec split into its type and the type's own fields, or null when it is not one map with a
 * single key.
 */
export function backendTypeOf(spec: unknown): { type: string; body: LogBackendSpec } | null {
  if (!isMap(spec)) return null;
  const keys = Object.keys(spec);
  if (keys.length !== 1 || !isMap(spec[keys[0]])) return null;
  return { type: keys[0], body: spec[keys[0]] as LogBackendSpec };
}

/**
 * Every problem of a logging backend's spec: exactly one key naming an installed type (the message lists them), its
 * value a map, then the type's own `validate`, each message prefixed `spec.<type>.`.
 */
export function backendSpecProblems(spec: unknown, types: BackendTypes): string[] {
  const known = types.ids().sort();
  const list = known.length ? known.join(', ') : 'none installed';
  if (!isMap(spec)) return [`spec: must be a map with one key, the backend type (one of: ${list})`];
  const keys = Object.keys(spec);
  if (keys.length === 0) return [`spec: names no backend type; use one of: ${list}`];
  if (keys.length > 1) return [`spec: must have exactly one key, the backend type (one of: ${list}); found ${keys.join(', ')}`];
  const [type] = keys;
  const backend = types.find(type);
  if (!backend) return [`spec: unknown backend type '${type}'; known types: ${list}`];
  const body = spec[type];
  if (!isMap(body)) return [`spec.${type}: must be a map of the ${type} backend's fields`];
  try {
    return backend.validate(body).map((problem) => `spec.${type}.${problem}`);
  } catch (error) {
    return [`spec.${type}: could not be validated: ${(error as Error).message}`];
  }
}
