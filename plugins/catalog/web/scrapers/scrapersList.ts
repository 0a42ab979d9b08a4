import { dataApiPath, pg, withQuery } from '@web/core/api';

/** A row of `config_scrapers_with_status` with its creator embedded. */
export interface ScraperListRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  schedule: string | null;
  source: string | null;
  job_status: string | null;
  job_details: unknown;
  last_runtime: string | null;
  job_last_failed: string | null;
  created_at: string;
  updated_at: string | null;
  created_by: { id: string; name: string } | null;
}

export const SORTABLE_COLUMNS = [
  'name',
  'source',
  'schedule',
  'namespace',
  'job_status',
  'last_runtime',
  'job_last_failed',
  'created_at',
  'updated_at',
] as const;
export const DEFAULT_SORT_BY = 'name';
/** Spec 03 §9: settings list limit 100. */
export const LIST_PAGE_SIZE = 100;

export function sortFromParams(sortBy: string | null, sortDesc: string | null): { column: string; direction: 'asc' | 'desc' } {
  const column = sortBy && (SORTABLE_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_SORT_BY;
  return { column, direction: sortDesc === 'true' ? 'desc' : 'asc' };
}

/** Live scrapers, one page, sorted on the server (a stable second key keeps equal rows in order across pages). */
export function scrapersListKey(sort: { column: string; direction: 'asc' | 'desc' }, pageIndex: number): string {
  return withQuery(dataApiPath('config_scrapers_with_status'), {
    select: '*,created_by(id,name)',
    deleted_at: pg.is('null'),
    order: `${pg.order(sort.column, sort.direction)},id.asc`,
    limit: LIST_PAGE_SIZE,
    offset: pageIndex * LIST_PAGE_SIZE,
  });
}

/** Scrapers have labels: the Tags column shows them as `key: value`. */
export function tagsOf(row: Pick<ScraperListRow, 'labels'>): string[] {
  return Object.entries(row.labels ?? {}).map(([key, value]) => `${key}: ${value}`);
}
