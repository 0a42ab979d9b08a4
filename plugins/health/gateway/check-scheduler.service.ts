import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, loadConfig, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { compileSchedule, MIN_GAP_MS, type CompiledSchedule } from './canary-document';
import { CHECK_ROW_COLUMNS, CheckRunnerService, type CheckRow } from './check-runner.service';

/**
 * Runs each canary's checks on its schedule. Every replica ticks (`HEALTH_SCHEDULER_TICK_MS`, 250 ms: a due check waits
 * for the next tick, so this bounds the schedule lag; an idle tick is one index lookup); a tick claims due checks with
 * `FOR UPDATE SKIP LOCKED` and a run lease (`checks.run_lease_until`), so a due run happens once across replicas and
 * a check never runs twice at once. At claim time `next_runtime` moves to the schedule's next time, at least 10 s
 * after this start: cron schedules take the next cron time after now plus up to 1 s of jitter; `@every d` keeps the
 * check's phase (the due time + d) so a late run does not push every later one back, and a check placed afresh (new,
 * or more than one interval behind) gets now + d plus the jitter, which spreads checks created together.
 * Global and per-type caps bound the runs executing on this replica; a slot frees when the run's result is in
 * hand (the runner writes results in batches and releases the lease with them). A claim also takes up to
 * `globalCap` due checks more into a local queue, started as slots free; while due checks remain, a freed slot
 * triggers another claim (at most every `refillMs`) instead of waiting for the next tick.
 * `HEALTH_SCHEDULER=off` disables it (Run Now still works).
 */
@Injectable()
export class CheckScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CheckScheduler.name);
  tickMs: number;
  globalCap: number;
  perTypeCap: number;
  maxJitterMs = 1000;
  refillMs = 20;
  private timer: NodeJS.Timeout | null = null;
  private refill: NodeJS.Timeout | null = null;
  /** The last claim may have left due checks behind (it filled its slots or hit a type cap). */
  private backlog = false;
  private readonly schedules = new Map<string, CompiledSchedule | null>();
  private ticking = false;
  /** A refill came while a claim was under way: run one more after it. */
  private again = false;
  private stopped = false;
  private total = 0;
  private readonly perType = new Map<string, number>();
  private readonly inflight = new Set<Promise<unknown>>();
  /** Checks running now, by id (their leases are renewed with the queued ones'). */
  private readonly running = new Map<string, CheckRow>();
  /** Claimed (lease held, next_runtime moved), waiting for a free slot. */
  private readonly ready: CheckRow[] = [];
  /** Until when this replica holds each claimed check's lease (queued or running). */
  private readonly leases = new Map<string, number>();
  /** A held lease closer than this to its end is renewed (queued checks may wait longer than one timeout). */
  renewMarginMs = 15_000;
  private readonly health: AppConfig['health'];

  constructor(
    private readonly db: Db,
    private readonly runner: CheckRunnerService,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
  ) {
    // The validated config (the app), else its documented defaults (a bare instance in a test).
    this.health = config?.health ?? loadConfig({}).health;
    this.globalCap = this.health.checkConcurrency;
    this.perTypeCap = this.health.typeConcurrency;
    this.tickMs = this.health.tickMs;
  }

  onApplicationBootstrap(): void {
    if (!this.health.scheduler) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.refill) clearTimeout(this.refill);
    this.timer = null;
    this.refill = null;
    this.leases.clear();
    await this.handBack(this.ready.splice(0));
    await Promise.allSettled([...this.inflight]);
    await this.runner.drain();
  }

  /** One scheduling pass: claim what is due (within the caps and the local queue's room) and start what the caps allow. */
  async tick(): Promise<number> {
    if (this.ticking || this.stopped) return 0;
    this.ticking = true;
    try {
      const claimed = await this.claim();
      if (this.stopped) {
        await this.handBack(claimed);
        return 0;
      }
      this.ready.push(...claimed);
      await this.renewLeases();
      this.startReady();
      if (claimed.length && this.backlog && this.ready.length < this.globalCap) this.again = true;
      return claimed.length;
    } catch (error) {
      if (!this.stopped) this.logger.warn(`scheduling tick failed: ${(error as Error).message}`);
      return 0;
    } finally {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.refillSoon();
      }
    }
  }

  /** Claimed but not started (shutting down): hand them back, due as they were, for another replica or the next start. */
  private async handBack(unstarted: CheckRow[]): Promise<void> {
    if (!unstarted.length) return;
    await this.db
      .query(`UPDATE checks k SET run_lease_until = NULL, next_runtime = v.due FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, due) WHERE k.id = v.id`, [
        unstarted.map((c) => c.id),
        unstarted.map((c) => c.next_runtime ?? new Date()),
      ])
      .catch(() => undefined);
  }

  /**
   * Claims due checks for the runs the caps allow now plus a queue of up to `globalCap` more, so a finished run is
   * followed by the next one at once instead of by one claim round trip per run. Per type, running + queued stay
   * within the type's cap plus the queue's size.
   */
  private async claim(): Promise<CheckRow[]> {
    const want = this.globalCap - this.total + this.globalCap - this.ready.length;
    if (want <= 0) {
      this.backlog = true;
      return [];
    }
    const held = new Map(this.perType);
    for (const row of this.ready) held.set(row.type, (held.get(row.type) ?? 0) + 1);
    const typeRoom = this.perTypeCap + this.globalCap;
    const saturated = [...held].filter(([, n]) => n >= typeRoom).map(([type]) => type);
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<CheckRow>(
        `SELECT ${CHECK_ROW_COLUMNS}, k.next_runtime
         FROM checks k JOIN canaries c ON c.id = k.canary_id
         WHERE k.deleted_at IS NULL AND c.deleted_at IS NULL AND k.next_runtime <= now()
           AND (k.run_lease_until IS NULL OR k.run_lease_until < now())
           AND NOT (k.type = ANY($2::text[]))
         ORDER BY k.next_runtime
         LIMIT $1
         FOR UPDATE OF k SKIP LOCKED`,
        [want, saturated],
      );
      const claimed: CheckRow[] = [];
      const now = Date.now();
      let capped = saturated.length > 0;
      const ids: string[] = [];
      const nexts: (Date | null)[] = [];
      const leases: Date[] = [];
      for (const row of rows) {
        const n = held.get(row.type) ?? 0;
        if (n >= typeRoom) {
          capped = true;
          continue;
        }
        held.set(row.type, n + 1);
        ids.push(row.id);
        nexts.push(this.nextRun(row, now));
        const lease = now + this.runner.timeoutFor(row.type, row.spec) + 30_000;
        leases.push(new Date(lease));
        this.leases.set(row.id, lease);
        claimed.push(row);
      }
      this.backlog = capped || rows.length >= want;
      if (ids.length) {
        await tx.query(
          `UPDATE checks k SET next_runtime = v.next, run_lease_until = v.lease, last_started_at = $4
           FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS v(id, next, lease)
           WHERE k.id = v.id`,
          [ids, nexts, leases, new Date(now)],
        );
      }
      return claimed;
    });
  }

  /**
   * Keeps the leases this replica holds alive: a queued check, or one that started late, renews its lease to now +
   * its timeout + 30 s before it runs out, so another replica (or this one's next claim) cannot take it meanwhile.
   */
  async renewLeases(now = Date.now()): Promise<number> {
    const due = [...this.leases].filter(([, until]) => until - now < this.renewMarginMs).map(([id]) => id);
    if (!due.length) return 0;
    const held = new Map([...this.ready].map((row) => [row.id, row]));
    const ids: string[] = [];
    const untils: Date[] = [];
    for (const id of due) {
      const row = held.get(id) ?? this.running.get(id);
      if (!row) {
        this.leases.delete(id);
        continue;
      }
      const until = now + this.runner.timeoutFor(row.type, row.spec) + 30_000;
      this.leases.set(id, until);
      ids.push(id);
      untils.push(new Date(until));
    }
    if (ids.length) {
      await this.db.query(
        `UPDATE checks k SET run_lease_until = v.until FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, until)
         WHERE k.id = v.id AND k.run_lease_until IS NOT NULL`,
        [ids, untils],
      );
    }
    return ids.length;
  }

  /** Starts queued checks, oldest due first, while the global and per-type caps allow. */
  private startReady(): void {
    if (this.stopped) return;
    for (let i = 0; i < this.ready.length && this.total < this.globalCap;) {
      const check = this.ready[i];
      if ((this.perType.get(check.type) ?? 0) >= this.perTypeCap) {
        i++;
        continue;
      }
      this.ready.splice(i, 1);
      this.start(check);
    }
  }

  /** The next due time of a check claimed at `now` (see the class comment). */
  nextRun(row: Pick<CheckRow, 'schedule' | 'next_runtime'>, now: number): Date | null {
    const schedule = this.compiled(row.schedule);
    if (!schedule) return null;
    const jitter = () => Math.floor(Math.random() * this.maxJitterMs);
    const due = row.next_runtime ? new Date(row.next_runtime).getTime() : null;
    // `@every d` keeps the check's phase (next = due + d) instead of drifting by the lag.
    if (schedule.everyMs !== null && due !== null && due > now - schedule.everyMs) {
      const next = due + schedule.everyMs;
      return new Date(next >= now + MIN_GAP_MS ? next : now + MIN_GAP_MS + jitter());
    }
    const next = schedule.next(new Date(now));
    if (!next) return null;
    return new Date(Math.max(next.getTime(), now + MIN_GAP_MS) + jitter());
  }

  /** The parsed schedule (cached); null when there is none or it no longer parses. */
  private compiled(schedule: string | null): CompiledSchedule | null {
    if (!schedule) return null;
    let compiled = this.schedules.get(schedule);
    if (compiled === undefined) {
      try {
        compiled = compileSchedule(schedule);
      } catch {
        compiled = null;
      }
      if (this.schedules.size > 10_000) this.schedules.clear();
      this.schedules.set(schedule, compiled);
    }
    return compiled;
  }

  private start(check: CheckRow): void {
    this.running.set(check.id, check);
    // Started late (it waited in the queue): the lease must cover this run's whole timeout.
    const until = this.leases.get(check.id);
    if (until !== undefined && until - Date.now() < this.runner.timeoutFor(check.type, check.spec) + this.renewMarginMs) {
      this.leases.set(check.id, 0);
      void this.renewLeases().catch(() => undefined);
    }
    this.total++;
    this.perType.set(check.type, (this.perType.get(check.type) ?? 0) + 1);
    let stored: Promise<void> = Promise.resolve();
    const run = this.runner
      .runScheduled(check)
      .then((r) => {
        stored = r.stored;
      })
      .catch(async (error) => {
        this.logger.warn(`check ${check.id} failed to run: ${(error as Error).message}`);
        await this.db.query(`UPDATE checks SET run_lease_until = NULL WHERE id = $1`, [check.id]).catch(() => undefined);
      })
      .finally(() => {
        // The slot frees with the result in hand; the lease stays until the batched write releases it.
        this.running.delete(check.id);
        this.leases.delete(check.id);
        this.total--;
        this.perType.set(check.type, (this.perType.get(check.type) ?? 1) - 1);
        this.inflight.delete(run);
        const written = stored.finally(() => this.inflight.delete(written));
        this.inflight.add(written);
        this.startReady();
        this.refillSoon();
      });
    this.inflight.add(run);
  }

  /** Another claim shortly when the last one left due checks behind (runs only with the timer on). */
  private refillSoon(): void {
    if (!this.backlog || this.ready.length >= this.globalCap || this.refill || this.stopped || !this.timer) return;
    this.refill = setTimeout(() => {
      this.refill = null;
      if (this.ticking) this.again = true;
      else void this.tick();
    }, this.refillMs);
  }
}
