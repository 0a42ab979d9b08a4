/**
 * Relative time ranges as the areas' filters write them (`15m`, `2h`, `1d`, `1w`, `6mo`, `5y`: the contract's
 * TIME_RANGE_OPTIONS and HEALTH_TIME_RANGES), for pages that turn them into timestamps.
 */

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
  return match ? Number(match[1]) * UNIT_MS[match[2]] : undefined;
}

/** Where a range ending `now` starts, as an ISO timestamp; `fallback`'s start when `range` is not a range. */
export function rangeStart(range: string, now: number, fallback = '1h'): string {
  return new Date(now - (timeRangeMs(range) ?? timeRangeMs(fallback) ?? UNIT_MS.h)).toISOString();
}
