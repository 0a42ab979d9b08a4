import { dataApiPath, pg, withQuery } from '@web/core/api';

/** The `integration_type` of an integrations_with_status row, and the `{type}` of /settings/integrations/{type}/{id}. */
export const INTEGRATION_TYPES = ['scrapers', 'topologies', 'logging_backends'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const isIntegrationType = (value: string | undefined): value is IntegrationType => (INTEGRATION_TYPES as readonly string[]).includes(value ?? '');

/** A row of `integrations_with_status` as the list reads it (spec 03 §3 Integration), creator and agent embedded. */
export interface IntegrationRow {
  id: string;
  name: string;
  namespace: string | null;
  source: string | null;
  integration_type: IntegrationType;
  agent: { id: string; name: string } | null;
  job_status: string | null;
  job_details: unknown;
  job_name: string | null;
  job_time_start: string | null;
  last_runtime: string | null;
  created_by: { id: string; name: string } | null;
  created_at: string;
  updated_at: string | null;
}

export const INTEGRATIONS_PATH = '/settings/integrations';
export const INTEGRATIONS_VIEW = 'integrations_with_status';
const SELECT =
  'id,name,namespace,source,integration_type,job_status,job_details,job_name,job_time_start,last_runtime,created_at,updated_at,created_by(id,name),agent(id,name)';

/** Spec 03 §9: the all-zero agent id means no agent (the console itself). */
export const NO_AGENT_ID = '00000000-0000-0000-0000-000000000000';
export const hasAgent = (row: Pick<IntegrationRow, 'agent'>) => Boolean(row.agent && row.agent.id !== NO_AGENT_ID);

/** Spec 03 §9: settings lists read 100 at a time. */
export const INTEGRATIONS_PAGE_SIZE = 100;
export const SORTABLE_COLUMNS = ['name', 'namespace', 'source', 'job_status', 'job_time_start', 'created_at', 'updated_at'] as const;
export const DEFAULT_SORT = { column: 'name', direction: 'asc' } as const;

export interface IntegrationsQuery {
  sortBy: string;
  sortDesc: boolean;
  pageIndex: number;
}

/** The URL's `sortBy`, `sortDesc` and `page` (1-based) → the list's query; anything unknown falls back to the default. */
export function integrationsQueryFrom(params: URLSearchParams): IntegrationsQuery {
  const sortBy = params.get('sortBy');
  const page = Number(params.get('page'));
  return {
    sortBy: sortBy && (SORTABLE_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_SORT.column,
    sortDesc: params.get('sortDesc') === 'true',
    pageIndex: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** One page of the list, sorted on the server (id second, so equal rows keep their order across pages). */
export function integrationsListKey({ sortBy, sortDesc, pageIndex }: IntegrationsQuery, pageSize = INTEGRATIONS_PAGE_SIZE): string {
  return withQuery(dataApiPath(INTEGRATIONS_VIEW), {
    select: SELECT,
    order: `${pg.order(sortBy, sortDesc ? 'desc' : 'asc')},id.asc`,
    limit: pageSize,
    offset: pageIndex * pageSize,
  });
}

/** One integration of one type (spec 03 §7 single-record fetch). */
export function integrationKey(type: IntegrationType, id: string): string {
  return withQuery(dataApiPath(INTEGRATIONS_VIEW), { select: SELECT, id: pg.eq(id), integration_type: pg.eq(type) });
}

export const integrationPath = (row: Pick<IntegrationRow, 'integration_type' | 'id'>) =>
  `${INTEGRATIONS_PATH}/${encodeURIComponent(row.integration_type)}/${encodeURIComponent(row.id)}`;
