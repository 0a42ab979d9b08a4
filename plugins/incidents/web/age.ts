import { formatElapsed } from '@web/core/formatDateTime';

/** "5m", "3h", "2d": how long ago an incident started. */
export function formatAge(since: string | null | undefined, now: number = Date.now()): string {
  return formatElapsed(since, now);
}
