import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import type { CheckResult, CheckSpec } from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { ConnectionStore } from '@gateway/core/connections';
import { ADDRESS_POLICY, AddressPolicy } from '@gateway/core/outbound';
import { Db } from '@gateway/core/database/db.service';
import { notFound } from '@gateway/core/http/domain-error';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { executeCheck, timeoutOf } from '@gateway/core/checks/check-executor';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { CheckMetrics, type CheckMetricLabels } from './check-metrics';
import { boundDetails } from './check-secrets';

export { timeoutOf, DEFAULT_CHECK_TIMEOUT_MS as DEFAULT_TIMEOUT_MS } from '@gateway/core/checks/check-executor';

/** A stored result, as `check_statuses` holds it. */
export interface CheckStatusRow {
  check_id: string;
  time: string;
  duration: number;
  status: boolean;
  invalid: boolean;
  message: string;
  error: string | null;
  details: Record<string, unknown>;
}

export interface CheckRow {
  id: string;
  type: string;
  spec: CheckSpec;
  status: string | null;
  schedule: string | null;
  /** For the metrics' labels (absent in old callers: the labels are then empty). */
  name?: string;
  canary_name?: string;
  namespace?: string | null;
  /** The due time the scheduler claimed the run for. */
  next_runtime?: Date | null;
}

/** A scheduled result waiting for the next batched write. */
interface Pending {
  check: CheckRow;
  started: Date;
  result: CheckResult;
  done: () => void;
}

/** A field's expression in its language (`expr`, `javascript`, `jsonPath`, `template`); validated when saved. */
/** The columns a run needs (the scheduler's claim selects the same). */
export const CHECK_ROW_COLUMNS = `k.id, k.type, k.spec, k.status, c.schedule, k.name, c.name AS canary_name, coalesce(k.namespace, c.namespace, '') AS namespace`;

/**
 * Runs one check: its type's runner under a timeout, then transform → display → test, then stores the result.
 * Run Now stores at once; scheduled runs are buffered (≤ `flushMs`) and written in batches: one multi-row INSERT
 * into `check_statuses` and one UPDATE of `checks` (status, last_runtime, last_transition_time, and the run lease
 * released) per flush, so the write cost does not grow with one transaction per run.
 */
@Injectable()
export class CheckRunnerService implements OnModuleDestroy {
  private readonly logger = new Logger(CheckRunnerService.name);
  flushMs = 200;
  maxBatch = 500;
  private pending: Pending[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly connections: ConnectionStore,
    @Inject(ADDRESS_POLICY) private readonly policy: AddressPolicy,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'health'>,
    private readonly expressions: ExpressionEvaluator,
    @Optional() private readonly metrics?: CheckMetrics,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.drain();
  }

  async runById(checkId: string): Promise<CheckStatusRow> {
    const check = await this.db.one<CheckRow>(
      `SELECT ${CHECK_ROW_COLUMNS} FROM checks k JOIN canaries c ON c.id = k.canary_id
       WHERE k.id = $1 AND k.deleted_at IS NULL AND c.deleted_at IS NULL`,
      [checkId],
    );
    if (!check) throw notFound('Check not found');
    return this.run(check);
  }

  /** Runs a check row and stores its result (the scheduler claims rows itself, then calls this). */
  async run(check: CheckRow): Promise<CheckStatusRow> {
    const started = new Date();
    const result = await this.execute(check.type, check.spec);
    return this.store(check, started, result);
  }

  /**
   * A scheduled run: executes, then queues the result for the next batched write. Resolves once executed with
   * `stored`, which settles when the result (and the released lease) are written.
   */
  async runScheduled(check: CheckRow): Promise<{ started: Date; result: CheckResult; stored: Promise<void> }> {
    const started = new Date();
    const result = await this.execute(check.type, check.spec);
    const stored = new Promise<void>((done) => this.pending.push({ check, started, result, done }));
    if (this.pending.length >= this.maxBatch) void this.flush();
    else if (!this.flushTimer) this.flushTimer = setTimeout(() => void this.flush(), this.flushMs);
    return { started, result, stored };
  }

  /** Writes everything queued (waits for a write under way first). */
  async drain(): Promise<void> {
    while (this.flushing || this.pending.length) await (this.flushing ?? this.flush());
  }

  /** One batched write of the queued results; one at a time, the next picks up what queued meanwhile. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.flushing) return this.flushing;
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return Promise.resolve();
    this.flushing = this.write(batch)
      .catch(async () => {
        // One bad row (say a NUL byte in a message) must not lose the others: write them one by one.
        for (const p of batch) {
          await this.write([p]).catch(async (error) => {
            this.logger.warn(`storing the result of check ${p.check.id} failed: ${(error as Error).message}`);
            await this.db.query(`UPDATE checks SET run_lease_until = NULL WHERE id = $1`, [p.check.id]).catch(() => undefined);
          });
        }
      })
      .finally(() => {
        for (const p of batch) p.done();
        this.flushing = null;
        if (this.pending.length && !this.flushTimer)
          this.flushTimer = setTimeout(() => void this.flush(), this.pending.length >= this.maxBatch ? 0 : this.flushMs);
      });
    return this.flushing;
  }

  private async write(batch: Pending[]): Promise<void> {
    const col = <T>(f: (p: Pending) => T) => batch.map(f);
    // Only a result newer than the stored last_runtime moves status/last_runtime (a Run Now may have overtaken it;
    // at the same millisecond the Run Now's row won the (check_id, time) key and this one was not stored).
    const rows = await this.db.query<{ id: string; alive: boolean }>(
      `WITH v AS (
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::bool[], $5::bool[], $6::text[], $7::text[], $8::jsonb[])
           AS v(check_id, time, duration, status, invalid, message, error, details)
       ), ins AS (
         INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error, details)
         SELECT v.check_id, v.time, v.duration, v.status, v.invalid, v.message, v.error, v.details FROM v JOIN checks k ON k.id = v.check_id
         ON CONFLICT (check_id, time) DO NOTHING
       )
       UPDATE checks k SET
         status = CASE WHEN k.last_runtime IS NULL OR k.last_runtime < v.time THEN v.new_status ELSE k.status END,
         last_runtime = CASE WHEN k.last_runtime IS NULL OR k.last_runtime < v.time THEN v.time ELSE k.last_runtime END,
         last_transition_time = CASE WHEN (k.last_runtime IS NULL OR k.last_runtime < v.time) AND k.status IS DISTINCT FROM v.new_status
                                     THEN v.time ELSE k.last_transition_time END,
         last_message = CASE WHEN k.last_runtime IS NULL OR k.last_runtime < v.time THEN v.message ELSE k.last_message END,
         last_error = CASE WHEN k.last_runtime IS NULL OR k.last_runtime < v.time THEN v.error ELSE k.last_error END,
         last_invalid = CASE WHEN k.last_runtime IS NULL OR k.last_runtime < v.time THEN v.invalid ELSE k.last_invalid END,
         run_lease_until = NULL
       FROM (SELECT check_id, time, invalid, message, error, CASE WHEN status THEN 'healthy' ELSE 'unhealthy' END AS new_status FROM v) v
       WHERE k.id = v.check_id
       RETURNING k.id, k.deleted_at IS NULL AS alive`,
      [
        col((p) => p.check.id),
        col((p) => p.started),
        col((p) => Math.round(p.result.duration)),
        col((p) => p.result.pass && !p.result.invalid),
        col((p) => p.result.invalid),
        col((p) => storable(p.result.message)),
        col((p) => storable(p.result.error)),
        col((p) => storableJson(p.result.details)),
      ],
    );
    const alive = new Set(rows.filter((r) => r.alive).map((r) => r.id));
    for (const p of batch) {
      if (alive.has(p.check.id)) this.metrics?.record(labelsOf(p.check), p.result);
      else this.metrics?.remove(p.check.id);
    }
  }

  /** How long a run of this check may take (the type's own reading of `timeout`, else `timeoutOf`). */
  timeoutFor(type: string, spec: CheckSpec): number {
    return this.plugins.find(CHECK_RUNNERS, type)?.timeoutMs?.(spec) ?? timeoutOf(spec);
  }

  /** The runner's result with the check's expressions applied (core `executeCheck`), its details bounded for storage; never throws. */
  async execute(type: string, spec: CheckSpec, runner = this.plugins.find(CHECK_RUNNERS, type)): Promise<CheckResult> {
    const result = await executeCheck(runner, spec, {
      policy: this.policy,
      resolveConnection: (name) => this.connections.resolve(name),
      expressions: this.expressions,
    });
    return { ...result, details: boundDetails(result.details, this.config.health.storedBodyBytes) };
  }

  private async store(check: CheckRow, started: Date, result: CheckResult): Promise<CheckStatusRow> {
    const status = result.pass && !result.invalid ? 'healthy' : 'unhealthy';
    const stored = await this.db.transaction(async (tx) => {
      const row = await tx.query<CheckStatusRow>(
        `INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (check_id, time) DO NOTHING
         RETURNING check_id, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time, duration, status, invalid, message, error, details`,
        [
          check.id,
          started,
          Math.round(result.duration),
          result.pass && !result.invalid,
          result.invalid,
          storable(result.message),
          storable(result.error),
          storableJson(result.details),
        ],
      );
      await tx.query(
        `UPDATE checks SET status = CASE WHEN last_runtime IS NULL OR last_runtime <= $3 THEN $2 ELSE status END,
           last_transition_time = CASE WHEN (last_runtime IS NULL OR last_runtime <= $3) AND status IS DISTINCT FROM $2 THEN $3 ELSE last_transition_time END,
           last_message = CASE WHEN last_runtime IS NULL OR last_runtime <= $3 THEN $4 ELSE last_message END,
           last_error = CASE WHEN last_runtime IS NULL OR last_runtime <= $3 THEN $5 ELSE last_error END,
           last_invalid = CASE WHEN last_runtime IS NULL OR last_runtime <= $3 THEN $6 ELSE last_invalid END,
           last_runtime = greatest(last_runtime, $3)
         WHERE id = $1`,
        [check.id, status, started, storable(result.message), storable(result.error), result.invalid],
      );
      return (
        row.rows[0] ?? {
          check_id: check.id,
          time: started.toISOString(),
          duration: Math.round(result.duration),
          status: result.pass && !result.invalid,
          invalid: result.invalid,
          message: result.message,
          error: result.error,
          details: result.details,
        }
      );
    });
    this.metrics?.record(labelsOf(check), result);
    return stored;
  }
}

/** Postgres text cannot hold NUL: a target answering with one must not lose its result (nor leave a stale status). */
const storable = (text: string | null | undefined): string | null => (text == null ? null : text.replace(/\u0000/g, '\uFFFD'));
const storableJson = (details: Record<string, unknown> | null | undefined): string =>
  JSON.stringify(details ?? {}, (_key, value: unknown) => (typeof value === 'string' ? value.replace(/\u0000/g, '\uFFFD') : value));

const labelsOf = (check: CheckRow): CheckMetricLabels => ({
  check_id: check.id,
  check_name: check.name ?? '',
  canary_name: check.canary_name ?? '',
  namespace: check.namespace ?? '',
  type: check.type,
});
