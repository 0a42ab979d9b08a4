import { YAMLParseError, parse, stringify } from 'yaml';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';

export type SpecCheck =
  | { ok: true; spec: Record<string, unknown>; type: string }
  /** `parse`: the text is not YAML (the editor marks its line); `shape`: YAML, but not a backend spec. */
  | { ok: false; kind: 'parse' | 'shape'; problem: YamlProblem };

export const EMPTY_SPEC_MESSAGE = 'Pick a type, or write the spec: one key, the backend type, holding its fields';

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The Spec editor's text as a log backend spec (contracts/src/logs.ts): YAML whose document is an object with exactly
 * one key, one of the registered backend types (`logs.backendTypes`), e.g. `loki: {url: ...}`. The type's fields are
 * the gateway's to check (`POST /api/logs/backends/validate`).
 */
export function checkSpec(text: string, types: readonly string[]): SpecCheck {
  if (!text.trim()) return { ok: false, kind: 'shape', problem: { message: EMPTY_SPEC_MESSAGE } };
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const reason = (error as Error).message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
    return position
      ? { ok: false, kind: 'parse', problem: { message: `YAML syntax error at line ${position.line}, column ${position.col}: ${reason}`, ...lineOf(position) } }
      : { ok: false, kind: 'parse', problem: { message: `YAML syntax error: ${reason}` } };
  }
  if (doc === null || doc === undefined) return { ok: false, kind: 'shape', problem: { message: EMPTY_SPEC_MESSAGE } };
  const known = types.length ? types.join(', ') : 'none is installed';
  if (!isPlainObject(doc)) return { ok: false, kind: 'shape', problem: { message: `The spec must be an object with one key, the backend type (${known})` } };
  const keys = Object.keys(doc);
  if (keys.length !== 1) {
    return {
      ok: false,
      kind: 'shape',
      problem: { message: `The spec must hold exactly one backend type (${known}); it holds ${keys.length ? keys.join(', ') : 'none'}` },
    };
  }
  const [type] = keys;
  if (!types.includes(type)) return { ok: false, kind: 'shape', problem: { message: `Unknown backend type '${type}' (known: ${known})` } };
  return { ok: true, spec: doc, type };
}

const lineOf = (position: { line: number; col: number }) => ({ line: position.line, column: position.col });

/** A stored spec as the editor shows it ('' for none). */
export function specToYaml(spec: Record<string, unknown> | null | undefined): string {
  return spec && Object.keys(spec).length ? stringify(spec) : '';
}
