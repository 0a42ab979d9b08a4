import { YAMLParseError, parse, stringify } from 'yaml';
import type { YamlProblem } from '@web/core/editor/yamlEditorTypes';

/** A spec as the editor shows it: YAML, nothing for an empty one. */
export function specToText(spec: unknown): string {
  if (spec === null || spec === undefined) return '';
  if (typeof spec === 'object' && Object.keys(spec).length === 0) return '';
  return stringify(spec);
}

/**
 * Spec 03 §5: the spec must parse as YAML and resolve to an object; an empty spec is an empty object. Anything else
 * is refused here with where and why (the text stays as typed), rather than ignored as the reference did.
 */
export function parseSpecText(text: string): { ok: true; spec: Record<string, unknown> } | { ok: false; error: YamlProblem } {
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const reason = (error as Error).message.replace(/ at line \d+, column \d+:[\s\S]*$/, '');
    return position
      ? {
          ok: false,
          error: { message: `Spec: YAML syntax error at line ${position.line}, column ${position.col}: ${reason}`, line: position.line, column: position.col },
        }
      : { ok: false, error: { message: `Spec: YAML syntax error: ${reason}` } };
  }
  if (value === null || value === undefined) return { ok: true, spec: {} };
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: { message: 'Spec: must be an object (key: value lines)' } };
  return { ok: true, spec: value as Record<string, unknown> };
}
