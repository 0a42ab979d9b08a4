import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { ScrapeRunResult } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { Db } from '@gateway/core/database/db.service';
import { mapDbErrors } from '@gateway/core/database/db-errors';
import { conflict, notFound } from '@gateway/core/http/domain-error';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { SCRAPER_TYPES } from '@gateway/core/scrapers';
import { documentReader, type DocumentBodyDto, type DocumentProblem } from '@gateway/core/documents';
import { parseScrapeConfigYaml, scrapeConfigYaml, validateScrapeConfig, type ParsedScrapeConfig, type ScraperTypes } from './scrape-config';
import { ScrapeRunnerService, type ScraperRow } from './scrape-runner.service';

/** A scraper as written: a YAML ScrapeConfig document, or {name, namespace, labels, spec}. */
export type ScraperBody = DocumentBodyDto;

export interface ScraperDocument {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
  schedule: string | null;
  source: string;
  created_at: string;
  updated_at: string;
  next_runtime: string | null;
  /** The document as YAML, for the editor's Code tab. */
  yaml: string;
}

const COLUMNS = `id, name, namespace, labels, spec, schedule, source, agent_id, created_at, updated_at, next_runtime`;

/**
 * Scrape config writes and Run Now. A document is validated whole (ScrapeConfig shape, schedule, every entry's
 * common fields and its type's own rules) and nothing is saved when anything is wrong: 400 `invalid_scraper` naming
 * each field. A saved or changed scraper is due at once, so its first scrape follows within a scheduler tick.
 */
@Injectable()
export class ScrapersService {
  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly runner: ScrapeRunnerService,
  ) {}

  types(): ScraperTypes {
    return { ids: this.plugins.ids(SCRAPER_TYPES).sort(), find: (type) => this.plugins.find(SCRAPER_TYPES, type) };
  }

  /** A validated scrape config (400 `invalid_scraper` naming every problem), and the editor's live validation. */
  private readonly reader = documentReader((body: ScraperBody) => this.read(body), 'invalid_scraper');

  parse(body: ScraperBody): ParsedScrapeConfig {
    return this.reader.parse(body);
  }

  validate(body: ScraperBody): { errors: DocumentProblem[] } {
    return this.reader.validate(body);
  }

  private read(body: ScraperBody): ParsedScrapeConfig {
    if (typeof body.yaml === 'string') return parseScrapeConfigYaml(body.yaml, this.types());
    return validateScrapeConfig(body, this.types());
  }

  async get(id: string): Promise<ScraperDocument> {
    const row = await this.db.one<Omit<ScraperDocument, 'yaml'>>(`SELECT ${COLUMNS} FROM config_scrapers WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!row) throw notFound('Scraper not found');
    return { ...row, yaml: scrapeConfigYaml(row) };
  }

  async create(body: ScraperBody, principal: Principal): Promise<ScraperDocument> {
    const parsed = this.parse(body);
    const row = await this.write((tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO config_scrapers (name, namespace, labels, spec, schedule, created_by, next_runtime)
         VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING id`,
        [parsed.name, parsed.namespace, parsed.labels, parsed.spec, parsed.schedule, principal.personId],
      ),
    );
    return this.get(row.rows[0].id);
  }

  async update(id: string, body: ScraperBody): Promise<ScraperDocument> {
    const parsed = this.parse(body);
    const row = await this.write((tx) =>
      tx.query(
        `UPDATE config_scrapers SET name = $2, namespace = $3, labels = $4, spec = $5, schedule = $6, next_runtime = now()
         WHERE id = $1 AND deleted_at IS NULL`,
        [id, parsed.name, parsed.namespace, parsed.labels, parsed.spec, parsed.schedule],
      ),
    );
    if (!row.rowCount) throw notFound('Scraper not found');
    return this.get(id);
  }

  /** Soft delete; the scraper's items stay in the catalogue (spec 03: deletes of settings resources are soft). */
  async remove(id: string): Promise<void> {
    const row = await this.db.query(`UPDATE config_scrapers SET deleted_at = now(), next_runtime = NULL WHERE id = $1 AND deleted_at IS NULL RETURNING id`, [
      id,
    ]);
    if (!row.length) throw notFound('Scraper not found');
  }

  /**
   * Run Now: takes the scraper's run lease (so a scheduled run and this one never overlap, on any replica), runs,
   * and answers with the run's summary once it ended. A scrape already under way answers 409.
   */
  async runNow(id: string): Promise<ScrapeRunResult> {
    const row = await this.db.one<ScraperRow & { schedule: string | null }>(
      `SELECT id, name, namespace, agent_id, spec, schedule FROM config_scrapers WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    if (!row) throw notFound('Scraper not found');
    const parsed = this.parse({ name: row.name, namespace: row.namespace, spec: row.spec });
    const leased = await this.db.query(
      `UPDATE config_scrapers SET run_lease_until = now() + $2 * interval '1 millisecond'
       WHERE id = $1 AND (run_lease_until IS NULL OR run_lease_until < now()) RETURNING id`,
      [id, this.runner.runBudgetMs(parsed)],
    );
    if (!leased.length) throw conflict('A scrape of this scraper is already running; try again when it has finished');
    try {
      return await this.runner.run(row, parsed);
    } finally {
      await this.db.query(`UPDATE config_scrapers SET run_lease_until = NULL WHERE id = $1`, [id]);
    }
  }

  /**
   * Keeps scrapers written through the data API (`POST|PATCH /api/db/config_scrapers`) valid: runs in that write's
   * transaction, so an invalid spec answers 400 and rolls the write back; a valid one gets its schedule and is due.
   */
  async syncWrittenRows(tx: PoolClient): Promise<void> {
    const { rows } = await tx.query<{
      id: string;
      name: string;
      namespace: string;
      labels: unknown;
      spec: unknown;
      schedule: string | null;
      deleted_at: string | null;
    }>(`SELECT id, name, namespace, labels, spec, schedule, deleted_at FROM config_scrapers WHERE updated_at = now()`);
    for (const row of rows) {
      if (row.deleted_at) {
        await tx.query(`UPDATE config_scrapers SET next_runtime = NULL WHERE id = $1 AND next_runtime IS NOT NULL`, [row.id]);
        continue;
      }
      const parsed = this.parse({
        name: row.name,
        namespace: row.namespace,
        labels: row.labels as Record<string, string>,
        spec: row.spec as Record<string, unknown>,
      });
      await tx.query(`UPDATE config_scrapers SET schedule = $2, next_runtime = coalesce(next_runtime, now()) WHERE id = $1`, [row.id, parsed.schedule]);
    }
  }

  private write<T>(work: (tx: PoolClient) => Promise<T>): Promise<T> {
    return mapDbErrors(() => this.db.transaction(work), { unique: 'A scraper with this name already exists in this namespace' });
  }
}
