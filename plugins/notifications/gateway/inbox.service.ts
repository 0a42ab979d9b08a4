import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Inbox, InboxItem } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { PgListener } from '@gateway/core/database/pg-listener';
import type { InboxQueryDto, InboxReadDto } from './notifications.dto';
import { dateTime, refuse } from './validation';

/** What the bell lists: what reached the person (or failed to), not what is still waiting or was suppressed. */
const SHOWN = `status in ('sent', 'error')`;

/** Changes of one person closer together than this reach their streams as one message. */
const COALESCE_MS = 100;

/**
 * The header bell (issue 15): the signed-in person's latest notifications and how many arrived since they last opened
 * it (`notification_reads`). Only the caller's own rows (`person_id` = the caller), whatever their roles.
 */
@Injectable()
export class InboxService {
  constructor(private readonly db: Db) {}

  async inbox(personId: string, query: InboxQueryDto): Promise<Inbox> {
    const problems: string[] = [];
    let limit = 20;
    if (query.limit !== undefined && query.limit !== '') {
      const n = typeof query.limit === 'string' && /^\d+$/.test(query.limit) ? Number(query.limit) : NaN;
      if (!Number.isSafeInteger(n) || n < 1 || n > 100) problems.push('limit: must be a whole number from 1 to 100');
      else limit = n;
    }
    refuse(problems);
    const [items, unread] = await Promise.all([
      this.db.query<InboxItem>(
        `select h.id, h.notification_id, coalesce(nullif(h.title, ''), n.title, h.source_event) as title, h.status, h.source_event,
                h.resource_type, h.resource_id, h.created_at,
                (r.read_at is not null and date_trunc('milliseconds', h.created_at) <= r.read_at) as read
           from notification_send_history h
           left join notifications n on n.id = h.notification_id
           left join notification_reads r on r.person_id = h.person_id
          where h.person_id = $1 and h.${SHOWN}
          order by h.created_at desc, h.id limit $2`,
        [personId, limit],
      ),
      this.unread(personId),
    ]);
    return { unread, items };
  }

  /**
   * How many of the person's notifications arrived after they last opened the bell. Rows are compared to the millisecond:
   * the API answers times in whole milliseconds while rows keep microseconds, so a read mark of the newest item as shown
   * covers it.
   */
  async unread(personId: string): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      `select count(*)::int as n from notification_send_history h
        where h.person_id = $1 and h.${SHOWN}
          and date_trunc('milliseconds', h.created_at) > coalesce((select read_at from notification_reads where person_id = $1), '-infinity')`,
      [personId],
    );
    return row?.n ?? 0;
  }

  /**
   * Everything up to `until` (default now) counts as read; a mark never moves back, nor past now (a mark in the future
   * would hide every notification until then, and could not be undone).
   */
  async markRead(personId: string, body: InboxReadDto): Promise<void> {
    const problems: string[] = [];
    const until = dateTime(body?.until, 'until', problems);
    refuse(problems);
    await this.db.query(
      `insert into notification_reads (person_id, read_at) values ($1, least(coalesce($2::timestamptz, now()), now()))
       on conflict (person_id) do update set read_at = greatest(notification_reads.read_at, excluded.read_at)`,
      [personId, until],
    );
    // The person's other tabs and replicas update their count.
    await this.db.query(`select pg_notify('notification_inbox', $1)`, [personId]);
  }
}

type Listener = () => void;

/**
 * Tells the bell streams of a person that their notifications changed: one LISTEN 'notification_inbox' connection per
 * process (payload: the person id, sent by the engine when a row of theirs ends sent or error, and by the bell's own
 * `read` on another replica), fanned out to that person's open streams. Started with the first stream.
 */
@Injectable()
export class InboxEventsHub implements OnModuleDestroy {
  private readonly logger = new Logger(InboxEventsHub.name);
  private readonly watchers = new Map<string, Set<Listener>>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private listener: PgListener | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Calls `onChange` after each change of the person's notifications until the returned function is called. */
  async watch(personId: string, onChange: Listener): Promise<() => void> {
    await this.ensureListening();
    let set = this.watchers.get(personId);
    if (!set) this.watchers.set(personId, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (!set.size && this.watchers.get(personId) === set) this.watchers.delete(personId);
    };
  }

  /** Open streams, by person (for tests and metrics). */
  streams(personId: string): number {
    return this.watchers.get(personId)?.size ?? 0;
  }

  /** The person's notifications changed (cheap when nobody of theirs watches). */
  touch(personId: string): void {
    if (!this.watchers.has(personId) || this.pending.has(personId)) return;
    this.pending.set(
      personId,
      setTimeout(() => {
        this.pending.delete(personId);
        for (const listener of [...(this.watchers.get(personId) ?? [])]) listener();
      }, COALESCE_MS),
    );
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await this.listener?.close();
  }

  private ensureListening(): Promise<void> {
    this.starting ??= (async () => {
      this.listener = new PgListener(this.db.pool, ['notification_inbox'], (_channel, payload) => this.touch(payload.trim().toLowerCase()), this.logger);
      await this.listener.start();
    })().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }
}
