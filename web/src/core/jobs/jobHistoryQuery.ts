import { type QueryParams, pg } from '@web/core/api';
import { type IncludeExclude, valuesMarked } from './includeExclude';

/** Spec 03 §9: job history pages hold 150 rows by default (the settings job list reads 50), newest first. */
export const JOB_HISTORY_PAGE_SIZE = 150;
export const DEFAULT_JOB_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;
/** Columns the list may be ordered by (anything else in the URL falls back to the default). */
export const JOB_SORTABLE = [
  'name',
  'resource_type',
  'resource_name',
  'status',
  'time_start',
  'duration_millis',
  'success_count',
  'error_count',
  'created_at',
] as const;

export const JOB_HISTORY_RESOURCE = 'job_histories';
/** The agent is embedded by its foreign key: `agent {id, name}` (spec 03 §3). */
export const JOB_HISTORY_SELECT = '*';

export interface JobHistoryFilter {
  resourceId?: string;
  resourceType?: string;
  name?: string;
  /** Include/exclude marks on the status (`SUCCESS:-1`). */
  status?: IncludeExclude;
  /** Runs that took at least this long. */
  minDurationMs?: number;
  /** ISO timestamps of the window on `created_at`. */
  from?: string;
  to?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  pageIndex?: number;
  pageSize?: number;
}

/**
 * The data-API query of one page of job runs (spec 03 §7): `select=*`, `limit`/`offset`, the filters as
 * `resource_type`, `resource_id=eq.`, `name`, `status` (in / not.in), `duration_millis=gte.`, `created_at` gt and lt,
 * and `order={sortBy}.{sortOrder}` with the id as a stable second key. Ask with `Prefer: count=exact`.
 */
export function jobHistoryParams(filter: JobHistoryFilter): QueryParams {
  const pageSize = filter.pageSize ?? JOB_HISTORY_PAGE_SIZE;
  const sortBy = filter.sortBy && (JOB_SORTABLE as readonly string[]).includes(filter.sortBy) ? filter.sortBy : DEFAULT_JOB_SORT.sortBy;
  const sortOrder = filter.sortOrder ?? DEFAULT_JOB_SORT.sortOrder;
  const included = filter.status ? valuesMarked(filter.status, 1) : [];
  const excluded = filter.status ? valuesMarked(filter.status, -1) : [];
  const status = [...(included.length ? [pg.in(included)] : []), ...(excluded.length ? [`not.${pg.in(excluded)}`] : [])];
  const createdAt = [...(filter.from ? [pg.gt(filter.from)] : []), ...(filter.to ? [pg.lt(filter.to)] : [])];
  return {
    select: JOB_HISTORY_SELECT,
    resource_id: filter.resourceId ? pg.eq(filter.resourceId) : undefined,
    resource_type: filter.resourceType ? pg.eq(filter.resourceType) : undefined,
    name: filter.name ? pg.eq(filter.name) : undefined,
    status: status.length ? status : undefined,
    duration_millis: filter.minDurationMs ? pg.gte(filter.minDurationMs) : undefined,
    created_at: createdAt.length ? createdAt : undefined,
    order: `${pg.order(sortBy, sortOrder)},id.desc`,
    limit: pageSize,
    offset: (filter.pageIndex ?? 0) * pageSize,
  };
}
