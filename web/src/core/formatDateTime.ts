const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp in the user's locale; blank when missing or invalid. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

/**
 * How long ago `since` was, compactly: "45s" (with `seconds`), "5m", "3h", "2d", "4mo", "1y"; blank when missing or
 * invalid. Areas add their own wording ("ago").
 */
export function formatElapsed(since: string | null | undefined, now: number = Date.now(), { seconds = false } = {}): string {
  if (!since) return '';
  const ms = now - new Date(since).getTime();
  if (!Number.isFinite(ms)) return '';
  const secs = Math.max(0, Math.floor(ms / 1000));
  if (seconds && secs < 60) return `${secs}s`;
  const minutes = Math.floor(secs / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d`;
  const months = Math.floor(days / 30);
  return months < 12 ? `${months}mo` : `${Math.floor(days / 365)}y`;
}
