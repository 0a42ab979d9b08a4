import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { MAX_EVENT_ATTEMPTS } from '@gateway/core/events/event-queue-consumer';
import { badRequest, notFound } from '@gateway/core/http/domain-error';
import { EVENT_NAME_MAX_LENGTH, type EventQueueRetryResult, type EventQueueStatus } from '../event-queue';

/**
 * The event queue as the status page sees it, and the retry of failed events. "Failed" is the consumer's meaning
 * (gateway/src/core/events/event-queue-consumer.ts): the last delivery left an `error` on the row. The consumer claims
 * an event again only after its backoff (10 s doubling, at most 1 h) and never after `MAX_EVENT_ATTEMPTS` deliveries;
 * a retry clears the error, the attempt count and the last attempt, so the event is due at once with a fresh set of
 * attempts. `handled_by` is kept: handlers that already handled it do not get it again.
 */
@Injectable()
export class EventQueueService {
  constructor(
    private readonly db: Db,
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'events'>,
  ) {}

  async status(): Promise<EventQueueStatus> {
    const [row] = await this.db.query<{ pending: number; failed: number; exhausted: number }>(
      `SELECT count(*) FILTER (WHERE error IS NULL)::int AS pending,
              count(*) FILTER (WHERE error IS NOT NULL)::int AS failed,
              count(*) FILTER (WHERE error IS NOT NULL AND attempts >= $1)::int AS exhausted
         FROM event_queue`,
      [MAX_EVENT_ATTEMPTS],
    );
    return { ...row, maxAttempts: MAX_EVENT_ATTEMPTS, consumer: this.config?.events.consumer ?? true };
  }

  /** Makes every failed event named `name` due again and wakes the consumers (every replica listens). */
  async retry(name: string): Promise<EventQueueRetryResult> {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (!trimmed) throw badRequest('An event name is required');
    if (trimmed.length > EVENT_NAME_MAX_LENGTH) throw badRequest(`An event name has at most ${EVENT_NAME_MAX_LENGTH} characters`);
    const rows = await this.db.query<{ id: string }>(
      `UPDATE event_queue SET error = NULL, attempts = 0, last_attempt = NULL
        WHERE name = $1 AND error IS NOT NULL
        RETURNING id`,
      [trimmed],
    );
    if (!rows.length) throw notFound(`No failed events named "${trimmed}" to retry`, 'no_failed_events');
    await this.db.query(`SELECT pg_notify('event_queue', $1)`, [trimmed]);
    return { name: trimmed, retried: rows.length };
  }
}
