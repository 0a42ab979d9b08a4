import { gzipSync } from 'node:zlib';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PUSH_TABLES, type PushBatch, type PushTable } from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { OutboundHttp } from '@gateway/core/outbound';
import { keyOrder, localRowsFilter, PUSH_TABLE_SPECS, type PushTableSpec } from './push-tables';

/** One pusher at a time across replicas sharing the agent's database (a transaction-scoped advisory lock). */
const PUSH_LOCK = 'ops-console:agent-push';
/** Longest wait between two tries while the upstream is down (the backoff doubles up to it). */
export const PUSH_MAX_BACKOFF_MS = 60_000;
/** Uncompressed JSON per push, under the upstream's body limit (1 MiB after decompression). */
export const PUSH_BYTE_BUDGET = 768 * 1024;
/**
 * Rows written this recently are left for the next push, and so is everything at or after the start of a transaction
 * still open: a row becomes visible when its transaction commits, with the time that transaction started, so a
 * cursor that passed that time would otherwise never see it. (A session left open in a transaction for more than
 * 10 minutes is not waited for: it must not stop pushing for good.)
 */
const SETTLE_MS = 500;

interface Cursor {
  ts: string;
  key: string[];
}

interface ReadRow {
  row: Record<string, unknown>;
  ts: string;
  key: string[];
}

type Outcome =
  | { kind: 'pushed'; rows: number; more: boolean }
  | { kind: 'locked' }
  | { kind: 'down'; reason: string }
  | { kind: 'refused'; status: number; reason: string }
  | { kind: 'rejected'; status: number; reason: string };

/**
 * Agent mode (UPSTREAM_URL and AGENT_NAME set): every UPSTREAM_PUSH_INTERVAL_MS, the rows this console made itself
 * (`agent_id` = the local agent, or a parent that is) in PUSH_TABLES that changed since the table's cursor go to the
 * upstream's `POST /api/push`, gzip, in batches of UPSTREAM_BATCH_ROWS. A cursor (time column + key) moves only
 * after the upstream accepted the batch, in the same transaction that read it, so a restart resumes and a failure
 * re-sends (the upstream's upserts make that harmless). Nothing changed → a heartbeat (an empty push).
 *
 * The upstream URL is the operator's setting, not a user's spec: it goes through the outbound client's default guard.
 */
@Injectable()
export class AgentPusher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AgentPusher');
  private readonly upstream: AppConfig['upstream'];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private failures = 0;
  private state: 'ok' | 'down' | 'refused' | 'rejected' | null = null;
  private byteBudget = PUSH_BYTE_BUDGET;

  constructor(
    private readonly db: Db,
    private readonly http: OutboundHttp,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.upstream = config.upstream;
  }

  get enabled(): boolean {
    return Boolean(this.upstream.url && this.upstream.agentName);
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    if (!this.upstream.password) this.logger.warn('agent mode without UPSTREAM_PASSWORD: the upstream will refuse the pushes');
    this.logger.log(`agent mode: pushing to ${this.upstream.url} as agent '${this.upstream.agentName}' every ${this.upstream.pushIntervalMs} ms`);
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.cycle().finally(() => (this.running = null));
    }, delayMs);
    this.timer.unref?.();
  }

  /** Pushes until caught up (or a failure), then waits for the next interval, or the backoff. */
  private async cycle(): Promise<void> {
    let delay = this.upstream.pushIntervalMs;
    for (;;) {
      if (this.stopped) return;
      const outcome = await this.pushOnce().catch((error: Error): Outcome => ({ kind: 'down', reason: error.message }));
      if (this.stopped) return;
      if (outcome.kind === 'pushed') {
        this.failures = 0;
        this.enter('ok', `the upstream accepts this agent's pushes again`);
        if (outcome.more) continue;
      } else if (outcome.kind === 'down' || outcome.kind === 'rejected') {
        this.failures++;
        delay = Math.min(PUSH_MAX_BACKOFF_MS, this.upstream.pushIntervalMs * 2 ** Math.min(this.failures - 1, 20));
        if (outcome.kind === 'down')
          this.enter('down', `the upstream ${this.upstream.url} is unreachable (${outcome.reason}): retrying with backoff, unpushed rows are kept`);
        else this.enter('rejected', `the upstream rejected a push (HTTP ${outcome.status}): ${outcome.reason}; retrying with backoff`);
        await this.trimBacklog().catch((error: Error) => this.logger.warn(`could not check the local backlog: ${error.message}`));
      } else if (outcome.kind === 'refused') {
        // Credentials do not heal by themselves: try again slowly, say so once.
        delay = PUSH_MAX_BACKOFF_MS;
        this.enter(
          'refused',
          `the upstream refused this agent's credentials (HTTP ${outcome.status}): check UPSTREAM_PASSWORD (the agent's access token)` +
            (outcome.status === 403 && outcome.reason ? ` (${outcome.reason})` : ''),
        );
      }
      break;
    }
    this.schedule(delay);
  }

  /** One log line per change of state. */
  private enter(state: NonNullable<AgentPusher['state']>, message: string): void {
    if (this.state === state) return;
    const previous = this.state;
    this.state = state;
    if (state === 'ok') {
      if (previous !== null) this.logger.log(message);
    } else if (state === 'refused') this.logger.error(message);
    else this.logger.warn(message);
  }

  /** Reads one batch, pushes it, and moves the cursors when the upstream accepted it (one transaction). */
  async pushOnce(): Promise<Outcome> {
    return this.locked(async (tx) => {
      const horizon = await this.horizon(tx);
      const cursors = await this.cursors(tx);
      const batch: PushBatch = { agent: this.upstream.agentName!, rows: {} };
      const last = new Map<PushTable, ReadRow>();
      let total = 0;
      let bytes = 0;
      let more = false;
      for (const table of PUSH_TABLES) {
        const room = this.upstream.batchRows - total;
        if (room <= 0 || more) {
          more = true;
          break;
        }
        const rows = await this.read(tx, PUSH_TABLE_SPECS[table], cursors.get(table), horizon, room);
        const taken: Record<string, unknown>[] = [];
        for (const read of rows) {
          const size = JSON.stringify(read.row).length + 1;
          if (bytes + size > this.byteBudget && total > 0) {
            more = true;
            break;
          }
          bytes += size;
          total++;
          taken.push(read.row);
          last.set(table, read);
        }
        if (taken.length) batch.rows[table] = taken;
        if (rows.length === room) more = true;
      }

      const answer = await this.post(batch);
      if ('down' in answer) return { kind: 'down', reason: answer.down };
      const { status, message } = answer;
      if (status === 401 || status === 403) return { kind: 'refused', status, reason: message };
      if (status === 413 && total > 1) {
        // The upstream's body limit is lower than ours: send less at a time.
        this.byteBudget = Math.max(16 * 1024, Math.floor(this.byteBudget / 2));
        return { kind: 'pushed', rows: 0, more: true };
      }
      if (status === 413 && total === 1) {
        // One row larger than the upstream accepts would stop every push after it: skip it, loudly.
        const [table, read] = [...last.entries()][0];
        this.logger.error(`skipped a ${table} row (key ${read.key.join(', ')}): larger than the upstream accepts (HTTP 413)`);
        await this.advance(tx, table, read, 0, 1);
        return { kind: 'pushed', rows: 0, more: true };
      }
      if (status < 200 || status >= 300) return { kind: status >= 500 ? 'down' : 'rejected', status, reason: message } as Outcome;
      for (const [table, read] of last) await this.advance(tx, table, read, batch.rows[table]!.length, 0);
      return { kind: 'pushed', rows: total, more };
    });
  }

  /**
   * Past UPSTREAM_BACKLOG_ROWS unpushed rows (the upstream down for long), the oldest check results are skipped so the
   * agent's database does not grow without end; checks, config items and the rest are always kept.
   */
  async trimBacklog(): Promise<number> {
    const bound = this.upstream.backlogRows;
    const outcome = await this.locked(async (tx) => {
      const cursors = await this.cursors(tx);
      let total = 0;
      for (const table of PUSH_TABLES) total += await this.countUnpushed(tx, PUSH_TABLE_SPECS[table], cursors.get(table), bound + 1);
      if (total <= bound) return 0;
      const spec = PUSH_TABLE_SPECS.check_statuses;
      const skip = Math.min(total - bound, await this.countUnpushed(tx, spec, cursors.get('check_statuses'), total - bound));
      if (skip <= 0) return 0;
      const [edge] = await this.read(tx, spec, cursors.get('check_statuses'), 'infinity', 1, skip - 1);
      if (!edge) return 0;
      await this.advance(tx, 'check_statuses', edge, 0, skip);
      this.logger.warn(
        `the local backlog holds more than UPSTREAM_BACKLOG_ROWS (${bound}) unpushed rows while the upstream is unreachable: ` +
          `skipped the ${skip} oldest check results (up to ${edge.ts}); checks and config items are kept`,
      );
      return skip;
    });
    return typeof outcome === 'number' ? outcome : 0;
  }

  private async locked<T>(work: (tx: PoolClient) => Promise<T>): Promise<T | { kind: 'locked' }> {
    const client = await this.db.pool.connect();
    let lost: Error | undefined;
    const onError = (error: Error) => (lost = error);
    client.on('error', onError);
    try {
      // One snapshot for the whole batch: a child row read is never newer than the parents read before it.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS ok', [PUSH_LOCK]);
      if (!rows[0].ok) {
        await client.query('ROLLBACK');
        return { kind: 'locked' };
      }
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(lost);
    }
  }

  /** Rows changed before this are safe to read: nothing still uncommitted can appear behind it. */
  private async horizon(tx: PoolClient): Promise<string> {
    const { rows } = await tx.query<{ horizon: string }>(
      `SELECT (least(now(), (SELECT min(xact_start) FROM pg_stat_activity
                            WHERE datname = current_database() AND pid <> pg_backend_pid()
                              AND xact_start > now() - interval '10 minutes'))
              - $1 * interval '1 millisecond')::text AS horizon`,
      [SETTLE_MS],
    );
    return rows[0].horizon;
  }

  private async cursors(tx: PoolClient): Promise<Map<PushTable, Cursor>> {
    const { rows } = await tx.query<{ table_name: PushTable; ts: string; key: string[] }>(`SELECT table_name, ts::text AS ts, key FROM agent_push_cursors`);
    return new Map(rows.map((r) => [r.table_name, { ts: r.ts, key: r.key }]));
  }

  /** The changed rows after `cursor` (time, then key), before `horizon`, in cursor order. */
  private async read(tx: PoolClient, spec: PushTableSpec, cursor: Cursor | undefined, horizon: string, limit: number, offset = 0): Promise<ReadRow[]> {
    const { sql, params } = this.changedRows(spec, cursor, horizon);
    const columns = spec.columns.map((c) => `t."${c}"`).join(', ');
    const keys = keyOrder(spec);
    const { rows } = await tx.query<ReadRow>(
      `SELECT (SELECT to_jsonb(c) FROM (SELECT ${columns}) c) AS row, (${spec.changedAt})::text AS ts, ARRAY[${keys.join(', ')}] AS key
       ${sql} ORDER BY ${spec.changedAt}, ${keys.join(', ')} LIMIT ${Math.max(0, Math.floor(limit))} OFFSET ${Math.max(0, Math.floor(offset))}`,
      params,
    );
    return rows;
  }

  private async countUnpushed(tx: PoolClient, spec: PushTableSpec, cursor: Cursor | undefined, cap: number): Promise<number> {
    const { sql, params } = this.changedRows(spec, cursor, 'infinity');
    const { rows } = await tx.query<{ n: string }>(`SELECT count(*) AS n FROM (SELECT 1 ${sql} LIMIT ${Math.max(0, Math.floor(cap))}) x`, params);
    return Number(rows[0].n);
  }

  private changedRows(spec: PushTableSpec, cursor: Cursor | undefined, horizon: string): { sql: string; params: unknown[] } {
    const keys = keyOrder(spec);
    const at = spec.changedAt;
    const params: unknown[] = [horizon, cursor?.ts ?? '-infinity', ...(cursor?.key ?? keys.map(() => ''))];
    const keyParams = keys.map((_, i) => `$${i + 3}::text`);
    const sql = `FROM ${spec.table} t
       WHERE ${localRowsFilter(spec)} AND ${at} < $1::timestamptz AND ${at} >= $2::timestamptz
         AND (${at}, ${keys.join(', ')}) > ($2::timestamptz, ${keyParams.join(', ')})`;
    return { sql, params };
  }

  private async advance(tx: PoolClient, table: PushTable, read: ReadRow, pushed: number, skipped: number): Promise<void> {
    await tx.query(
      `INSERT INTO agent_push_cursors (table_name, ts, key, pushed_rows, skipped_rows, updated_at) VALUES ($1, $2::timestamptz, $3::text[], $4, $5, now())
       ON CONFLICT (table_name) DO UPDATE SET ts = EXCLUDED.ts, key = EXCLUDED.key, pushed_rows = agent_push_cursors.pushed_rows + EXCLUDED.pushed_rows,
         skipped_rows = agent_push_cursors.skipped_rows + EXCLUDED.skipped_rows, updated_at = now()`,
      [table, read.ts, read.key, pushed, skipped],
    );
  }

  /** POST /api/push; `down` when there was no answer. */
  private async post(batch: PushBatch): Promise<{ status: number; message: string } | { down: string }> {
    const credentials = Buffer.from(`${this.upstream.username}:${this.upstream.password ?? ''}`).toString('base64');
    try {
      const response = await this.http.request(`${this.upstream.url}/api/push`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${credentials}`,
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          Accept: 'application/json',
        },
        body: gzipSync(JSON.stringify(batch)),
        timeoutMs: this.upstream.timeoutMs,
        signal: this.abort.signal,
        maxBytes: 64 * 1024,
      });
      let message = '';
      if (response.status >= 300) {
        try {
          message = String((JSON.parse(response.body.toString('utf8')) as { message?: unknown }).message ?? '');
        } catch {
          message = response.body.toString('utf8').slice(0, 200);
        }
      }
      return { status: response.status, message };
    } catch (error) {
      return { down: (error as Error).message };
    }
  }
}
