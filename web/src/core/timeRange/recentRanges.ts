import { sameTimeRange } from './resolve';
import type { AbsoluteTimeRange as AbsoluteRange } from './types';

/** Spec 03 §9: the 4 recent absolute ranges kept, plus the new one. */
export const RECENT_RANGES_KEPT = 4;
export const RECENT_RANGES_STORAGE_KEY = 'timeRange.recentAbsoluteRanges';

function isAbsolute(value: unknown): value is AbsoluteRange {
  const range = value as AbsoluteRange | null;
  return !!range && range.type === 'absolute' && typeof range.from === 'string' && typeof range.to === 'string';
}

/** The recent absolute ranges, newest first (a browser preference: localStorage, shared by every page). */
export function readRecentRanges(): AbsoluteRange[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_RANGES_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isAbsolute).slice(0, RECENT_RANGES_KEPT + 1) : [];
  } catch {
    return [];
  }
}

/** Puts `range` first and keeps the 4 before it (a range chosen again moves to the front). Returns the new list. */
export function rememberRecentRange(range: AbsoluteRange): AbsoluteRange[] {
  const previous = readRecentRanges().filter((recent) => !sameTimeRange(recent, range));
  const next = [range, ...previous.slice(0, RECENT_RANGES_KEPT)];
  try {
    localStorage.setItem(RECENT_RANGES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list is a convenience, the chosen range still applies.
  }
  return next;
}
