import { badRequest } from '@gateway/core/http/domain-error';

/** The first time range option of the snapshot dialog (spec 02: the default range). */
export const DEFAULT_SNAPSHOT_START = 'now-15m';

const DAY_MS = 86_400_000;
/** The units of the spec's time range options (15m … 5y; `mo` is 30 days, `y` 365). */
const UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS, mo: 30 * DAY_MS, y: 365 * DAY_MS };
const RELATIVE = /^now-(\d{1,6})(mo|[smhdwy])$/;
/** An ISO 8601 date or date-time; `new Date()` alone would also take 'March 7' and similar. */
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const MESSAGE = 'start: use now-<n><unit> (m, h, d, w, mo, y) such as now-15m, or an ISO time';

/** The snapshot's `start` (default `now-15m`) as a time before `now`; a 400 naming the field otherwise. */
export function parseSnapshotStart(value: unknown, now: Date): Date {
  const text = value === undefined || value === '' ? DEFAULT_SNAPSHOT_START : value;
  if (typeof text !== 'string') throw badRequest(MESSAGE);
  const trimmed = text.trim();
  const relative = RELATIVE.exec(trimmed);
  let start: Date;
  if (relative) start = new Date(now.getTime() - Number(relative[1]) * UNITS_MS[relative[2]]);
  else if (ISO.test(trimmed) && realDay(trimmed)) start = new Date(trimmed);
  else throw badRequest(MESSAGE);
  // Postgres' timestamps start at 4713 BC; a time before year 1 (or none at all) is a 400, not the database's error.
  if (Number.isNaN(start.getTime()) || start.getUTCFullYear() < 1) throw badRequest(MESSAGE);
  if (start.getTime() >= now.getTime()) throw badRequest('start: must be before now');
  return start;
}

/** Whether the text's YYYY-MM-DD names a day that exists (Date would roll 2025-02-30 over into March). */
function realDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `related`: true/false (or 1/0); absent is false. */
export function parseRelated(value: unknown): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw badRequest('related: use true or false');
}
