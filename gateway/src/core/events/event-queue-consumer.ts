import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Db } from '../database/db.service';
import { PgListener } from '../database/pg-listener';
import { PluginHost } from '../plugin-host/plugin-host.service';
import { EVENT_HANDLERS, eventMatches, type EventHandler, type QueuedEvent } from './event-handlers';

/** Events claimed at once by one replica. */
const BATCH = 50;
/** After this many failed deliveries an event stays in the queue with its error (the event queue page lists it). */
export const MAX_EVENT_ATTEMPTS = 10;
/** How long shutting down waits for a pass under way. */
const SHUTDOWN_WAIT_MS = 2000;

/**
 * The one consumer of `event_queue` on each replica. Woken by `pg_notify('event_queue')` (migration 1732300000006)
 * and polling every second, it claims a batch with `FOR UPDATE SKIP LOCKED`, setting `last_attempt` and counting the
 * attempt: a claimed event is not claimed again until its backoff (10 s, doubling, at most 1 h) has passed, so a
 * replica that dies mid-event hands it to another one later (at least once). Each handler whose names match gets the
 * event unless `handled_by` already holds its id; an event is deleted once all of them have handled it, and an event
 * no handler wants is deleted at once. A failed handler's error is kept on the row for the next attempt.
 */
@Injectable()
export class EventQueueConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EventQueueConsumer.name);
  private listener: PgListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'events'>,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config && !this.config.events.consumer) return;
    this.listener = new PgListener(this.db.pool, ['event_queue'], () => this.wake(), this.logger);
    void this.listener.start().catch((error) => this.logger.warn(`LISTEN event_queue failed: ${(error as Error).message}`));
    this.timer = setInterval(() => this.wake(), 1000);
    this.timer.unref();
    this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.listener?.close();
    // The database pool closes alongside (this consumer lives in the core module with it): a pass under way may never
    // get its answers, so it is not waited for beyond a moment. What it claimed and did not finish is delivered again
    // after its backoff.
    await Promise.race([this.draining, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
  }

  /** Handles what is queued now (also called by tests to drain the queue without waiting). */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.pass()) === BATCH);
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.warn(`Event queue pass failed: ${(error as Error).message}`);
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /** One batch: claim, deliver, record. Answers how many were claimed. */
  private async pass(): Promise<number> {
    const events = await this.db.query<QueuedEvent & { handled_by: string[] }>(
      `WITH next AS (
         SELECT id FROM event_queue
          WHERE attempts < $2
            AND (last_attempt IS NULL OR last_attempt < now() - make_interval(secs => least(3600, 10 * power(2, greatest(attempts - 1, 0)))))
          ORDER BY priority DESC, created_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED)
       UPDATE event_queue e SET attempts = e.attempts + 1, last_attempt = now()
         FROM next WHERE e.id = next.id
       RETURNING e.id, e.name, e.properties, e.created_at, e.attempts, e.handled_by`,
      [BATCH, MAX_EVENT_ATTEMPTS],
    );
    if (this.stopped) return 0;
    const handlers = this.plugins.contributions(EVENT_HANDLERS);
    await Promise.all(events.map((event) => this.deliver(event, handlers)));
    return events.length;
  }

  private async deliver(event: QueuedEvent & { handled_by: string[] }, handlers: readonly { id: string; instance: EventHandler }[]): Promise<void> {
    const pending = handlers.filter((h) => eventMatches(h.instance.events, event.name) && !event.handled_by.includes(h.id));
    const done: string[] = [];
    const errors: string[] = [];
    for (const handler of pending) {
      try {
        await handler.instance.handle({ id: event.id, name: event.name, properties: event.properties, created_at: event.created_at, attempts: event.attempts });
        done.push(handler.id);
      } catch (error) {
        errors.push(`${handler.id}: ${(error as Error).message}`);
      }
    }
    if (!errors.length) {
      await this.db.query('DELETE FROM event_queue WHERE id = $1', [event.id]);
      return;
    }
    await this.db.query(`UPDATE event_queue SET handled_by = handled_by || $2::text[], error = $3 WHERE id = $1`, [event.id, done, errors.join('; ')]);
  }
}
