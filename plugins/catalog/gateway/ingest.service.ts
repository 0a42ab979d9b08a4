import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { ExternalRef, ScrapeTypeSummary } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { CatalogQueriesService } from './catalog-queries.service';
import type { RetentionRule } from './scrape-config';
import { diffConfigs } from './transform/diff';
import { changeFingerprint } from './transform/fingerprint';
import { applyRetention, chunks, insertChanges, keyOf, resolveRefs, writeAnalysis, writeRelationships, type ChangeRow } from './catalog-writes';
import type { PendingChange, ResolvedItem, TransformOutput } from './transform/types';

/** Insights not seen again within this window are resolved. */
const INSIGHT_RESOLVE_AFTER = '48 hours';

export interface IngestOptions {
  scraperId: string;
  agentId: string;
  /**
   * A whole scrape: items of this scraper that it did not return are soft-deleted (`STALE`), when the scrape had no
   * errors and returned items, and its insights not seen for 48 h are resolved. A watch's updates are not whole.
   */
  full: boolean;
  retention?: RetentionRule[];
}

export interface IngestResult {
  summary: Record<string, ScrapeTypeSummary>;
  errors: string[];
}

interface StoredItem {
  id: string;
  type: string;
  external_id: string;
  config_digest: string | null;
  name: string | null;
  status: string | null;
  health: string | null;
  ready: boolean | null;
  description: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties: unknown;
  parent_id: string | null;
  deleted_at: Date | null;
}

const digestOf = (config: unknown) =>
  createHash('md5')
    .update(JSON.stringify(config ?? null))
    .digest('hex');
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const emptySummary = (): ScrapeTypeSummary => ({ added: 0, updated: 0, unchanged: 0, changes: 0, deduped: 0, deleted: 0 });

/**
 * Writes what a scrape found into the catalogue: items keyed by (scraper, type, external id), a change with a
 * unified diff and merge patch for every item whose normalised body differs, changes the source reported (deduped
 * by their external id, and by fingerprint within an hour), relationships, insights, stale deletes and retention.
 * Bodies are compared by digest first, so a re-scrape reads only the bodies of items that changed; rows are
 * written in bulk statements of `CHUNK` rows.
 */
@Injectable()
export class IngestService {
  constructor(
    private readonly db: Db,
    private readonly queries: CatalogQueriesService,
  ) {}

  async ingest(out: TransformOutput, options: IngestOptions): Promise<IngestResult> {
    const result = await this.db.transaction((tx) => this.write(tx, out, options));
    this.queries.invalidate();
    return result;
  }

  private async write(tx: PoolClient, out: TransformOutput, options: IngestOptions): Promise<IngestResult> {
    const { scraperId, agentId } = options;
    const summary: Record<string, ScrapeTypeSummary> = {};
    const of = (type: string) => (summary[type] ??= emptySummary());
    const errors: string[] = [];

    // The last of duplicates wins (a document listed twice).
    const items = [...new Map(out.items.map((item) => [keyOf(item.type, item.externalId), item])).values()];
    const stored = await this.storedItems(tx, scraperId, options.full ? null : items);
    const ids = new Map<string, string>();
    for (const row of stored.values()) ids.set(keyOf(row.type, row.external_id), row.id);

    const inserts: Record<string, unknown>[] = [];
    const updates: Record<string, unknown>[] = [];
    const bodyChanged: { id: string; item: ResolvedItem }[] = [];
    const touched: string[] = [];
    for (const item of items) {
      const key = keyOf(item.type, item.externalId);
      const row = stored.get(key);
      const digest = digestOf(item.config);
      if (!row) {
        const id = randomUUID();
        ids.set(key, id);
        inserts.push(this.itemRow(id, item, digest, scraperId, agentId));
        of(item.type).added++;
        continue;
      }
      const revived = row.deleted_at !== null && item.deletedAt === null;
      const metaChanged =
        revived ||
        row.name !== item.name ||
        row.status !== item.status ||
        row.health !== item.health ||
        row.ready !== item.ready ||
        row.description !== item.description ||
        !same(row.labels, item.labels) ||
        !same(row.tags, item.tags) ||
        !same(row.properties, item.properties) ||
        (item.deletedAt !== null && row.deleted_at === null);
      if (row.config_digest !== digest) bodyChanged.push({ id: row.id, item });
      if (row.config_digest !== digest || metaChanged) {
        updates.push(this.itemRow(row.id, item, digest, scraperId, agentId));
        of(item.type).updated++;
      } else {
        touched.push(row.id);
        of(item.type).unchanged++;
      }
    }

    // Parents and relationships may point at items of this scrape or already stored ones.
    await resolveRefs(
      tx,
      ids,
      items.flatMap((i) => (i.parent ? [i.parent] : [])),
    );
    for (const row of [...inserts, ...updates]) {
      const parent = (row.__parent as ExternalRef | null) ?? null;
      row.parent_id = parent ? (ids.get(keyOf(parent.type, parent.externalId)) ?? null) : null;
      delete row.__parent;
    }

    const diffs = await this.diffChanges(tx, bodyChanged);
    await this.insertItems(tx, inserts);
    await this.updateItems(tx, updates);
    for (const part of chunks(touched, 10_000)) await tx.query(`UPDATE config_items SET last_scraped_time = now() WHERE id = ANY($1::uuid[])`, [part]);

    // Changes: the engine's diffs, then what the source reported.
    const changes: PendingChange[] = [...out.changes];
    await resolveRefs(
      tx,
      ids,
      changes.map((c) => c.on),
    );
    const changeRows: ChangeRow[] = diffs;
    const deleteIds: string[] = [];
    for (const change of changes) {
      const configId = ids.get(keyOf(change.on.type, change.on.externalId));
      if (!configId) {
        errors.push(`change '${change.changeType}' is about ${change.on.type} '${change.on.externalId}', which is not in the catalogue`);
        continue;
      }
      if (change.deletesConfig) deleteIds.push(configId);
      changeRows.push({
        config_id: configId,
        type: change.on.type,
        change_type: change.changeType,
        severity: change.severity ?? 'info',
        source: change.source ?? null,
        summary: change.summary ?? null,
        details: change.details ?? null,
        patches: null,
        diff: null,
        external_change_id: change.externalChangeId ?? null,
        external_created_by: change.externalCreatedBy ?? null,
        created_at: change.createdAt ?? new Date().toISOString(),
        fingerprint: change.externalChangeId ? null : changeFingerprint({ changeType: change.changeType, summary: change.summary, details: change.details }),
      });
    }
    const { stored: storedChanges, deduped } = await insertChanges(tx, changeRows);
    for (const row of storedChanges) of(row.type).changes++;
    for (const row of deduped) of(row.type).deduped++;
    if (deleteIds.length) {
      await tx.query(`UPDATE config_items SET deleted_at = now(), delete_reason = 'CHANGE' WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [deleteIds]);
    }

    errors.push(
      ...(await writeRelationships(
        tx,
        items,
        ids,
        [...stored.values()].map((row) => row.id),
        options.full,
      )),
    );
    errors.push(...(await writeAnalysis(tx, scraperId, out.analysis, ids)));

    if (options.full) {
      const clean = out.errors.length === 0 && errors.length === 0 && items.length > 0;
      if (clean) {
        const seen = items.map((i) => ids.get(keyOf(i.type, i.externalId))!);
        const deleted = await tx.query<{ type: string; n: number }>(
          `WITH gone AS (
             UPDATE config_items SET deleted_at = now(), delete_reason = 'STALE'
             WHERE scraper_id = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[]))
             RETURNING type)
           SELECT type, count(*)::int AS n FROM gone GROUP BY type`,
          [scraperId, seen],
        );
        for (const row of deleted.rows) of(row.type).deleted += row.n;
      }
      await tx.query(
        `UPDATE config_analysis SET status = 'resolved'
         WHERE scraper_id = $1 AND status = 'open' AND last_observed < now() - interval '${INSIGHT_RESOLVE_AFTER}'`,
        [scraperId],
      );
      await applyRetention(tx, scraperId, options.retention ?? []);
    }
    return { summary, errors };
  }

  /** This scraper's stored items (all of them for a whole scrape, else only those of `items`), by type + external id. */
  private async storedItems(tx: PoolClient, scraperId: string, items: ResolvedItem[] | null): Promise<Map<string, StoredItem>> {
    const columns = `id, type, external_id, config_digest, name, status, health, ready, description, labels, tags, properties, parent_id, deleted_at`;
    const { rows } = items
      ? await tx.query<StoredItem>(
          `SELECT ${columns} FROM config_items
           WHERE scraper_id = $1 AND (type, external_id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
          [scraperId, items.map((i) => i.type), items.map((i) => i.externalId)],
        )
      : await tx.query<StoredItem>(`SELECT ${columns} FROM config_items WHERE scraper_id = $1 AND external_id IS NOT NULL`, [scraperId]);
    return new Map(rows.map((row) => [keyOf(row.type, row.external_id), row]));
  }

  private itemRow(id: string, item: ResolvedItem, digest: string, scraperId: string, agentId: string): Record<string, unknown> {
    return {
      id,
      scraper_id: scraperId,
      agent_id: agentId,
      external_id: item.externalId,
      type: item.type,
      config_class: item.configClass,
      name: item.name,
      status: item.status,
      health: item.health,
      ready: item.ready,
      description: item.description,
      source: item.source,
      labels: item.labels,
      tags: item.tags,
      properties: item.properties,
      config: item.config,
      format: item.format,
      config_digest: digest,
      created_at: item.createdAt?.toISOString() ?? null,
      deleted_at: item.deletedAt?.toISOString() ?? null,
      delete_reason: item.deletedAt ? 'FROM_SOURCE' : null,
      __parent: item.parent,
    };
  }

  private async insertItems(tx: PoolClient, rows: Record<string, unknown>[]): Promise<void> {
    for (const part of chunks(rows)) {
      await tx.query(
        `INSERT INTO config_items (id, scraper_id, agent_id, external_id, type, config_class, name, status, health, ready,
           description, source, labels, tags, properties, config, format, config_digest, parent_id, created_at, deleted_at,
           delete_reason, last_scraped_time)
         SELECT x.id, x.scraper_id, x.agent_id, x.external_id, x.type, x.config_class, x.name, x.status, x.health, x.ready,
           x.description, x.source, coalesce(x.labels, '{}'), coalesce(x.tags, '{}'), x.properties, x.config, x.format,
           x.config_digest, x.parent_id, coalesce(x.created_at, now()), x.deleted_at, x.delete_reason, now()
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, scraper_id uuid, agent_id uuid, external_id text, type text,
           config_class text, name text, status text, health text, ready boolean, description text, source text,
           labels jsonb, tags jsonb, properties jsonb, config jsonb, format text, config_digest text, parent_id uuid,
           created_at timestamptz, deleted_at timestamptz, delete_reason text)`,
        [JSON.stringify(part)],
      );
    }
  }

  private async updateItems(tx: PoolClient, rows: Record<string, unknown>[]): Promise<void> {
    for (const part of chunks(rows)) {
      await tx.query(
        `UPDATE config_items c SET config_class = x.config_class, name = x.name, status = x.status, health = x.health,
           ready = x.ready, description = x.description, source = x.source, labels = coalesce(x.labels, '{}'),
           tags = coalesce(x.tags, '{}'), properties = x.properties, config = x.config, format = x.format,
           config_digest = x.config_digest, parent_id = coalesce(x.parent_id, c.parent_id),
           deleted_at = x.deleted_at, delete_reason = x.delete_reason, last_scraped_time = now()
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, config_class text, name text, status text, health text,
           ready boolean, description text, source text, labels jsonb, tags jsonb, properties jsonb, config jsonb,
           format text, config_digest text, parent_id uuid, deleted_at timestamptz, delete_reason text)
         WHERE c.id = x.id`,
        [JSON.stringify(part)],
      );
    }
  }

  /** A `diff` change for every item whose body changed: the stored bodies are read only for those. */
  private async diffChanges(tx: PoolClient, changed: { id: string; item: ResolvedItem }[]): Promise<ChangeRow[]> {
    const rows: ChangeRow[] = [];
    for (const part of chunks(changed)) {
      const { rows: before } = await tx.query<{ id: string; config: unknown }>(`SELECT id, config FROM config_items WHERE id = ANY($1::uuid[])`, [
        part.map((p) => p.id),
      ]);
      const old = new Map(before.map((r) => [r.id, r.config]));
      for (const { id, item } of part) {
        const diff = diffConfigs(old.get(id) ?? null, item.config, item.format);
        if (!diff) continue;
        rows.push({
          config_id: id,
          type: item.type,
          change_type: 'diff',
          severity: diff.severity ?? 'info',
          source: item.source,
          summary: diff.summary,
          details: null,
          patches: diff.patch,
          diff: diff.diff,
          external_change_id: null,
          external_created_by: null,
          created_at: new Date().toISOString(),
          fingerprint: changeFingerprint({ changeType: 'diff', patch: diff.patch }),
        });
      }
    }
    return rows;
  }
}
