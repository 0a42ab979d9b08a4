import { HISTORY_DURATIONS, INVALID_DURATION_MESSAGE } from '@contracts';

export type HistoryDurationOption = (typeof HISTORY_DURATIONS)[number];

/** What the history duration filter means: no minimum, a minimum in milliseconds, or an error to show. */
export type ParsedDuration = { ok: true; minDurationMs: number | undefined } | { ok: false; error: string };

const DURATION_PATTERN = /^(\d+(?:\.\d+)?)\s*(ms|s)$/i;

/**
 * The history duration filter (spec 02 §5): 'All' (or nothing) for no minimum, else a number with an `ms` or `s`
 * suffix (1s = 1000 ms). Anything else is refused with INVALID_DURATION_MESSAGE, word for word.
 */
export function parseHistoryDuration(text: string): ParsedDuration {
  const value = text.trim();
  if (value === '' || value.toLowerCase() === 'all') return { ok: true, minDurationMs: undefined };
  const match = DURATION_PATTERN.exec(value);
  if (!match) return { ok: false, error: INVALID_DURATION_MESSAGE };
  const amount = Number(match[1]);
  const unit = match[2].toLowerCase();
  return { ok: true, minDurationMs: Math.round(unit === 's' ? amount * 1000 : amount) };
}
