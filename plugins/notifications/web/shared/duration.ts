import { DURATION_UNIT_MS, NANOS_PER_MILLI, NOTIFICATION_MESSAGES, parseDurationMs } from '@contracts';

const ORDER = ['w', 'd', 'h', 'm', 's', 'ms'] as const;

/** The least a notification duration (wait for, a silence) may be (spec 03 §5). */
export const MIN_DURATION_NANOS = 60e9;

/** A message for text that is not a duration at all (the spec's two messages are for empty and too short). */
export const DURATION_FORMAT_MESSAGE = 'Enter a duration such as 5m, 1h30m or 2d';

/** `1h30m` → 5.4e12; '' or anything else → null. */
export function parseDuration(text: string): number | null {
  const ms = parseDurationMs(text.trim().replace(/\s+/g, ''));
  return ms === null ? null : Math.round(ms * NANOS_PER_MILLI);
}

/** 5.4e12 → `1h30m`: the largest units first, so a stored value reads as it was typed. */
export function formatDuration(nanos: number | null | undefined): string {
  if (nanos === null || nanos === undefined || !Number.isFinite(nanos) || nanos <= 0) return '';
  let rest = Math.round(nanos);
  let text = '';
  for (const unit of ORDER) {
    const size = DURATION_UNIT_MS[unit] * NANOS_PER_MILLI;
    const count = Math.floor(rest / size);
    if (count > 0) {
      text += `${count}${unit}`;
      rest -= count * size;
    }
  }
  return text || '0s';
}

/**
 * What is wrong with a duration field's text, or null: empty gives 'This field is required' when required, a value
 * under one minute 'Duration must be greater than 1 minute' (spec 03 §5).
 */
export function durationProblem(text: string, { required = false }: { required?: boolean } = {}): string | null {
  if (!text.trim()) return required ? NOTIFICATION_MESSAGES.required : null;
  const nanos = parseDuration(text);
  if (nanos === null) return DURATION_FORMAT_MESSAGE;
  if (nanos < MIN_DURATION_NANOS) return NOTIFICATION_MESSAGES.durationTooShort;
  return null;
}
