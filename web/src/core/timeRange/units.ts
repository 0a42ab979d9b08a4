/**
 * Durations as the time-range picker and the areas' filters write them: a count and a unit letter of spec 03 §9
 * (`ms`, `s`, `m`, `h`, `d`, `w`, `M`, `y`), plus `mo` for a month as the contract's TIME_RANGE_OPTIONS and
 * HEALTH_TIME_RANGES spell it (`15m`, `2h`, `1d`, `1w`, `6mo`, `5y`). A month is 30 days and a year 365, as the
 * gateway counts them (gateway/src/core/http/relative-time.ts), so a range means the same on both sides.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: SECOND,
  m: MINUTE,
  h: 60 * MINUTE,
  d: DAY,
  w: 7 * DAY,
  M: 30 * DAY,
  mo: 30 * DAY,
  y: 365 * DAY,
};

const UNIT_WORDS: Record<string, string> = {
  ms: 'millisecond',
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  mo: 'month',
  y: 'year',
};

const DURATION = /^(\d{1,9})(ms|mo|[smhdwMy])$/;

/** `15m`, `2h`, `1d`, `3w`, `6M`, `6mo`, `5y` → milliseconds; undefined for anything else. */
export function timeRangeMs(range: string): number | undefined {
  const match = DURATION.exec(range);
  return match ? Number(match[1]) * UNIT_MS[match[2]] : undefined;
}

/** Where a range ending `now` starts, as an ISO timestamp; `fallback`'s start when `range` is not a range. */
export function rangeStart(range: string, now: number, fallback = '1h'): string {
  return new Date(now - (timeRangeMs(range) ?? timeRangeMs(fallback) ?? UNIT_MS.h)).toISOString();
}

/** `now-2d` → `2d`; undefined when the text is not `now-` and a duration. */
export function relativeDuration(range: string): string | undefined {
  const match = /^now-(.+)$/.exec(range);
  return match && timeRangeMs(match[1]) !== undefined ? match[1] : undefined;
}

/** `15m` → 'Last 15 minutes', `1h` → 'Last 1 hour', `6M` → 'Last 6 months'; the text itself for anything else. */
export function durationText(duration: string): string {
  const match = DURATION.exec(duration);
  if (!match) return `Last ${duration}`;
  const count = Number(match[1]);
  return `Last ${count} ${UNIT_WORDS[match[2]]}${count === 1 ? '' : 's'}`;
}

/**
 * A relative range as the gateway reads it (`now-<n><s|m|h|d|w|mo|y>`): `M` becomes `mo`; undefined when the
 * gateway has no such unit (milliseconds), so the caller sends timestamps instead.
 */
export function gatewayRelative(duration: string): string | undefined {
  const match = DURATION.exec(duration);
  if (!match || match[2] === 'ms') return undefined;
  return `now-${match[1]}${match[2] === 'M' ? 'mo' : match[2]}`;
}
