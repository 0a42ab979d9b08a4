import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { ExternalRef, ScrapedAnalysis, ScrapeTypeSummary } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { CatalogQueriesService } from './catalog-queries.service';
import type { RetentionRule } from './scrape-config';
import { diffConfigs } from './transform/diff';
import { changeFingerprint } from './transform/fingerprint';
import type { PendingChange, ResolvedItem, ResolvedRelationship, TransformOutput } from './transform/types';

/** Rows per statement of the bulk writes. */
const CHUNK = 1000;
/** An identical change (same fingerprint) on the same item within this window bumps the stored row's count. */
const DEDUPE_WINDOW = '1 hour';
/** Insights not seen again within this window are resolved. */
const INSIGHT_RESOLVE_AFTER = '48 hours';
/** The selector of relationships a scraper found (manual links are the users'). */
export const SCRAPED_SELECTOR = 'automatic';

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

const keyOf = (type: string, externalId: string) => `${type}\u0000${externalId}`;
const digestOf = (config: unknown) =>
  createHash('md5')
    .update(JSON.stringify(config ?? null))
    .digest('hex');
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const emptySummary = (): ScrapeTypeSummary => ({ added: 0, updated: 0, unchanged: 0, changes: 0, deduped: 0, deleted: 0 });
const chunks = <T>(list: T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

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
    await this.resolveRefs(
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
    await this.resolveRefs(
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
    const { stored: storedChanges, deduped } = await this.insertChanges(tx, changeRows);
    for (const row of storedChanges) of(row.type).changes++;
    for (const row of deduped) of(row.type).deduped++;
    if (deleteIds.length) {
      await tx.query(`UPDATE config_items SET deleted_at = now(), delete_reason = 'CHANGE' WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [deleteIds]);
    }

    errors.push(
      ...(await this.writeRelationships(
        tx,
        items,
        ids,
        [...stored.values()].map((row) => row.id),
        options.full,
      )),
    );
    errors.push(...(await this.writeAnalysis(tx, scraperId, out.analysis, ids)));

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
      await this.applyRetention(tx, scraperId, options.retention ?? []);
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

  /** Adds to `ids` the stored items (of any scraper) that `refs` name and the map does not know yet. */
  private async resolveRefs(tx: PoolClient, ids: Map<string, string>, refs: ExternalRef[]): Promise<void> {
    const missing = [...new Map(refs.filter((r) => !ids.has(keyOf(r.type, r.externalId))).map((r) => [keyOf(r.type, r.externalId), r])).values()];
    for (const part of chunks(missing, 5000)) {
      const { rows } = await tx.query<{ id: string; type: string; external_id: string }>(
        `SELECT DISTINCT ON (type, external_id) id, type, external_id FROM config_items
         WHERE (type, external_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))
         ORDER BY type, external_id, deleted_at NULLS FIRST, updated_at DESC`,
        [part.map((r) => r.type), part.map((r) => r.externalId)],
      );
      for (const row of rows) ids.set(keyOf(row.type, row.external_id), row.id);
    }
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

  /**
   * Stores changes. A change with an external id the item already has is deduped (count + 1); one whose fingerprint
   * matches a change on the same item within the last hour bumps that row's count instead of adding one.
   */
  private async insertChanges(tx: PoolClient, rows: ChangeRow[]): Promise<{ stored: ChangeRow[]; deduped: ChangeRow[] }> {
    const stored: ChangeRow[] = [];
    const deduped: ChangeRow[] = [];
    for (const part of chunks(rows)) {
      const fingerprinted = part.filter((r) => r.fingerprint);
      const { rows: recent } = fingerprinted.length
        ? await tx.query<{ id: string; config_id: string; fingerprint: string }>(
            `SELECT DISTINCT ON (config_id, fingerprint) id, config_id, fingerprint FROM config_changes
             WHERE (config_id, fingerprint) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))
               AND created_at > now() - interval '${DEDUPE_WINDOW}'
             ORDER BY config_id, fingerprint, created_at DESC`,
            [fingerprinted.map((r) => r.config_id), fingerprinted.map((r) => r.fingerprint)],
          )
        : { rows: [] };
      const withExternal = part.filter((r) => r.external_change_id);
      const { rows: reported } = withExternal.length
        ? await tx.query<{ config_id: string; external_change_id: string }>(
            `SELECT config_id, external_change_id FROM config_changes
             WHERE (config_id, external_change_id) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
            [withExternal.map((r) => r.config_id), withExternal.map((r) => r.external_change_id)],
          )
        : { rows: [] };
      const existing = new Map(recent.map((r) => [`${r.config_id}/${r.fingerprint}`, r.id]));
      const seen = new Set(reported.map((r) => `${r.config_id}/${r.external_change_id}`));
      const bump: string[] = [];
      const fresh: ChangeRow[] = [];
      const inBatch = new Map<string, ChangeRow>();
      for (const row of part) {
        if (row.external_change_id) {
          const key = `${row.config_id}/${row.external_change_id}`;
          if (seen.has(key)) deduped.push(row);
          else {
            seen.add(key);
            fresh.push(row);
          }
          continue;
        }
        const key = `${row.config_id}/${row.fingerprint}`;
        const id = existing.get(key);
        const earlier = inBatch.get(key);
        if (id) bump.push(id);
        else if (earlier) earlier.count = (earlier.count ?? 1) + 1;
        else {
          inBatch.set(key, row);
          fresh.push(row);
          continue;
        }
        deduped.push(row);
      }
      if (bump.length) {
        await tx.query(
          `UPDATE config_changes c SET count = c.count + b.n, created_at = now()
           FROM (SELECT id, count(*)::int AS n FROM unnest($1::uuid[]) AS id GROUP BY id) b WHERE c.id = b.id`,
          [bump],
        );
      }
      if (!fresh.length) continue;
      await tx.query(
        `INSERT INTO config_changes (config_id, change_type, severity, source, summary, details, patches, diff,
           external_change_id, external_created_by, fingerprint, count, created_at, first_observed)
         SELECT x.config_id, x.change_type, x.severity, x.source, x.summary, x.details, x.patches, x.diff,
           x.external_change_id, x.external_created_by, x.fingerprint, coalesce(x.count, 1), x.created_at, x.created_at
         FROM jsonb_to_recordset($1::jsonb) AS x(config_id uuid, change_type text, severity text, source text,
           summary text, details jsonb, patches jsonb, diff text, external_change_id text, external_created_by text,
           fingerprint text, count int, created_at timestamptz)
         ON CONFLICT (config_id, external_change_id) WHERE external_change_id IS NOT NULL DO NOTHING`,
        [JSON.stringify(fresh.map((r) => ({ ...r, type: undefined })))],
      );
      stored.push(...fresh);
    }
    return { stored, deduped };
  }

  /**
   * Relationships the items carry (resolved by external id, id, name or labels among the catalogue's items). On a
   * whole scrape, scraped relationships between two of this scraper's items that it no longer reports are removed.
   */
  private async writeRelationships(tx: PoolClient, items: ResolvedItem[], ids: Map<string, string>, storedIds: string[], full: boolean): Promise<string[]> {
    const errors: string[] = [];
    const byRef: ExternalRef[] = [];
    for (const item of items)
      for (const rel of item.relationships)
        if (rel.selector.externalId && rel.selector.type) byRef.push({ type: rel.selector.type, externalId: rel.selector.externalId });
    await this.resolveRefs(tx, ids, byRef);
    const edges = new Map<string, { config_id: string; related_id: string; relation: string }>();
    const lookups: { from: string; rel: ResolvedRelationship }[] = [];
    for (const item of items) {
      const self = ids.get(keyOf(item.type, item.externalId))!;
      for (const rel of item.relationships) {
        const { externalId, type, id } = rel.selector;
        const target = id ?? (externalId && type ? ids.get(keyOf(type, externalId)) : undefined);
        if (target) addEdge(edges, self, target, rel);
        else if (!(externalId && type)) lookups.push({ from: self, rel });
      }
    }
    for (const { from, rel } of lookups) {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM config_items WHERE deleted_at IS NULL
           AND ($1::text IS NULL OR name = $1) AND ($2::text IS NULL OR type = $2)
           AND ($3::text IS NULL OR external_id = $3) AND labels @> $4::jsonb
         LIMIT 100`,
        [rel.selector.name ?? null, rel.selector.type ?? null, rel.selector.externalId ?? null, JSON.stringify(rel.selector.labels ?? {})],
      );
      for (const row of rows) if (row.id !== from) addEdge(edges, from, row.id, rel);
    }
    const list = [...edges.values()];
    for (const part of chunks(list)) {
      await tx.query(
        `INSERT INTO config_relationships (config_id, related_id, relation, selector_id)
         SELECT x.config_id, x.related_id, x.relation, '${SCRAPED_SELECTOR}'
         FROM jsonb_to_recordset($1::jsonb) AS x(config_id uuid, related_id uuid, relation text)
         ON CONFLICT (config_id, related_id, selector_id) DO UPDATE
           SET relation = EXCLUDED.relation, deleted_at = NULL
           WHERE config_relationships.relation IS DISTINCT FROM EXCLUDED.relation OR config_relationships.deleted_at IS NOT NULL`,
        [JSON.stringify(part)],
      );
    }
    if (full && storedIds.length) {
      // Between two items this scraper had before this scrape (new items have no old edges). Named by id, not by a
      // join on scraper_id: the planner's statistics do not know the rows this transaction just inserted.
      await tx.query(
        `WITH mine AS (SELECT unnest($1::uuid[]) AS id),
         kept AS (SELECT * FROM unnest($2::uuid[], $3::uuid[]) AS k(config_id, related_id))
         UPDATE config_relationships r SET deleted_at = now()
         WHERE r.selector_id = '${SCRAPED_SELECTOR}' AND r.deleted_at IS NULL
           AND r.config_id IN (SELECT id FROM mine) AND r.related_id IN (SELECT id FROM mine)
           AND NOT EXISTS (SELECT 1 FROM kept WHERE kept.config_id = r.config_id AND kept.related_id = r.related_id)`,
        [storedIds, list.map((e) => e.config_id), list.map((e) => e.related_id)],
      );
    }
    return errors;
  }

  /** Insights upserted by (config, analyzer): seen again → open, last observed now. */
  private async writeAnalysis(tx: PoolClient, scraperId: string, analysis: ScrapedAnalysis[], ids: Map<string, string>): Promise<string[]> {
    const errors: string[] = [];
    await this.resolveRefs(
      tx,
      ids,
      analysis.map((a) => a.on),
    );
    const rows = new Map<string, Record<string, unknown>>();
    for (const a of analysis) {
      const configId = ids.get(keyOf(a.on.type, a.on.externalId));
      if (!configId) {
        errors.push(`insight '${a.analyzer}' is about ${a.on.type} '${a.on.externalId}', which is not in the catalogue`);
        continue;
      }
      rows.set(`${configId}/${a.analyzer}`, {
        config_id: configId,
        analyzer: a.analyzer,
        analysis_type: a.analysisType,
        severity: a.severity,
        message: a.message,
        summary: a.summary ?? null,
        source: a.source ?? null,
      });
    }
    for (const part of chunks([...rows.values()])) {
      await tx.query(
        `INSERT INTO config_analysis (config_id, scraper_id, analyzer, analysis_type, severity, message, summary, source, status)
         SELECT x.config_id, $2, x.analyzer, x.analysis_type, x.severity, x.message, x.summary, x.source, 'open'
         FROM jsonb_to_recordset($1::jsonb) AS x(config_id uuid, analyzer text, analysis_type text, severity text,
           message text, summary text, source text)
         ON CONFLICT (config_id, analyzer) DO UPDATE SET analysis_type = EXCLUDED.analysis_type, severity = EXCLUDED.severity,
           message = EXCLUDED.message, summary = EXCLUDED.summary, source = EXCLUDED.source, scraper_id = EXCLUDED.scraper_id,
           status = 'open', last_observed = now()`,
        [JSON.stringify(part), scraperId],
      );
    }
    return errors;
  }

  /** `spec.retention.changes`: per change type, by age and by count per item, over this scraper's items. */
  private async applyRetention(tx: PoolClient, scraperId: string, rules: RetentionRule[]): Promise<void> {
    for (const rule of rules) {
      if (rule.ageMs !== null) {
        await tx.query(
          `DELETE FROM config_changes cc USING config_items ci
           WHERE ci.id = cc.config_id AND ci.scraper_id = $1 AND cc.change_type = $2 AND cc.created_at < now() - $3 * interval '1 millisecond'`,
          [scraperId, rule.name, rule.ageMs],
        );
      }
      if (rule.count !== null) {
        await tx.query(
          `DELETE FROM config_changes WHERE id IN (
             SELECT id FROM (
               SELECT cc.id, row_number() OVER (PARTITION BY cc.config_id ORDER BY cc.created_at DESC) AS n
               FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
               WHERE ci.scraper_id = $1 AND cc.change_type = $2) ranked
             WHERE n > $3)`,
          [scraperId, rule.name, rule.count],
        );
      }
    }
  }
}

interface ChangeRow {
  config_id: string;
  /** The config's type (for the summary; not stored). */
  type: string;
  change_type: string;
  severity: string;
  source: string | null;
  summary: string | null;
  details: Record<string, unknown> | null;
  patches: unknown;
  diff: string | null;
  external_change_id: string | null;
  external_created_by: string | null;
  created_at: string;
  fingerprint: string | null;
  count?: number;
}

function addEdge(
  edges: Map<string, { config_id: string; related_id: string; relation: string }>,
  self: string,
  target: string,
  rel: ResolvedRelationship,
): void {
  if (self === target) return;
  const [from, to] = rel.incoming ? [target, self] : [self, target];
  edges.set(`${from}/${to}`, { config_id: from, related_id: to, relation: rel.relation });
}
