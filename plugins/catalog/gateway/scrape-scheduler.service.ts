import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { compileSchedule } from '@gateway/core/jobs';
import { MIN_SCRAPE_EVERY_MS, type ParsedScrapeConfig } from './scrape-config';
import { ScrapeRunnerService, type ScraperRow } from './scrape-runner.service';
import { ScrapersService } from './scrapers.service';

interface DueRow extends ScraperRow {
  schedule: string | null;
  next_runtime: Date | null;
}

/**
 * Runs each scraper on its schedule (`spec.schedule`, default `@every 60m`). Every replica ticks
 * (`SCRAPER_SCHEDULER_TICK_MS`); a tick claims due scrapers with `FOR UPDATE SKIP LOCKED` and a run lease
 * (`config_scrapers.run_lease_until`, the whole run's budget), so a due scrape runs once across replicas and a
 * scraper never runs twice at once (Run Now takes the same lease). At claim time `next_runtime` moves to the
 * schedule's next time. A global cap and a per-type cap (the scraper's first type) bound the scrapes running on this
 * replica. `SCRAPER_SCHEDULER=off` disables it (Run Now still works).
 */
@Injectable()
export class ScrapeScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ScrapeScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private stopped = false;
  private total = 0;
  private readonly perType = new Map<string, number>();
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly runner: ScrapeRunnerService,
    private readonly scrapers: ScrapersService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'scrapers'>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.scrapers.scheduler) return;
    this.timer = setInterval(() => void this.tick(), this.config.scrapers.tickMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inflight]);
  }

  /** One pass: claim what is due within the caps and start it. Returns how many scrapes started. */
  async tick(): Promise<number> {
    if (this.ticking || this.stopped) return 0;
    this.ticking = true;
    try {
      const room = this.config.scrapers.concurrency - this.total;
      if (room <= 0) return 0;
      const claimed = await this.claim(room);
      for (const { row, parsed } of claimed) this.start(row, parsed);
      return claimed.length;
    } catch (error) {
      if (!this.stopped) this.logger.warn(`scrape scheduling tick failed: ${(error as Error).message}`);
      return 0;
    } finally {
      this.ticking = false;
    }
  }

  private async claim(room: number): Promise<{ row: DueRow; parsed: ParsedScrapeConfig }[]> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<DueRow>(
        `SELECT id, name, namespace, agent_id, spec, schedule, next_runtime FROM config_scrapers
         WHERE deleted_at IS NULL AND next_runtime <= now() AND (run_lease_until IS NULL OR run_lease_until < now())
         ORDER BY next_runtime LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [room * 4],
      );
      const claimed: { row: DueRow; parsed: ParsedScrapeConfig }[] = [];
      const perType = new Map(this.perType);
      for (const row of rows) {
        if (claimed.length >= room) break;
        let parsed: ParsedScrapeConfig;
        try {
          parsed = this.scrapers.parse({ name: row.name, namespace: row.namespace, spec: row.spec });
        } catch (error) {
          // A spec that no longer validates (a type plugin was removed) waits for an edit instead of failing each tick.
          this.logger.warn(`scraper ${row.id} is not valid and is not scheduled: ${(error as Error).message}`);
          await tx.query(`UPDATE config_scrapers SET next_runtime = NULL WHERE id = $1`, [row.id]);
          continue;
        }
        const type = parsed.entries[0]?.type ?? '';
        if ((perType.get(type) ?? 0) >= this.config.scrapers.typeConcurrency) continue;
        perType.set(type, (perType.get(type) ?? 0) + 1);
        await tx.query(`UPDATE config_scrapers SET next_runtime = $2, run_lease_until = now() + $3 * interval '1 millisecond' WHERE id = $1`, [
          row.id,
          nextRun(parsed.schedule, Date.now()),
          this.runner.runBudgetMs(parsed),
        ]);
        claimed.push({ row, parsed });
      }
      return claimed;
    });
  }

  private start(row: DueRow, parsed: ParsedScrapeConfig): void {
    const type = parsed.entries[0]?.type ?? '';
    this.total++;
    this.perType.set(type, (this.perType.get(type) ?? 0) + 1);
    const run = this.runner
      .run(row, parsed)
      .catch((error) => this.logger.warn(`scraper ${row.id} failed to run: ${(error as Error).message}`))
      .finally(async () => {
        await this.db.query(`UPDATE config_scrapers SET run_lease_until = NULL WHERE id = $1`, [row.id]).catch(() => undefined);
        this.total--;
        this.perType.set(type, (this.perType.get(type) ?? 1) - 1);
        this.inflight.delete(run);
      });
    this.inflight.add(run);
  }
}

/** The next run after `now`: the schedule's next time, at least the minimum gap away; null when it never fires again. */
export function nextRun(schedule: string, now: number): Date | null {
  const compiled = compileSchedule(schedule, { minEveryMs: MIN_SCRAPE_EVERY_MS });
  if (compiled.everyMs !== null) return new Date(now + compiled.everyMs);
  const next = compiled.next(new Date(now));
  return next ? new Date(Math.max(next.getTime(), now + MIN_SCRAPE_EVERY_MS)) : null;
}
