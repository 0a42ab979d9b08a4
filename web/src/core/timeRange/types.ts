/**
 * A time range as spec 03 §3 describes it: relative (`now-2d`, shown 'Last 2 days'), absolute (two instants, shown
 * 'Custom') or mapped (a named calendar range such as Yesterday, resolved against the clock when used).
 */
export type TimeRange =
  | { type: 'relative'; range: string; display: string }
  | { type: 'absolute'; from: string; to: string; display: 'Custom' }
  | { type: 'mapped'; key: string; display: string };

export type TimeRangeType = TimeRange['type'];
export type RelativeTimeRange = Extract<TimeRange, { type: 'relative' }>;
export type AbsoluteTimeRange = Extract<TimeRange, { type: 'absolute' }>;
export type MappedTimeRange = Extract<TimeRange, { type: 'mapped' }>;

/** The instants a range covers. */
export interface ResolvedTimeRange {
  from: Date;
  to: Date;
}

export const CUSTOM_DISPLAY = 'Custom';

/** Spec 03 §8. */
export const INVALID_MAPPED_RANGE = 'Invalid mapped time range';
export const INVALID_RELATIVE_RANGE = 'Invalid relative time range';
