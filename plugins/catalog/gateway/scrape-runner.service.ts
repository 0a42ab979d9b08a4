import { hostname } from 'node:os';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG, loadConfig, type AppConfig } from '@gateway/core/config/app-config';
import { SCRAPER_TYPE_NOT_SUPPORTED, type ScrapeContext, type ScrapeOutput, type ScraperSpec, type ScraperType, type ScrapeRunResult } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { ConnectionStore, secretResolver } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { parseDuration } from '@gateway/core/jobs';
import { ADDRESS_POLICY, AddressPolicy, RunGuard } from '@gateway/core/outbound';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { SCRAPER_TYPES } from '@gateway/core/scrapers';
import { IngestService } from './ingest.service';
import type { ParsedScrapeConfig } from './scrape-config';
import { applyCommonFields } from './transform/common-fields';
import type { TransformOutput } from './transform/types';

/** A scrape that names no `timeout` may take this long per entry. */
export const DEFAULT_SCRAPE_TIMEOUT_MS = 5 * 60_000;
/** Job history rows kept per scraper (the newest). */
export const JOB_HISTORY_KEPT = 20;
export const SCRAPE_JOB_NAME = 'ScrapeConfig';

/** A stored scraper, as the runner reads it. */
export interface ScraperRow {
  id: string;
  name: string;
  namespace: string;
  agent_id: string;
  spec: Record<string, unknown>;
}

/**
 * Runs one scrape of a scraper: every entry of its spec through its type's plugin, with the guard rails of a user's
 * spec (the outbound address policy, secrets from stored connections redacted from everything kept, a timeout per
 * entry, CEL only through the bounded evaluator), then the spec's common fields and the ingest. Each run is a
 * `job_history` row: RUNNING while it runs, then SUCCESS, WARNING (some problems, items kept) or FAILED.
 */
@Injectable()
export class ScrapeRunnerService {
  private readonly logger = new Logger(ScrapeRunnerService.name);

  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly connections: ConnectionStore,
    private readonly ingest: IngestService,
    private readonly evaluator: ExpressionEvaluator,
    @Inject(ADDRESS_POLICY) private readonly policy: AddressPolicy,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'scrapers'>,
  ) {
    this.maxItems = config?.scrapers.maxItems ?? loadConfig({}).scrapers.maxItems;
  }

  /** The most items one run may store (SCRAPER_MAX_ITEMS). */
  maxItems: number;

  /** How long one entry may take: the type's own reading, else the entry's `timeout`, else 5 minutes. */
  timeoutFor(type: ScraperType | undefined, entry: ScraperSpec): number {
    const own = type?.timeoutMs?.(entry);
    if (own) return own;
    const written = typeof entry.timeout === 'string' ? parseDuration(entry.timeout) : typeof entry.timeout === 'number' ? entry.timeout : null;
    return written && written > 0 ? written : DEFAULT_SCRAPE_TIMEOUT_MS;
  }

  /** The longest a whole run of this spec may take (the scheduler's lease). */
  runBudgetMs(parsed: Pick<ParsedScrapeConfig, 'entries'>): number {
    return parsed.entries.reduce((sum, e) => sum + this.timeoutFor(this.plugins.find(SCRAPER_TYPES, e.type), e.spec), 0) + 60_000;
  }

  /** A context for one entry of `scraper` (also used by watches), aborting with `signal`. */
  contextFor(scraper: ScraperRow, signal: AbortSignal, timeoutMs: number): { ctx: ScrapeContext; guard: RunGuard } {
    const guard = new RunGuard(this.policy);
    const ctx: ScrapeContext = {
      signal,
      timeoutMs,
      outbound: guard,
      resolveSecret: secretResolver((name) => this.connections.resolve(name), guard.ledger),
      scraper: { id: scraper.id, name: scraper.name, namespace: scraper.namespace },
    };
    return { ctx, guard };
  }

  async run(scraper: ScraperRow, parsed: ParsedScrapeConfig): Promise<ScrapeRunResult> {
    const started = Date.now();
    const job = await this.db.one<{ id: string }>(
      `INSERT INTO job_history (name, agent_id, resource_id, resource_type, status, time_start, hostname)
       VALUES ($1, $2, $3, 'config_scraper', 'RUNNING', now(), $4) RETURNING id`,
      [SCRAPE_JOB_NAME, scraper.agent_id, scraper.id, hostname()],
    );
    const errors: string[] = [];
    const combined: TransformOutput = { items: [], changes: [], analysis: [], errors: [] };
    let failedEntries = 0;
    for (const entry of parsed.entries) {
      const at = `spec.${entry.type}[${entry.index}]`;
      const output = await this.scrapeEntry(scraper, entry.type, entry.spec);
      if ('error' in output) {
        errors.push(`${at}: ${output.error}`);
        failedEntries++;
        continue;
      }
      const transformed = await applyCommonFields(output, entry.spec, { scraperType: entry.type, evaluator: this.evaluator });
      // A source larger than the catalogue should hold in one run (or a hostile one) fails the entry whole: saving part
      // of it would mark the rest stale.
      if (combined.items.length + transformed.items.length > this.maxItems) {
        errors.push(`${at}: the scrape found more than ${this.maxItems.toLocaleString('en-US')} items (SCRAPER_MAX_ITEMS); nothing of it was saved`);
        failedEntries++;
        continue;
      }
      combined.items.push(...transformed.items);
      combined.changes.push(...transformed.changes);
      combined.analysis.push(...transformed.analysis);
      errors.push(...transformed.errors.map((e) => `${at}: ${e}`));
    }
    combined.errors = [...errors];
    let summary: ScrapeRunResult['scrape_summary'] = {};
    try {
      const result = await this.ingest.ingest(combined, {
        scraperId: scraper.id,
        agentId: scraper.agent_id,
        full: failedEntries === 0,
        retention: parsed.retention,
      });
      summary = result.summary;
      errors.push(...result.errors);
    } catch (error) {
      this.logger.warn(`scraper ${scraper.id}: ingest failed: ${(error as Error).message}`);
      errors.push(`saving the scraped items failed: ${(error as Error).message}`);
      failedEntries = parsed.entries.length;
    }
    const status: ScrapeRunResult['status'] = failedEntries === parsed.entries.length ? 'FAILED' : errors.length ? 'WARNING' : 'SUCCESS';
    const duration = Date.now() - started;
    await this.db.query(
      `UPDATE job_history SET status = $2, time_end = now(), duration_millis = $3, success_count = $4, error_count = $5, details = $6
       WHERE id = $1`,
      [job!.id, status, duration, combined.items.length, errors.length, JSON.stringify({ errors, scrape_summary: summary })],
    );
    await this.db.query(
      `DELETE FROM job_history WHERE resource_id = $1 AND resource_type = 'config_scraper' AND id NOT IN (
         SELECT id FROM job_history WHERE resource_id = $1 AND resource_type = 'config_scraper' ORDER BY created_at DESC LIMIT $2)`,
      [scraper.id, JOB_HISTORY_KEPT],
    );
    return {
      job_history_id: job!.id,
      status,
      duration_millis: duration,
      success_count: combined.items.length,
      error_count: errors.length,
      errors,
      scrape_summary: summary,
    };
  }

  /** One entry through its plugin, within its timeout; what it returns is redacted of every credential it resolved. */
  private async scrapeEntry(scraper: ScraperRow, typeId: string, entry: ScraperSpec): Promise<ScrapeOutput | { error: string }> {
    const type = this.plugins.find(SCRAPER_TYPES, typeId);
    if (!type) return { error: SCRAPER_TYPE_NOT_SUPPORTED };
    const timeoutMs = this.timeoutFor(type, entry);
    const controller = new AbortController();
    const { ctx, guard } = this.contextFor(scraper, controller.signal, timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new Error(`timed out after ${timeoutMs} ms`);
          controller.abort(error);
          reject(error);
        }, timeoutMs);
      });
      const output = await Promise.race([type.scrape(entry, ctx), timedOut]);
      return guard.ledger.redact(output);
    } catch (error) {
      return { error: guard.ledger.redact((error as Error).message ?? String(error)) };
    } finally {
      clearTimeout(timer);
    }
  }
}
