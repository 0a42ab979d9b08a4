import { TIME_RANGE_OPTIONS } from '@contracts';
import { rangeStart, timeRangeMs } from '@web/core/timeRange';

/** Spec 02 Playbooks: the runs list shows the last 7 days unless told otherwise. */
export const DEFAULT_RUNS_RANGE = '1w';
export type RunsRange = (typeof TIME_RANGE_OPTIONS)[number];

/**
 * The `starts` of the URL as a timestamp: `now-<range>` relative to `now` (a range of the spec's options), or an
 * absolute date; the default range for anything else (a shared link may carry anything).
 */
export function startsAt(starts: string, now: number): string {
  const relative = /^now-(.+)$/.exec(starts);
  const ms = relative ? timeRangeMs(relative[1]) : undefined;
  if (ms !== undefined) return new Date(now - ms).toISOString();
  const absolute = Date.parse(starts);
  if (!relative && !Number.isNaN(absolute)) return new Date(absolute).toISOString();
  return rangeStart(DEFAULT_RUNS_RANGE, now);
}

/** The `ends` of the URL as a timestamp, or '' (up to now) when empty or not a date. */
export function endsAt(ends: string): string {
  const absolute = ends ? Date.parse(ends) : Number.NaN;
  return Number.isNaN(absolute) ? '' : new Date(absolute).toISOString();
}

/** How long a run or action took: `end - start`, or up to `now` while it runs; '' before it starts. */
export function formatDuration(start: string | null | undefined, end: string | null | undefined, now: number = Date.now()): string {
  if (!start) return '';
  const from = Date.parse(start);
  const to = end ? Date.parse(end) : now;
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  const ms = Math.max(0, to - from);
  if (ms < 1000) return `${ms}ms`;
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

const sameYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const otherYear = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * A timestamp for a narrow table column: day and time this year ("Mar 1, 10:00 AM"), the date alone another year
 * ("Mar 1, 2025"); blank when missing or invalid. The cell's tooltip gives the whole of it (formatDateTime).
 */
export function formatShortDateTime(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (date.getFullYear() === new Date(now).getFullYear() ? sameYear : otherYear).format(date);
}
