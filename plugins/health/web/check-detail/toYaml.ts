import { stringify } from 'yaml';

/**
 * A read-only YAML rendering of a check's stored spec (plain JSON), through the one YAML library: block style, lists
 * flush with their key, no folding of long lines; strings that would read as another type are quoted, multi-line
 * text (scripts, expressions) is a literal block so it stays readable.
 */
export function toYaml(value: unknown): string {
  return stringify(value, { indentSeq: false, lineWidth: 0 });
}
