import { HEALTH_TIME_RANGES } from '@contracts';
import { timeRangeMs } from '@web/core/timeRange';

export type HealthTimeRange = (typeof HEALTH_TIME_RANGES)[number];

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
