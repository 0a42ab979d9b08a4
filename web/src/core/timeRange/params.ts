import { absoluteTimeRange, mappedTimeRange, relativeTimeRange } from './resolve';
import type { TimeRange } from './types';

/** The query parameters of a range (spec 03 §4): its type, display and values; `prefix` keeps two pickers apart. */
export function timeRangeParamNames(prefix = '') {
  return { type: `${prefix}rangeType`, display: `${prefix}display`, range: `${prefix}range`, from: `${prefix}from`, to: `${prefix}to` };
}

/**
 * Parameters pages wrote before the shared picker (`from=now-2d`, `start=now-1h`, `starts`/`ends`, `timeRange=1h`):
 * read when the URL has no range type, so links shared earlier still open on their range, and removed when a range
 * is chosen.
 */
export interface LegacyTimeRangeParams {
  /** Holds `now-<duration>`, a bare duration or an ISO start. */
  from: string;
  /** Holds the ISO end of an absolute range, if the page had one. */
  to?: string;
}

const validDate = (text: string | null): text is string => !!text && !Number.isNaN(Date.parse(text));

/** The range a query string names, or undefined (the page's default) when it names none or an invalid one. */
export function parseTimeRangeParams(params: URLSearchParams, prefix = '', legacy?: LegacyTimeRangeParams): TimeRange | undefined {
  const names = timeRangeParamNames(prefix);
  const type = params.get(names.type);
  if (type === 'relative') return relativeTimeRange(params.get(names.range) ?? '');
  if (type === 'mapped') return mappedTimeRange(params.get(names.range) ?? '');
  if (type === 'absolute') {
    const from = params.get(names.from);
    const to = params.get(names.to);
    return validDate(from) && validDate(to) ? absoluteTimeRange(from, to) : undefined;
  }
  const legacyFrom = legacy && params.get(legacy.from);
  if (!legacyFrom) return undefined;
  if (validDate(legacyFrom) && !legacyFrom.startsWith('now')) {
    const legacyTo = legacy.to ? params.get(legacy.to) : null;
    return absoluteTimeRange(legacyFrom, validDate(legacyTo) ? legacyTo : '');
  }
  return relativeTimeRange(legacyFrom);
}

/** The parameter values a range writes; every other time parameter is removed (null). */
export function timeRangeParamValues(range: TimeRange | undefined, prefix = ''): Record<string, string | null> {
  const names = timeRangeParamNames(prefix);
  const values: Record<string, string | null> = { [names.type]: null, [names.display]: null, [names.range]: null, [names.from]: null, [names.to]: null };
  if (!range) return values;
  values[names.type] = range.type;
  values[names.display] = range.display;
  if (range.type === 'relative') values[names.range] = range.range;
  else if (range.type === 'mapped') values[names.range] = range.key;
  else {
    values[names.from] = range.from;
    values[names.to] = range.to || null;
  }
  return values;
}
