import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Db } from '@gateway/core/database/db.service';
import { compileSchedule, MIN_GAP_MS } from './canary-document';
import { CheckRunnerService, timeoutOf, type CheckRow } from './check-runner.service';

/**
 * Runs each canary's checks on its schedule. Every replica ticks (1 s); a tick claims due checks with
 * `FOR UPDATE SKIP LOCKED` and a run lease (`checks.run_lease_until`), so a due run happens once across replicas and
 * a check never runs twice at once. At claim time `next_runtime` moves to the schedule's next time, at least 10 s
 * after this start, plus a small jitter. Global and per-type caps bound the runs in flight on this replica.
 * `HEALTH_SCHEDULER=off` disables it (Run Now still works).
 */
@Injectable()
export class CheckScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CheckScheduler.name);
  tickMs = 1000;
  globalCap = Number(process.env.HEALTH_CHECK_CONCURRENCY ?? 50);
  perTypeCap = Number(process.env.HEALTH_CHECK_TYPE_CONCURRENCY ?? 20);
  maxJitterMs = 1000;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private stopped = false;
  private total = 0;
  private readonly perType = new Map<string, number>();
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly runner: CheckRunnerService,
  ) {}

  onApplicationBootstrap(): void {
    if (process.env.HEALTH_SCHEDULER === 'off') return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inflight]);
  }

  /** One scheduling pass: claim what is due (within the caps) and start it. */
  async tick(): Promise<number> {
    if (this.ticking || this.stopped) return 0;
    this.ticking = true;
    try {
      const claimed = await this.claim();
      for (const check of claimed) this.start(check);
      return claimed.length;
    } catch (error) {
      if (!this.stopped) this.logger.warn(`scheduling tick failed: ${(error as Error).message}`);
      return 0;
    } finally {
      this.ticking = false;
    }
  }

  private async claim(): Promise<CheckRow[]> {
    const slots = this.globalCap - this.total;
    if (slots <= 0) return [];
    const saturated = [...this.perType].filter(([, n]) => n >= this.perTypeCap).map(([type]) => type);
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<CheckRow>(
        `SELECT k.id, k.type, k.spec, k.status, c.schedule
         FROM checks k JOIN canaries c ON c.id = k.canary_id
         WHERE k.deleted_at IS NULL AND c.deleted_at IS NULL AND k.next_runtime <= now()
           AND (k.run_lease_until IS NULL OR k.run_lease_until < now())
           AND NOT (k.type = ANY($2::text[]))
         ORDER BY k.next_runtime
         LIMIT $1
         FOR UPDATE OF k SKIP LOCKED`,
        [slots, saturated],
      );
      const claimed: CheckRow[] = [];
      const batch = new Map<string, number>();
      const now = Date.now();
      for (const row of rows) {
        const n = (this.perType.get(row.type) ?? 0) + (batch.get(row.type) ?? 0);
        if (n >= this.perTypeCap) continue;
        batch.set(row.type, (batch.get(row.type) ?? 0) + 1);
        let next: Date | null = null;
        try {
          next = row.schedule ? compileSchedule(row.schedule).next(new Date(now)) : null;
        } catch {
          next = null;
        }
        if (next) next = new Date(Math.max(next.getTime(), now + MIN_GAP_MS) + Math.floor(Math.random() * this.maxJitterMs));
        const lease = new Date(now + timeoutOf(row.spec) + 30_000);
        await tx.query(`UPDATE checks SET next_runtime = $2, run_lease_until = $3, last_started_at = $4 WHERE id = $1`, [row.id, next, lease, new Date(now)]);
        claimed.push(row);
      }
      return claimed;
    });
  }

  private start(check: CheckRow): void {
    this.total++;
    this.perType.set(check.type, (this.perType.get(check.type) ?? 0) + 1);
    const run = this.runner
      .run(check)
      .catch((error) => this.logger.warn(`check ${check.id} failed to run: ${(error as Error).message}`))
      .finally(async () => {
        await this.db.query(`UPDATE checks SET run_lease_until = NULL WHERE id = $1`, [check.id]).catch(() => undefined);
        this.total--;
        this.perType.set(check.type, (this.perType.get(check.type) ?? 1) - 1);
        this.inflight.delete(run);
      });
    this.inflight.add(run);
  }
}
