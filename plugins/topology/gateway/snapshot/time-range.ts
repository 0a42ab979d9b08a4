import { badRequest } from '@gateway/core/http/domain-error';
import { parseRelativeTime } from '@gateway/core/http/relative-time';

/** The first time range option of the snapshot dialog (spec 02: the default range). */
export const DEFAULT_SNAPSHOT_START = 'now-15m';

const MESSAGE = 'start: use now-<n><unit> (m, h, d, w, mo, y) such as now-15m, or an ISO time';

/** The snapshot's `start` (default `now-15m`; core parseRelativeTime) as a time before `now`; a 400 naming the field otherwise. */
export function parseSnapshotStart(value: unknown, now: Date): Date {
  const text = value === undefined || value === '' ? DEFAULT_SNAPSHOT_START : value;
  const start = typeof text === 'string' && text.trim() !== 'now' ? parseRelativeTime(text, now.getTime()) : null;
  if (!start) throw badRequest(MESSAGE);
  if (start.getTime() >= now.getTime()) throw badRequest('start: must be before now');
  return start;
}

/** `related`: true/false (or 1/0); absent is false. */
export function parseRelated(value: unknown): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw badRequest('related: use true or false');
}
