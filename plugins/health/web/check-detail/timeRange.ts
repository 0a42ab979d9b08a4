import { HEALTH_TIME_RANGES } from '@contracts';

export type HealthTimeRange = (typeof HEALTH_TIME_RANGES)[number];

const MINUTE = 60_000;
const UNIT_MS: Record<string, number> = {
  m: MINUTE,
  h: 60 * MINUTE,
  d: 24 * 60 * MINUTE,
  w: 7 * 24 * 60 * MINUTE,
  mo: 30 * 24 * 60 * MINUTE,
  y: 365 * 24 * 60 * MINUTE,
};

/** `15m`, `2h`, `1d`, `3w`, `6mo`, `5y` → milliseconds; undefined for anything else. */
export function timeRangeMs(range: string): number | undefined {
  const match = /^(\d+)(mo|m|h|d|w|y)$/.exec(range);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2]];
}

/** Where a range starts, as an ISO timestamp (history and graph read results after it). */
export function rangeStart(range: string, now: number): string {
  return new Date(now - (timeRangeMs(range) ?? UNIT_MS.h)).toISOString();
}

const DETAIL_RANGES = HEALTH_TIME_RANGES.slice(HEALTH_TIME_RANGES.indexOf('1h'));

/**
 * The check detail's default range (spec 02 §9): the shortest option from 1h up to 5y that still holds the last
 * run, so a check that has not run for days opens on a range where its results are visible.
 */
export function defaultTimeRange(lastRuntime: string | null | undefined, now: number): HealthTimeRange {
  const last = lastRuntime ? Date.parse(lastRuntime) : Number.NaN;
  if (Number.isNaN(last)) return '1h';
  const age = Math.max(0, now - last);
  return DETAIL_RANGES.find((range) => (timeRangeMs(range) ?? 0) >= age) ?? '5y';
}
