/**
 * A read-only YAML rendering of a check's stored spec (plain JSON: objects, arrays, strings, numbers, booleans,
 * null). Strings that could read as another type or hold special characters are double-quoted the JSON way,
 * which is valid YAML; multi-line strings (scripts, CEL expressions) use a literal block so they stay readable.
 */
export function toYaml(value: unknown): string {
  if (isScalar(value)) return `${scalar(value, 0)}\n`;
  if (Array.isArray(value) && value.length === 0) return '[]\n';
  if (isObject(value) && Object.keys(value).length === 0) return '{}\n';
  return `${lines(value, 0).join('\n')}\n`;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return !Array.isArray(value) && !isObject(value);
}

const RESERVED = /^(?:true|false|yes|no|on|off|null|y|n|~)$/i;

/** Whether a string reads back as the same string without quotes (and not as a number, boolean or null). */
function isPlain(text: string): boolean {
  if (text === '' || text !== text.trim() || RESERVED.test(text)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(text) || /^[+-]?\.?\d/.test(text)) return false;
  if (/: | #|:$|[\u0000-\u001f\u007f]/.test(text)) return false;
  return !/[{}[\],]/.test(text);
}

function quoteKey(key: string): string {
  return isPlain(key) ? key : JSON.stringify(key);
}

/** Multi-line text that a literal block keeps exactly: no tabs or CRs, no indented lines, one final newline at most. */
function fitsLiteralBlock(text: string): boolean {
  return text.includes('\n') && !/[\r\t]/.test(text) && !/^ /m.test(text) && !text.endsWith('\n\n') && !text.startsWith('\n');
}

function scalar(value: unknown, indent: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
  if (typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : String(value);
  if (fitsLiteralBlock(text)) {
    const chomp = text.endsWith('\n') ? '' : '-';
    const pad = ' '.repeat(indent + 2);
    const body = text.replace(/\n$/, '').split('\n');
    return `|${chomp}\n${body.map((line) => (line ? pad + line : '')).join('\n')}`;
  }
  return isPlain(text) ? text : JSON.stringify(text);
}

function lines(value: unknown, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value as Json[]) {
      if (isScalar(item) || isEmpty(item)) {
        out.push(`${pad}- ${isEmpty(item) ? emptyOf(item) : scalar(item, indent)}`);
      } else {
        const nested = lines(item, indent + 2);
        out.push(`${pad}- ${nested[0].trimStart()}`, ...nested.slice(1));
      }
    }
    return out;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === undefined) continue;
    if (isScalar(item) || isEmpty(item)) {
      out.push(`${pad}${quoteKey(key)}: ${isEmpty(item) ? emptyOf(item) : scalar(item, indent)}`);
    } else {
      out.push(`${pad}${quoteKey(key)}:`, ...lines(item, Array.isArray(item) ? indent : indent + 2));
    }
  }
  return out;
}

function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
}

function emptyOf(value: unknown): string {
  return Array.isArray(value) ? '[]' : '{}';
}
