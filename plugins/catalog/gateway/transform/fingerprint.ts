import { createHash } from 'node:crypto';
import { sortKeys } from './normalise';

/**
 * Volatile parts of a change's text, masked before hashing: diff hunk positions, UUIDs, ISO timestamps and dates, hex
 * hashes of 7 or more characters (with a digit, so words like `acceded` stay), and standalone numbers (counts,
 * resourceVersion, generation). A number inside a token (`nginx:1.25`, `v2`, `5m`) is not volatile: it stays.
 */
const VOLATILE: [RegExp, string][] = [
  [/^@@ .* @@/gm, '@@'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g, '<time>'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, '<hash>'],
  [/(?<![\w.:/-])-?\d+(?:\.\d+)?(?![\w.:])/g, '<n>'],
];

const maskText = (text: string) => VOLATILE.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);

/** Every string and number in the value masked; keys kept (they name what changed), objects with sorted keys. */
function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'number' || typeof value === 'bigint') return '<n>';
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskValue(item)]));
}

/**
 * sha256 of a change with its volatile values masked: the same change reported again (a new resourceVersion, another
 * timestamp, another pod hash) gets the same fingerprint, so the engine counts it instead of adding a row.
 */
export function changeFingerprint(change: { changeType: string; summary?: string; patch?: unknown; details?: unknown; diff?: string }): string {
  const { changeType, summary, patch, details, diff } = change;
  const masked = sortKeys(maskValue({ changeType, summary: summary ?? null, patch: patch ?? null, details: details ?? null, diff: diff ?? null }));
  return createHash('sha256').update(JSON.stringify(masked)).digest('hex');
}
