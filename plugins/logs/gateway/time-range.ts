import { badRequest } from '@gateway/core/http/domain-error';
import { RELATIVE_UNITS_MS, parseRelativeTime } from '@gateway/core/http/relative-time';

/** How a search's start and end may be written; the 400's hint. */
const HINT = 'use an ISO time or now-<n><unit> such as now-15m, now-1h or now-2d';

/** `now`, `now-15m`, `now-1h`, `now-2d` or an ISO time (core parseRelativeTime) → a Date; a 400 naming `field` otherwise. */
export function parseLogTime(text: unknown, field: string, now = Date.now()): Date {
  const time = typeof text === 'string' ? parseRelativeTime(text, now) : null;
  if (!time) throw badRequest(`${field}: ${HINT}`, 'invalid_time');
  return time;
}

/** The window of a search: start defaults to an hour ago, end to now; a start after the end is a 400. */
export function searchWindow(start: unknown, end: unknown, now = Date.now()): { start: Date; end: Date } {
  const from = start === undefined || start === null || start === '' ? new Date(now - RELATIVE_UNITS_MS.h) : parseLogTime(start, 'start', now);
  const to = end === undefined || end === null || end === '' ? new Date(now) : parseLogTime(end, 'end', now);
  if (from.getTime() > to.getTime()) throw badRequest('start: must be before end', 'invalid_time');
  return { start: from, end: to };
}
