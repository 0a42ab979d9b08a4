import { badRequest } from '@gateway/core/http/domain-error';

const UNITS_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  mo: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/** How a search's start and end may be written; the 400's hint. */
const HINT = 'use an ISO time or now-<n><unit> such as now-15m, now-1h or now-2d';

/**
 * `now`, `now-15m`, `now-1h`, `now-2d` (units s, m, h, d, w, mo, y) or an ISO time → a Date; a 400 naming `field`
 * otherwise. Core has no such parser (the catalogue's and the snapshot's are their plugins' own).
 */
export function parseLogTime(text: unknown, field: string, now = Date.now()): Date {
  if (typeof text !== 'string' || !text.trim()) throw badRequest(`${field}: ${HINT}`, 'invalid_time');
  const trimmed = text.trim();
  const relative = /^now(?:\s*-\s*(\d{1,9})(mo|[smhdwy]))?$/.exec(trimmed);
  // Only an ISO-shaped text is read as a date: `new Date('1')` would be the year 2001.
  const time = relative
    ? new Date(now - (relative[1] ? Number(relative[1]) * UNITS_MS[relative[2]] : 0))
    : /^\d{4}-\d{2}-\d{2}/.test(trimmed)
      ? new Date(trimmed)
      : new Date(NaN);
  if (Number.isNaN(time.getTime()) || Math.abs(time.getFullYear()) > 200_000) throw badRequest(`${field}: ${HINT}`, 'invalid_time');
  return time;
}

/** The window of a search: start defaults to an hour ago, end to now; a start after the end is a 400. */
export function searchWindow(start: unknown, end: unknown, now = Date.now()): { start: Date; end: Date } {
  const from = start === undefined || start === null || start === '' ? new Date(now - UNITS_MS.h) : parseLogTime(start, 'start', now);
  const to = end === undefined || end === null || end === '' ? new Date(now) : parseLogTime(end, 'end', now);
  if (from.getTime() > to.getTime()) throw badRequest('start: must be before end', 'invalid_time');
  return { start: from, end: to };
}
