/** The units of relative times (the spec's time range options, 15m … 5y): `mo` is 30 days, `y` 365. */
export const RELATIVE_UNITS_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  mo: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

const RELATIVE = /^now(?:\s*-\s*(\d{1,9})(mo|[smhdwy]))?$/;
/** An ISO 8601 date or date-time; `new Date()` alone would also take 'March 7' or '1' (the year 2001). */
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * `now`, `now-<n><unit>` (units of RELATIVE_UNITS_MS) or an ISO 8601 date(-time) naming a day that exists → a Date;
 * null for anything else, or a time Postgres cannot store. Callers word their own 400 (the field, the hint).
 */
export function parseRelativeTime(text: string, now: number): Date | null {
  const trimmed = text.trim();
  const relative = RELATIVE.exec(trimmed);
  let time: Date;
  if (relative) time = new Date(now - (relative[1] ? Number(relative[1]) * RELATIVE_UNITS_MS[relative[2]] : 0));
  else if (ISO.test(trimmed) && realDay(trimmed)) time = new Date(trimmed);
  else return null;
  // Postgres' timestamps run from 4713 BC to 294276 AD.
  return Number.isNaN(time.getTime()) || time.getUTCFullYear() < 1 || time.getUTCFullYear() > 200_000 ? null : time;
}

/** Whether the text's YYYY-MM-DD names a day that exists (Date would roll 2025-02-30 over into March). */
function realDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
