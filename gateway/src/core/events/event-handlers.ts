import { createExtensionPoint } from '../plugin-host/extension-point';

/** One row of `event_queue` as a handler receives it. */
export interface QueuedEvent {
  id: string;
  /** `check.failed`, `config.updated`, `incident.created`... (the triggers of migration 1732300000006). */
  name: string;
  properties: Record<string, unknown>;
  created_at: string;
  /** 1 on the first delivery. */
  attempts: number;
}

/**
 * A consumer of the event queue (playbook triggers; notifications next). Every handler whose `events` match an event
 * gets it once it is committed; an event is removed when each of them has handled it. A handler that throws gets it
 * again later (backoff), the others do not: handling must be idempotent per event id, since a crash between the
 * work and its record delivers it again.
 */
export interface EventHandler {
  /** Names it handles; a trailing `*` matches a prefix (`check.*`). */
  readonly events: readonly string[];
  handle(event: QueuedEvent): Promise<void>;
}

/** `@Extension(EVENT_HANDLERS, '<id>')`; the id is recorded on each event it handled. */
export const EVENT_HANDLERS = createExtensionPoint<EventHandler>({
  id: 'events',
  description: 'consumers of the event queue (playbook triggers, notifications)',
});

export function eventMatches(patterns: readonly string[], name: string): boolean {
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : p === name));
}
