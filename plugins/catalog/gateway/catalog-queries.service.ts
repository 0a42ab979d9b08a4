import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import type {
  CatalogChange,
  CatalogChangesRequest,
  CatalogChangesResponse,
  CatalogSummaryRequest,
  CatalogSummaryResponse,
  CatalogSummaryRow,
} from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { badRequest } from '@gateway/core/http/domain-error';

/** Group-by names of the catalogue (spec 02: name, analysis, changed, type, provider) and the columns they read. */
const GROUP_COLUMNS: Record<string, string> = {
  name: 'ci.name',
  type: 'ci.type',
  config_class: 'ci.config_class',
  provider: 'ci.config_class',
  status: 'ci.status',
  health: 'ci.health',
  agent_id: 'ci.agent_id::text',
  // Whether the item has open insights / changes in the window.
  analysis: `(coalesce(an.total, 0) > 0)::text`,
  changed: `(coalesce(ch.n, 0) > 0)::text`,
};
const TAG_SUFFIX = '__tag';
/** Columns a summary may group by at once (each is a GROUP BY and ORDER BY expression over every item). */
const MAX_GROUP_BY = 8;
/** The deepest page of the changes search (OFFSET is written into the SQL text, so it must stay a plain integer). */
const MAX_CHANGES_PAGE = 100_000;
const HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'];
/** Sortable columns of the changes search (`sort_by`, '-' for descending). */
const CHANGE_SORTS: Record<string, string> = {
  created_at: 'cc.created_at',
  first_observed: 'cc.first_observed',
  count: 'cc.count',
  change_type: 'cc.change_type',
  severity: 'cc.severity',
  summary: 'cc.summary',
  source: 'cc.source',
  name: 'ci.name',
  type: 'ci.type',
  config_class: 'ci.config_class',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, mo: 30 * 86_400_000, y: 365 * 86_400_000 };

/**
 * A comma list of values with include/exclude marks, as the URL writes them (`healthy:1,warning:-1`; a value without
 * a mark is included). A comma or colon inside a value is escaped with a backslash (spec 03 §5).
 */
export function parseMarked(text: string | undefined, field = 'filter'): { include: string[]; exclude: string[] } {
  const include: string[] = [];
  const exclude: string[] = [];
  if (text === undefined || text === null || text === '') return { include, exclude };
  if (typeof text !== 'string') throw badRequest(`${field}: a comma list such as a:1,b:-1`);
  for (const raw of text.split(/(?<!\\),/)) {
    if (!raw.trim()) continue;
    const mark = /^(.*?)(?<!\\):(-?1)$/.exec(raw);
    const value = (mark ? mark[1] : raw).replace(/\\([,:])/g, '$1').trim();
    (mark?.[2] === '-1' ? exclude : include).push(value);
  }
  return { include, exclude };
}

/** `now`, `now-2d`, `now-15m` or an ISO time → a Date; throws a 400 naming the field otherwise. */
export function parseTime(text: string, field: string): Date {
  if (typeof text !== 'string') throw badRequest(`${field}: use an ISO time or now-<n><unit> such as now-2d`);
  const relative = /^now(?:-(\d+)(mo|[smhdwy]))?$/.exec(text.trim());
  const time = relative ? new Date(Date.now() - (relative[1] ? Number(relative[1]) * UNITS_MS[relative[2]] : 0)) : new Date(text);
  // Postgres' timestamps end at 294276 AD; a Date past them (or none) is a 400, not the database's error.
  if (Number.isNaN(time.getTime()) || Math.abs(time.getFullYear()) > 200_000) throw badRequest(`${field}: use an ISO time or now-<n><unit> such as now-2d`);
  return time;
}

/** `30d` → an SQL interval literal's text; a 400 naming the field otherwise. */
function windowOf(text: string | undefined, field: string): string {
  const match = typeof (text ?? '30d') === 'string' ? /^(\d{1,9})(mo|[smhdwy])$/.exec((text ?? '30d').trim()) : null;
  const ms = match ? Number(match[1]) * UNITS_MS[match[2]] : NaN;
  // At most 100 years: the number is written into the SQL text, so it must stay a plain integer.
  if (!match || !Number.isSafeInteger(ms) || ms > 100 * UNITS_MS.y) throw badRequest(`${field}: a window such as 30d, 12h or 1w (at most 100y)`);
  return `${ms} milliseconds`;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `key=value` pairs of a marked list over a jsonb column: included ones must all match, excluded ones none. */
function keyValueFilters(column: string, text: string | undefined, params: Params, field: string): string[] {
  const { include, exclude } = parseMarked(text, field);
  const pair = (entry: string) => {
    const at = entry.indexOf('=');
    if (at <= 0) throw badRequest(`${field}: use key=value pairs`);
    return { [entry.slice(0, at)]: entry.slice(at + 1) };
  };
  return [
    ...include.map((entry) => `${column} @> ${params.add(JSON.stringify(pair(entry)))}::jsonb`),
    ...exclude.map((entry) => `NOT ${column} @> ${params.add(JSON.stringify(pair(entry)))}::jsonb`),
  ];
}

function valueFilters(column: string, text: string | undefined, params: Params, field: string): string[] {
  const { include, exclude } = parseMarked(text, field);
  const out: string[] = [];
  if (include.length) out.push(`${column} = ANY(${params.add(include)}::text[])`);
  if (exclude.length) out.push(`${column} IS DISTINCT FROM ALL(${params.add(exclude)}::text[])`);
  return out;
}

/**
 * Answers kept for a while per key: identical requests arriving while one is computed share it, a failed answer is
 * not kept, and `clear()` drops them all.
 */
class Kept<T> {
  private readonly answers = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const kept = this.answers.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.answer;
    const answer = compute();
    if (this.answers.size >= 500) this.answers.clear();
    this.answers.set(key, { at: now, answer });
    answer.catch(() => this.answers.get(key)?.answer === answer && this.answers.delete(key));
    return answer;
  }

  clear(): void {
    this.answers.clear();
  }
}

/**
 * The catalogue's aggregating calls: the grouped summary and the changes search (spec 02 §7).
 *
 * The summary aggregates every item with its 30-day change and insight counts: on 100,000 items and 1,000,000
 * changes that is most of a second of one core, while every viewer of /catalog asks the same few questions. So an
 * answer is kept for `CATALOG_SUMMARY_CACHE_MS` (10 s by default; 0 = never) per request body, identical requests
 * arriving while one is computed share it, and every ingest (a scrape, a watch update) drops the kept answers of
 * this replica, so a Run Now followed by a look at /catalog shows the new counts. The changes search keeps its
 * total the same way (per filter, whatever the page and order): counting a 2-day window of a busy catalogue is
 * most of the call, while paging through it asks the same count again and again; the page itself is always read.
 */
@Injectable()
export class CatalogQueriesService {
  private readonly summaries: Kept<CatalogSummaryResponse>;
  private readonly totals: Kept<number>;

  constructor(
    private readonly db: Db,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'catalog'>,
  ) {
    const ttl = config?.catalog.summaryCacheMs ?? 0;
    this.summaries = new Kept(ttl);
    this.totals = new Kept(ttl);
  }

  /** Forgets every kept summary and total (called after each ingest). */
  invalidate(): void {
    this.summaries.clear();
    this.totals.clear();
  }

  summary(request: CatalogSummaryRequest): Promise<CatalogSummaryResponse> {
    return this.summaries.get(JSON.stringify(request), () => this.computeSummary(request));
  }

  private async computeSummary(request: CatalogSummaryRequest): Promise<CatalogSummaryResponse> {
    if (
      request.groupBy !== undefined &&
      request.groupBy !== null &&
      (!Array.isArray(request.groupBy) || !request.groupBy.every((g) => typeof g === 'string' && g))
    ) {
      throw badRequest('groupBy: a list of column names or <tag>__tag');
    }
    const groupBy = request.groupBy?.length ? request.groupBy : ['config_class', 'type'];
    if (groupBy.length > MAX_GROUP_BY) throw badRequest(`groupBy: at most ${MAX_GROUP_BY} columns`);
    for (const field of ['configType', 'configClass', 'search'] as const) {
      if (request[field] !== undefined && request[field] !== null && typeof request[field] !== 'string') throw badRequest(`${field}: must be text`);
    }
    const params = new Params();
    const groups = groupBy.map((name) => {
      if (name.endsWith(TAG_SUFFIX)) return { key: name.slice(0, -TAG_SUFFIX.length), sql: `ci.tags ->> ${params.add(name.slice(0, -TAG_SUFFIX.length))}` };
      const column = GROUP_COLUMNS[name];
      if (!column) throw badRequest(`groupBy: '${name}' is not a catalogue column (use ${Object.keys(GROUP_COLUMNS).join(', ')} or <tag>${TAG_SUFFIX})`);
      return { key: name, sql: column };
    });
    const where = this.itemFilters(request, params);
    const changesWindow = windowOf(request.changes?.since, 'changes.since');
    const analysisWindow = windowOf(request.analysis?.since, 'analysis.since');
    const select = groups.map((g, i) => `${g.sql} AS g${i}`).join(', ');
    const rows = await this.db.query<Record<string, unknown>>(
      `WITH items AS (
         SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.agent_id, ci.tags, ci.cost_per_minute,
           ci.cost_total_30d, ci.created_at, ci.updated_at
         FROM config_items ci WHERE ${where.join(' AND ') || 'true'}
       ),
       ch AS (
         SELECT cc.config_id, count(*)::int AS n FROM config_changes cc
         WHERE cc.created_at > now() - interval '${changesWindow}' AND cc.config_id IN (SELECT id FROM items)
         GROUP BY cc.config_id
       ),
       an AS (
         SELECT ca.config_id, count(*)::int AS total, jsonb_object_agg(ca.analysis_type, ca.n) AS by_type
         FROM (SELECT config_id, analysis_type, count(*)::int AS n FROM config_analysis
               WHERE status = 'open' AND last_observed > now() - interval '${analysisWindow}' AND config_id IN (SELECT id FROM items)
               GROUP BY config_id, analysis_type) ca
         GROUP BY ca.config_id
       ),
       grouped AS (
         SELECT ${select}, ci.health, ci.status, ch.n AS changes, an.by_type, ci.cost_per_minute, ci.cost_total_30d, ci.created_at, ci.updated_at
         FROM items ci LEFT JOIN ch ON ch.config_id = ci.id LEFT JOIN an ON an.config_id = ci.id
       )
       SELECT ${groups.map((_, i) => `g${i}`).join(', ')}, count(*)::int AS count,
         jsonb_strip_nulls(jsonb_build_object(${HEALTH.map((h) => `'${h}', nullif(count(*) FILTER (WHERE health = '${h}'), 0)`).join(', ')})) AS health,
         coalesce((SELECT jsonb_object_agg(s.status, s.n) FROM (SELECT u.status, count(*)::int AS n FROM unnest(array_agg(grouped.status)) AS u(status)
                   WHERE u.status IS NOT NULL GROUP BY u.status) s), '{}') AS status,
         coalesce(sum(changes), 0)::int AS changes,
         coalesce((SELECT jsonb_object_agg(k, v) FROM (SELECT e.key AS k, sum(e.value::int)::int AS v
                   FROM unnest(array_agg(grouped.by_type)) AS t(by_type), jsonb_each_text(t.by_type) e GROUP BY e.key) x), '{}') AS analysis,
         sum(cost_per_minute)::float8 AS cost_per_minute, sum(cost_total_30d)::float8 AS cost_total_30d,
         min(created_at) AS created_at, max(updated_at) AS updated_at
       FROM grouped
       GROUP BY ${groups.map((_, i) => `g${i}`).join(', ')}
       ORDER BY ${groups.map((_, i) => `g${i}`).join(', ')}`,
      params.values,
    );
    const summary = rows.map((row) => {
      const out: Record<string, unknown> = {};
      groups.forEach((g, i) => (out[g.key] = row[`g${i}`]));
      for (const [k, v] of Object.entries(row)) if (!/^g\d+$/.test(k)) out[k] = v;
      return out as CatalogSummaryRow;
    });
    return { groupBy, summary };
  }

  private itemFilters(request: CatalogSummaryRequest, params: Params): string[] {
    const where: string[] = [];
    if (!request.deleted) where.push('ci.deleted_at IS NULL');
    if (request.configType) where.push(`ci.type = ${params.add(request.configType)}`);
    if (request.configClass) where.push(`ci.config_class = ${params.add(request.configClass)}`);
    where.push(...keyValueFilters('ci.labels', request.labels, params, 'labels'));
    where.push(...keyValueFilters('ci.tags', request.tags, params, 'tags'));
    where.push(...valueFilters('ci.health', typeof request.health === 'string' ? request.health.toLowerCase() : request.health, params, 'health'));
    where.push(...valueFilters('ci.status', request.status, params, 'status'));
    if (request.search?.trim()) where.push(`ci.name ILIKE ${params.add(`%${request.search.trim().replace(/[\\%_]/g, '\\$&')}%`)}`);
    return where;
  }

  async changes(request: CatalogChangesRequest): Promise<CatalogChangesResponse> {
    const params = new Params();
    const where: string[] = [];
    const page = request.page === undefined ? 1 : Number(request.page);
    const pageSize = request.page_size === undefined ? 200 : Number(request.page_size);
    if (!Number.isInteger(page) || page < 1 || page > MAX_CHANGES_PAGE) throw badRequest(`page: a whole number from 1 to ${MAX_CHANGES_PAGE}`);
    for (const field of ['id', 'from', 'to', 'summary', 'created_by', 'sort_by', 'recursive'] as const) {
      if (request[field] !== undefined && request[field] !== null && typeof request[field] !== 'string') throw badRequest(`${field}: must be text`);
    }
    if (request.created_by && !UUID.test(request.created_by)) throw badRequest('created_by: not a person id');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) throw badRequest('page_size: a whole number from 1 to 1000');
    const from = parseTime(request.from || 'now-2d', 'from');
    where.push(`cc.created_at >= ${params.add(from)}`);
    if (request.to) where.push(`cc.created_at <= ${params.add(parseTime(request.to, 'to'))}`);
    // Not a join filter: with a partial index of the (few) deleted items, counting a window needs no join at all.
    if (!request.include_deleted_configs) where.push('NOT EXISTS (SELECT 1 FROM config_items d WHERE d.id = cc.config_id AND d.deleted_at IS NOT NULL)');
    if (request.id) {
      if (!UUID.test(request.id)) throw badRequest('id: not a config id');
      const depth = request.depth === undefined ? 5 : Number(request.depth);
      if (!Number.isInteger(depth) || depth < 1 || depth > 10) throw badRequest('depth: a whole number from 1 to 10');
      if (request.recursive) {
        if (!['all', 'upstream', 'downstream'].includes(request.recursive)) throw badRequest('recursive: all, upstream or downstream');
        where.push(
          `cc.config_id IN (SELECT ${params.add(request.id)}::uuid UNION ALL
             SELECT r.id FROM related_configs_recursive($${params.values.length}::uuid, ${params.add(request.recursive)}, ${params.add(!!request.include_deleted_configs)}, ${params.add(depth)}) r)`,
        );
      } else where.push(`cc.config_id = ${params.add(request.id)}::uuid`);
    }
    if (request.config_type) where.push(...valueFilters('ci.type', request.config_type, params, 'config_type'));
    where.push(...valueFilters('cc.change_type', request.type, params, 'type'));
    where.push(...valueFilters('cc.severity', request.severity, params, 'severity'));
    where.push(...valueFilters('cc.source', request.source, params, 'source'));
    where.push(...valueFilters('cc.external_created_by', request.external_created_by, params, 'external_created_by'));
    if (request.created_by) where.push(`cc.created_by = ${params.add(request.created_by)}::uuid`);
    if (request.summary?.trim()) where.push(`cc.summary ILIKE ${params.add(`%${request.summary.trim().replace(/[\\%_]/g, '\\$&')}%`)}`);
    where.push(...keyValueFilters('coalesce(cc.tags, ci.tags)', request.tags, params, 'tags'));

    const sortBy = request.sort_by || '-created_at';
    const column = CHANGE_SORTS[sortBy.replace(/^-/, '')];
    if (!column) throw badRequest(`sort_by: one of ${Object.keys(CHANGE_SORTS).join(', ')}, '-' first for descending`);
    const order = `${column} ${sortBy.startsWith('-') ? 'DESC' : 'ASC'} NULLS LAST, cc.id`;
    const filter = where.join(' AND ');
    const [changes, total] = await Promise.all([
      this.db.query<CatalogChange>(
        `SELECT cc.id, cc.config_id, cc.change_type, cc.summary, cc.severity, cc.source, cc.details, cc.patches, cc.diff,
           cc.tags, cc.created_at, cc.first_observed, cc.count, cc.created_by, cc.external_created_by,
           ci.type, ci.name, ci.config_class, ci.deleted_at
         FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
         WHERE ${filter} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        params.values,
      ),
      this.totals.get(JSON.stringify({ ...request, page: undefined, page_size: undefined, sort_by: undefined }), async () => {
        const row = await this.db.one<{ n: number }>(
          /\bci\./.test(filter)
            ? `SELECT count(*)::int AS n FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id WHERE ${filter}`
            : `SELECT count(*)::int AS n FROM config_changes cc WHERE ${filter}`,
          params.values,
        );
        return row?.n ?? 0;
      }),
    ]);
    return { changes, total };
  }
}
