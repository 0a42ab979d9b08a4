import { NANOS_PER_MILLI, parseDurationMs, type NotificationResourceType } from '@contracts';
import { eventHealth, type EventVariables } from './variables';

/**
 * The engine's decisions as pure functions of their inputs and the time (docs/notifications.md): repeat interval,
 * wait-for, retries and the grouping note. The handler and the deliverer read the database and call these.
 */

/** `1h`, `30m`, `1d`, `1w`, `1h30m` → milliseconds; null when it is not such a duration. `1m` is one minute. */
export function parseDuration(text: string | null | undefined): number | null {
  const value = text?.trim();
  return value ? parseDurationMs(value) : null;
}

/** Milliseconds a rule's wait_for (nanoseconds) holds a message; 0 when none. */
export const waitForMs = (waitFor: number | null | undefined) => (waitFor && waitFor > 0 ? Math.round(waitFor / NANOS_PER_MILLI) : 0);

/**
 * Repeat interval: the last message of this rule about this resource and event (sent or on its way) was at
 * `lastAt`; another one is suppressed while it is less than the interval ago.
 */
export function withinRepeatInterval(repeatInterval: string | null | undefined, lastAt: Date | null, now: Date): boolean {
  const interval = parseDuration(repeatInterval);
  if (!interval || !lastAt) return false;
  return now.getTime() - lastAt.getTime() < interval;
}

/** Delay before attempt `attempts + 1` after `attempts` failed ones: base, doubling, at most one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delay before the next attempt after a failed one: the backoff, or what the peer asked for (a 429's Retry-After,
 * `ChannelError.retryAfterMs`) when that is longer; at most one hour.
 */
export function nextAttemptDelayMs(attempts: number, baseMs: number, retryAfterMs?: number | null): number {
  const asked = retryAfterMs !== null && retryAfterMs !== undefined && Number.isFinite(retryAfterMs) ? retryAfterMs : 0;
  return Math.min(3_600_000, Math.max(retryDelayMs(attempts, baseMs), asked));
}

/** After a failed attempt: give up (error) or try again later. */
export function afterFailure(attempts: number, maxAttempts: number, retryable: boolean): 'error' | 'retry' {
  return !retryable || attempts >= maxAttempts ? 'error' : 'retry';
}

export type WaitForOutcome = { send: true } | { send: false; reason: string };

const RESOURCE_WORD: Record<NotificationResourceType, string> = {
  check: 'check',
  canary: 'canary',
  component: 'component',
  config: 'config',
  incident: 'incident',
  playbook_run: 'playbook run',
  playbook: 'playbook',
};

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const since = (value: unknown) => (typeof value === 'string' && value ? ` since ${value}` : '');

/**
 * When wait-for has passed: send, unless the resource is gone or no longer in the state the event announced (a
 * failed check passing again, a component or config whose health changed). Events that announce no state
 * (`config.created`, incidents, playbook runs) are sent after the wait.
 */
export function waitForOutcome(event: string, type: NotificationResourceType, current: EventVariables | null): WaitForOutcome {
  if (!current) return { send: false, reason: `the ${RESOURCE_WORD[type]} was deleted within wait-for` };
  const announced = eventHealth(event);
  if (!announced) return { send: true };
  if (type === 'check') {
    const check = record(current.check);
    const status = check.status ?? null;
    if (status === null || status === announced) return { send: true };
    return {
      send: false,
      reason:
        status === 'healthy'
          ? `the check recovered within wait-for (passing${since(check.last_transition_time)})`
          : `the check failed again within wait-for (failing${since(check.last_transition_time)})`,
    };
  }
  const resource = record(current[type]);
  const health = resource.health ?? null;
  if (health === null || health === announced) return { send: true };
  const recovered = health === 'healthy' ? ` (recovered)` : '';
  return { send: false, reason: `the ${RESOURCE_WORD[type]}'s health changed to ${String(health)} within wait-for${recovered}` };
}

/** Events of a resource becoming healthy: channels with incidents of their own resolve them. */
export const resolvesIncident = (event: string) => eventHealth(event) === 'healthy';

/** The note a folded event's row gets, and the line a grouped message ends with. */
export function groupNote(count: number, first: Date, last: Date): string {
  return count > 1 ? `${count} events between ${first.toISOString()} and ${last.toISOString()}` : '';
}
