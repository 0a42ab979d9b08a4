import { createHash } from 'node:crypto';
import { removePaths, setPaths } from './jsonpath';

/** `transform.mask[].value` meaning "the md5 of the value" rather than a literal replacement. */
export const MASK_MD5SUM = 'md5sum';

export interface NormaliseOptions {
  /** JSONPaths removed (volatile fields that should neither be stored nor diffed). */
  exclude?: string[];
  /** Values replaced at JSONPaths: `md5sum` (md5 hex of the value's JSON) or a literal. */
  mask?: { jsonpath: string; value: string }[];
}

/** Keys of every object sorted, recursively, so two documents that differ only in key order compare equal. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

const md5 = (value: unknown) =>
  createHash('md5')
    .update(JSON.stringify(value) ?? 'null')
    .digest('hex');

/** The document as it is stored and diffed: a deep copy, excluded paths removed, masks applied, keys sorted. */
export function normalise(doc: unknown, options: NormaliseOptions = {}): unknown {
  let value = removePaths(doc, options.exclude ?? []);
  for (const mask of options.mask ?? []) {
    value = setPaths(value, mask.jsonpath, (found) => (mask.value === MASK_MD5SUM ? md5(found) : mask.value));
  }
  return sortKeys(value);
}
