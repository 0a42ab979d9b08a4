import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { ScrapeOutput } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { SCRAPER_TYPES } from '@gateway/core/scrapers';
import { IngestService } from './ingest.service';
import { ScrapeRunnerService, type ScraperRow } from './scrape-runner.service';
import { ScrapersService } from './scrapers.service';
import { applyCommonFields } from './transform/common-fields';

interface Watch {
  /** The spec the watch was started for: a change restarts it. */
  digest: string;
  controller: AbortController;
  /** The session holding the scraper's watch lock. */
  lock: PoolClient;
  done: Promise<void>;
}

/** How often the set of watched scrapers is brought in line with the stored ones. */
const RECONCILE_MS = 5000;
/** A watch that ended with an error starts again after a pause: this at first, doubling up to the maximum. */
const RESTART_MS = 5000;
const MAX_RESTART_MS = 5 * 60_000;
/** Advisory lock namespace of scraper watches (the second key is the scraper id's hash). */
const WATCH_LOCK = 0x5c4a;

/**
 * Streams between scrapes: for each scraper entry whose type has `watch` (Kubernetes), one replica keeps the
 * type's watch running (a session-level advisory lock per scraper decides which) and ingests each update at once,
 * as updates only (nothing is stale-deleted by a watch). A changed spec restarts the watch; a deleted scraper, or a
 * stopping console, ends it.
 */
@Injectable()
export class ScrapeWatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ScrapeWatcher.name);
  private readonly watches = new Map<string, Watch>();
  private timer: NodeJS.Timeout | null = null;
  private reconciling = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly runner: ScrapeRunnerService,
    private readonly scrapers: ScrapersService,
    private readonly ingest: IngestService,
    private readonly evaluator: ExpressionEvaluator,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'scrapers'>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.scrapers.scheduler) return;
    if (!this.plugins.ids(SCRAPER_TYPES).some((id) => this.plugins.find(SCRAPER_TYPES, id)?.watch)) return;
    void this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), RECONCILE_MS);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.watches.keys()].map((id) => this.stop(id)));
  }

  /** Starts watches for stored scrapers with watchable entries, stops those of deleted or changed ones. */
  async reconcile(): Promise<void> {
    if (this.reconciling || this.stopped) return;
    this.reconciling = true;
    try {
      const watchable = this.plugins.ids(SCRAPER_TYPES).filter((id) => this.plugins.find(SCRAPER_TYPES, id)?.watch);
      const rows = await this.db.query<ScraperRow & { updated_at: Date }>(
        // Scheduled scrapers only: a scraper that is not (the demo's illustrative ones) is not watched either.
        `SELECT id, name, namespace, agent_id, spec, updated_at FROM config_scrapers
         WHERE deleted_at IS NULL AND next_runtime IS NOT NULL AND spec ?| $1::text[]`,
        [watchable],
      );
      const wanted = new Map(rows.map((r) => [r.id, r]));
      for (const id of [...this.watches.keys()]) {
        const row = wanted.get(id);
        if (!row || JSON.stringify(row.spec) !== this.watches.get(id)!.digest) await this.stop(id);
      }
      for (const row of rows) if (!this.watches.has(row.id)) await this.startWatch(row);
    } catch (error) {
      if (!this.stopped) this.logger.warn(`watch reconcile failed: ${(error as Error).message}`);
    } finally {
      this.reconciling = false;
    }
  }

  private async startWatch(row: ScraperRow): Promise<void> {
    let parsed;
    try {
      parsed = this.scrapers.parse({ name: row.name, namespace: row.namespace, spec: row.spec });
    } catch {
      return;
    }
    const lock = await this.db.pool.connect();
    const { rows } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok`, [WATCH_LOCK, row.id]);
    if (!rows[0].ok) {
      lock.release();
      return;
    }
    const controller = new AbortController();
    const entries = parsed.entries.filter((e) => this.plugins.find(SCRAPER_TYPES, e.type)?.watch);
    const done = Promise.all(
      entries.map(async (entry) => {
        const type = this.plugins.find(SCRAPER_TYPES, entry.type)!;
        let pauseMs = RESTART_MS;
        while (!controller.signal.aborted) {
          const started = Date.now();
          const { ctx, guard } = this.runner.contextFor(row, controller.signal, this.runner.timeoutFor(type, entry.spec));
          const emit = async (output: ScrapeOutput) => {
            const transformed = await applyCommonFields(guard.ledger.redact(output), entry.spec, { scraperType: entry.type, evaluator: this.evaluator });
            await this.ingest.ingest(transformed, { scraperId: row.id, agentId: row.agent_id, full: false });
          };
          try {
            await type.watch!(entry.spec, ctx, emit);
          } catch (error) {
            if (!controller.signal.aborted) this.logger.warn(`watch of scraper ${row.id} ended: ${guard.ledger.redact((error as Error).message)}`);
          }
          // A watch that ran a while starts again soon; one that keeps failing at once waits longer each time.
          if (Date.now() - started > MAX_RESTART_MS) pauseMs = RESTART_MS;
          if (!controller.signal.aborted) await pause(pauseMs, controller.signal);
          pauseMs = Math.min(pauseMs * 2, MAX_RESTART_MS);
        }
      }),
    ).then(() => undefined);
    this.watches.set(row.id, { digest: JSON.stringify(row.spec), controller, lock, done });
  }

  private async stop(id: string): Promise<void> {
    const watch = this.watches.get(id);
    if (!watch) return;
    this.watches.delete(id);
    watch.controller.abort();
    await watch.done.catch(() => undefined);
    await watch.lock.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [WATCH_LOCK, id]).catch(() => undefined);
    watch.lock.release();
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
