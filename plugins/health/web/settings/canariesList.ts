import { dataApiPath, pg, withQuery } from '@web/core/api';

/** A row of `canaries_with_status` (spec 03 settings resource) with its creator embedded. */
export interface CanaryListRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  schedule: string | null;
  source: string | null;
  job_status: string | null;
  job_details: unknown;
  job_name: string | null;
  last_runtime: string | null;
  job_last_failed: string | null;
  created_at: string;
  updated_at: string | null;
  created_by: { id: string; name: string; avatar: string | null } | null;
}

/** Columns the list may be sorted by on the server (the URL's `sortBy`). */
export const SORTABLE_COLUMNS = ['name', 'source', 'schedule', 'job_status', 'last_runtime', 'job_last_failed', 'created_at', 'updated_at'] as const;
export const DEFAULT_SORT_BY = 'name';
export const LIST_PAGE_SIZE = 50;

export function sortFromParams(sortBy: string, sortDesc: string): { column: string; direction: 'asc' | 'desc' } {
  const column = (SORTABLE_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_SORT_BY;
  return { column, direction: sortDesc === 'true' ? 'desc' : 'asc' };
}

/** The list's data-API key: live canaries, one page, sorted on the server. */
export function canariesListKey(sort: { column: string; direction: 'asc' | 'desc' }, pageIndex: number, pageSize = LIST_PAGE_SIZE): string {
  return withQuery(dataApiPath('canaries_with_status'), {
    select: '*,created_by(id,name,avatar)',
    deleted_at: pg.is('null'),
    // A stable second key: rows with equal values keep their order from page to page.
    order: `${pg.order(sort.column, sort.direction)},id.asc`,
    limit: pageSize,
    offset: pageIndex * pageSize,
  });
}

/** Canaries have labels, not tags: the Tags column shows them as `key: value`. */
export function tagsOf(row: Pick<CanaryListRow, 'labels'>): string[] {
  return Object.entries(row.labels ?? {}).map(([key, value]) => `${key}: ${value}`);
}
