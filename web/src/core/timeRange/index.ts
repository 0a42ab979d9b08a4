/** The shared time range of spec 03 (§2 picker, §3 entity, §4 kinds, §8 messages, §9 units): see README.md. */
export type { TimeRange, TimeRangeType, ResolvedTimeRange, RelativeTimeRange, AbsoluteTimeRange, MappedTimeRange } from './types';
export { CUSTOM_DISPLAY, INVALID_MAPPED_RANGE, INVALID_RELATIVE_RANGE } from './types';
export { timeRangeMs, rangeStart, relativeDuration, durationText, gatewayRelative } from './units';
export { MAPPED_RANGES, findMappedRange, type MappedRangeOption } from './mapped';
export { absoluteTimeRange, mappedTimeRange, relativeTimeRange, resolveTimeRange, sameTimeRange, timeRangeQuery } from './resolve';
export { RECENT_RANGES_KEPT, RECENT_RANGES_STORAGE_KEY, readRecentRanges, rememberRecentRange } from './recentRanges';
export { parseTimeRangeParams, timeRangeParamNames, timeRangeParamValues, type LegacyTimeRangeParams } from './params';
export { useTimeRangeParams } from './useTimeRangeParams';
export { DEFAULT_RELATIVE_OPTIONS } from './options';
