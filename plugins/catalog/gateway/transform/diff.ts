import type { ScrapedFormat } from '@contracts';
import { createTwoFilesPatch } from 'diff';
import { generate } from 'json-merge-patch';
import type { ConfigDiff } from './types';
import { sortKeys } from './normalise';

/** How many changed paths the summary names before `+N more`. */
const SUMMARY_PATHS = 3;

const text = (doc: unknown, format: ScrapedFormat | string) =>
  format === 'other' && typeof doc === 'string' ? doc : `${JSON.stringify(sortKeys(doc), null, 2) ?? 'null'}\n`;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The dotted paths (array elements by index; `$` for the whole document) where the two values differ, in key order. */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  const join = (key: string | number) => (prefix ? `${prefix}.${key}` : String(key));
  if (Array.isArray(before) && Array.isArray(after)) {
    const paths: string[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= before.length || i >= after.length) paths.push(join(i));
      else paths.push(...changedPaths(before[i], after[i], join(i)));
    }
    return paths;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => (key in before && key in after ? changedPaths(before[key], after[key], join(key)) : [join(key)]));
  }
  return JSON.stringify(sortKeys(before)) === JSON.stringify(sortKeys(after)) ? [] : [prefix || '$'];
}

/** `a, b, c +2 more`: the first few changed paths. */
export function summarise(paths: string[]): string {
  const named = paths.slice(0, SUMMARY_PATHS).join(', ');
  return paths.length > SUMMARY_PATHS ? `${named} +${paths.length - SUMMARY_PATHS} more` : named;
}

/**
 * What changed between two normalised documents: a unified diff of their pretty JSON (or text for `other`), the
 * RFC 7386 merge patch from before to after, and the changed paths with their summary. Null when they are equal.
 */
export function diffConfigs(before: unknown, after: unknown, format: ScrapedFormat | string): ConfigDiff | null {
  const beforeText = text(before, format);
  const afterText = text(after, format);
  if (beforeText === afterText) return null;
  const diff = createTwoFilesPatch('before', 'after', beforeText, afterText, undefined, undefined, { context: 3 });
  // Text (`other`) has no paths: its merge patch is the new text, as RFC 7386 has it for a non-object.
  const paths = format === 'other' ? [] : changedPaths(before, after);
  return { diff, patch: generate(before, after) ?? null, changedPaths: paths, summary: paths.length ? summarise(paths) : 'content changed' };
}
