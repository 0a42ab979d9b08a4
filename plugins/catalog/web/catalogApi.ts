import type { CatalogChangesRequest, CatalogChangesResponse, CatalogSummaryRequest, CatalogSummaryResponse, ConfigProperty } from '@contracts';
import { dataApiPath, pg, request, totalFromContentRange, withQuery, type CountedRows, type QueryParams } from '@web/core/api';

/** The catalogue's addresses and calls (spec 02 §7 Catalog): data-API views and the two gateway endpoints. */

export const CATALOG_PATH = '/catalog';
export const configPath = (id: string) => `${CATALOG_PATH}/${id}`;
export const scraperPath = (id: string) => `${CATALOG_PATH}/scrapers/${id}`;
/** The list reads its type from `configType` (the spec's detail sidebar says `type`; the list's own parameter wins). */
export const configTypePath = (type: string) => withQuery(CATALOG_PATH, { configType: type });

/** Group-by tag keys carry this suffix (`team__tag`). */
export const TAG_SUFFIX = '__tag';

export interface ConfigListItem {
  id: string;
  name: string | null;
  type: string;
  config_class: string;
  status: string | null;
  health: string | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  cost_per_minute: number | string | null;
  cost_total_1d: number | string | null;
  cost_total_7d: number | string | null;
  cost_total_30d: number | string | null;
  changes: number | null;
  analysis: Record<string, number> | null;
  agent?: { id: string; name: string } | null;
}

export interface ConfigDetail extends ConfigListItem {
  description: string | null;
  config: unknown;
  format: string | null;
  properties: ConfigProperty[] | null;
  last_scraped_time: string | null;
  scraper_id: string | null;
  config_scrapers: { id: string; name: string } | null;
  summary: Partial<Record<'changes' | 'analysis' | 'relationships' | 'playbook_runs' | 'checks', number>> | null;
}

export interface ConfigInsight {
  id: string;
  config_id: string;
  analyzer: string;
  analysis_type: string;
  severity: string;
  status: string;
  message: string | null;
  summary: string | null;
  source: string | null;
  analysis: unknown;
  first_observed: string;
  last_observed: string | null;
  config: { id: string; name: string | null; type: string; config_class: string } | null;
}

/** One mark of a `key=value:1,key=value:-1` filter: 1 includes, -1 excludes. */
export type FilterMarks = Record<string, 1 | -1>;

/** `a:1,b:-1,c` → `{a: 1, b: -1, c: 1}` (a value without a mark is included). */
export function parseMarks(text: string): FilterMarks {
  const marks: FilterMarks = {};
  for (const part of text.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const match = /^(.*):(-?1)$/.exec(item);
    if (match) marks[match[1]] = match[2] === '-1' ? -1 : 1;
    else marks[item] = 1;
  }
  return marks;
}

export function serializeMarks(marks: FilterMarks): string {
  return Object.entries(marks)
    .map(([value, mark]) => `${value}:${mark}`)
    .join(',');
}

/** A value list with marks as data-API filters on one column: `in.(…)` for the included, `not.in.(…)` for the excluded. */
function markFilters(marks: FilterMarks): string[] {
  const included = Object.keys(marks).filter((value) => marks[value] === 1);
  const excluded = Object.keys(marks).filter((value) => marks[value] === -1);
  return [...(included.length ? [pg.in(included)] : []), ...(excluded.length ? [`not.${pg.in(excluded)}`] : [])];
}

/** `key=value` marks over a JSON column as `labels->>key` filters. */
function keyValueFilters(column: string, marks: FilterMarks): QueryParams {
  const byKey = new Map<string, FilterMarks>();
  for (const [pair, mark] of Object.entries(marks)) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at);
    byKey.set(key, { ...byKey.get(key), [pair.slice(at + 1)]: mark });
  }
  return Object.fromEntries([...byKey].map(([key, values]) => [`${column}->>${key}`, markFilters(values)]));
}

export const CONFIG_LIST_SELECT = [
  'id',
  'type',
  'config_class',
  'status',
  'health',
  'labels',
  'name',
  'tags',
  'created_at',
  'updated_at',
  'deleted_at',
  'cost_per_minute',
  'cost_total_1d',
  'cost_total_7d',
  'cost_total_30d',
  'changes',
  'analysis',
  'agent:agent_id(id,name)',
].join(',');

export interface ConfigListQuery {
  search: string;
  configType: string;
  labels: string;
  tags: string;
  status: string;
  health: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  hideDeleted: boolean;
  pageIndex: number;
  pageSize: number;
}

/** Quotes a value inside `or=(…)` when it holds the list's reserved characters. */
function orValue(text: string): string {
  return /[,.():"\\\s]/.test(text) ? `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : text;
}

/** The flat list's data-API address (spec 02 §7 Config list): filters, order type,name.asc, one page. */
export function configListParams(query: ConfigListQuery): QueryParams {
  const search = query.search.trim();
  const status = markFilters(parseMarks(query.status));
  const health = markFilters(parseMarks(query.health));
  const order = query.sortBy === 'name' ? pg.order('name', query.sortOrder) : `${pg.order(query.sortBy, query.sortOrder)},name.asc`;
  return {
    select: CONFIG_LIST_SELECT,
    type: query.configType ? pg.eq(query.configType) : undefined,
    status: status.length ? status : undefined,
    health: health.length ? health : undefined,
    or: search ? `(${['name', 'type', 'description', 'namespace'].map((column) => `${column}.ilike.${orValue(`*${search}*`)}`).join(',')})` : undefined,
    ...keyValueFilters('labels', parseMarks(query.labels)),
    ...keyValueFilters('tags', parseMarks(query.tags)),
    deleted_at: query.hideDeleted ? pg.is('null') : undefined,
    order,
    limit: query.pageSize,
    offset: query.pageIndex * query.pageSize,
  };
}

/** One page of a data-API resource with the total of all matching rows (`Prefer: count=exact`). */
export async function fetchCounted<T>(resource: string, params: QueryParams, signal: AbortSignal): Promise<CountedRows<T>> {
  const response = await request<T[]>(withQuery(dataApiPath(resource), params), { headers: { Prefer: 'count=exact' }, signal });
  const rows = response.data ?? [];
  return { rows, total: totalFromContentRange(response.headers.get('content-range')) ?? rows.length };
}

export async function fetchSummary(body: CatalogSummaryRequest, signal: AbortSignal): Promise<CatalogSummaryResponse> {
  const response = await request<CatalogSummaryResponse>('/api/catalog/summary', { method: 'POST', body, signal });
  return response.data;
}

export async function fetchChanges(body: CatalogChangesRequest, signal: AbortSignal): Promise<CatalogChangesResponse> {
  const response = await request<CatalogChangesResponse>('/api/catalog/changes', { method: 'POST', body, signal });
  return response.data;
}

/** `/config_detail?id=eq.{id}` with the scraper that created the item; undefined when there is no such item. */
export async function fetchConfigDetail(id: string, signal: AbortSignal): Promise<ConfigDetail | undefined> {
  const response = await request<ConfigDetail[]>(withQuery(dataApiPath('config_detail'), { id: pg.eq(id), select: '*,config_scrapers:scraper_id(id,name)' }), {
    signal,
  });
  return response.data?.[0];
}

/** A list resource's rows (filter choices: types, statuses, tags, labels, analyzers, change types). */
export async function fetchRows<T>(resource: string, params: QueryParams, signal: AbortSignal): Promise<T[]> {
  const response = await request<T[]>(withQuery(dataApiPath(resource), params), { signal });
  return response.data ?? [];
}
