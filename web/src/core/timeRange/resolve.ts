import { findMappedRange } from './mapped';
import {
  type AbsoluteTimeRange,
  CUSTOM_DISPLAY,
  INVALID_MAPPED_RANGE,
  INVALID_RELATIVE_RANGE,
  type MappedTimeRange,
  type RelativeTimeRange,
  type ResolvedTimeRange,
  type TimeRange,
} from './types';
import { durationText, gatewayRelative, relativeDuration, timeRangeMs } from './units';

/** `2d` (or `now-2d`) → the relative range 'Last 2 days'; undefined (logged) when it is not a duration. */
export function relativeTimeRange(duration: string): RelativeTimeRange | undefined {
  const bare = duration.startsWith('now-') ? duration.slice(4) : duration;
  if (timeRangeMs(bare) === undefined) {
    console.error(INVALID_RELATIVE_RANGE, duration);
    return undefined;
  }
  return { type: 'relative', range: `now-${bare}`, display: durationText(bare) };
}

/** A quick range by its key; undefined (logged) when there is no such range. */
export function mappedTimeRange(key: string): MappedTimeRange | undefined {
  const option = findMappedRange(key);
  if (!option) {
    console.error(INVALID_MAPPED_RANGE, key);
    return undefined;
  }
  return { type: 'mapped', key: option.key, display: option.display };
}

/** Two instants as an absolute range (ISO timestamps); `to` may be '' for "up to now". */
export function absoluteTimeRange(from: Date | string, to: Date | string | ''): AbsoluteTimeRange {
  const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);
  return { type: 'absolute', from: iso(from), to: to === '' ? '' : iso(to), display: CUSTOM_DISPLAY };
}

/**
 * The instants a range covers at `now`. A mapped range with an unknown key throws 'Invalid mapped time range'
 * (spec 03 §8: absolute use); a relative range that is not one logs 'Invalid relative time range' and covers
 * nothing (from = to = now). An absolute range with no `to` runs up to now.
 */
export function resolveTimeRange(range: TimeRange, now: Date = new Date()): ResolvedTimeRange {
  if (range.type === 'absolute') {
    return { from: new Date(range.from), to: range.to ? new Date(range.to) : now };
  }
  if (range.type === 'mapped') {
    const option = findMappedRange(range.key);
    if (!option) {
      console.error(INVALID_MAPPED_RANGE, range.key);
      throw new Error(INVALID_MAPPED_RANGE);
    }
    return option.resolve(now);
  }
  const duration = relativeDuration(range.range);
  if (duration === undefined) {
    console.error(INVALID_RELATIVE_RANGE, range.range);
    return { from: now, to: now };
  }
  return { from: new Date(now.getTime() - (timeRangeMs(duration) ?? 0)), to: now };
}

/**
 * The range as an API that reads `now-<range>` takes it (catalog changes, logs, playbook runs): a relative range
 * stays relative so the gateway's clock decides what now is (to is ''); absolute and mapped ranges are sent as ISO
 * timestamps.
 */
export function timeRangeQuery(range: TimeRange, now: Date = new Date()): { from: string; to: string } {
  if (range.type === 'relative') {
    const duration = relativeDuration(range.range);
    const relative = duration && gatewayRelative(duration);
    if (relative) return { from: relative, to: '' };
  }
  if (range.type === 'absolute') return { from: range.from, to: range.to };
  const { from, to } = resolveTimeRange(range, now);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Whether two ranges are the same choice (the picker marks the current one). */
export function sameTimeRange(a: TimeRange | undefined, b: TimeRange | undefined): boolean {
  if (!a || !b || a.type !== b.type) return false;
  if (a.type === 'relative' && b.type === 'relative') return a.range === b.range;
  if (a.type === 'mapped' && b.type === 'mapped') return a.key === b.key;
  return a.type === 'absolute' && b.type === 'absolute' && a.from === b.from && a.to === b.to;
}
