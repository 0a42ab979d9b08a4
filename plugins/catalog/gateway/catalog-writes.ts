import type { PoolClient } from 'pg';
import type { ExternalRef, ScrapedAnalysis } from '@contracts';
import type { RetentionRule } from './scrape-config';
import type { ResolvedItem, ResolvedRelationship } from './transform/types';

/**
 * The catalogue writes of a scrape besides the items themselves (ingest.service.ts): changes with their dedupe,
 * relationships, insights and retention, and how an item named by (type, external id) is found. Each runs inside
 * the ingest's transaction, in bulk statements of `CHUNK` rows.
 */

/** Rows per statement of the bulk writes. */
export const CHUNK = 1000;
/** An identical change (same fingerprint) on the same item within this window bumps the stored row's count. */
const DEDUPE_WINDOW = '1 hour';
/** The selector of relationships a scraper found (manual links are the users'). */
export const SCRAPED_SELECTOR = 'automatic';

export const keyOf = (type: string, externalId: string) => `${type}\u0000${externalId}`;
export const chunks = <T>(list: T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export interface ChangeRow {
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

/** Adds to `ids` the stored items (of any scraper) that `refs` name and the map does not know yet. */
export async function resolveRefs(tx: PoolClient, ids: Map<string, string>, refs: ExternalRef[]): Promise<void> {
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

/**
 * Stores changes. A change with an external id the item already has is deduped (count + 1); one whose fingerprint
 * matches a change on the same item within the last hour bumps that row's count instead of adding one.
 */
export async function insertChanges(tx: PoolClient, rows: ChangeRow[]): Promise<{ stored: ChangeRow[]; deduped: ChangeRow[] }> {
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
export async function writeRelationships(
  tx: PoolClient,
  items: ResolvedItem[],
  ids: Map<string, string>,
  storedIds: string[],
  full: boolean,
): Promise<string[]> {
  const errors: string[] = [];
  const byRef: ExternalRef[] = [];
  for (const item of items)
    for (const rel of item.relationships)
      if (rel.selector.externalId && rel.selector.type) byRef.push({ type: rel.selector.type, externalId: rel.selector.externalId });
  await resolveRefs(tx, ids, byRef);
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
export async function writeAnalysis(tx: PoolClient, scraperId: string, analysis: ScrapedAnalysis[], ids: Map<string, string>): Promise<string[]> {
  const errors: string[] = [];
  await resolveRefs(
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
export async function applyRetention(tx: PoolClient, scraperId: string, rules: RetentionRule[]): Promise<void> {
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
