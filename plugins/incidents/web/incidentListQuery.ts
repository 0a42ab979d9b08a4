import { dataApiPath, pg, withQuery } from '@web/core/api';

export interface IncidentListFilters {
  severity: string;
  status: string;
  owner: string;
  type: string;
  component: string;
  search: string;
}

export const DEFAULT_FILTERS: IncidentListFilters = {
  severity: 'all',
  status: 'open',
  owner: 'all',
  type: 'all',
  component: 'all',
  search: '',
};

const given = (value: string) => (value && value !== 'all' ? value : undefined);

export interface IncidentListPage {
  pageIndex: number;
  pageSize: number;
}

export const DEFAULT_PAGE: IncidentListPage = { pageIndex: 0, pageSize: 50 };

/**
 * The list's data-API address: 'all' (or blank) drops a filter; a component filters through evidence.
 * One page at a time (limit/offset); the page asks for the total with `Prefer: count=exact`.
 */
export function incidentListKey(filters: IncidentListFilters, page: IncidentListPage = DEFAULT_PAGE): string {
  const component = given(filters.component);
  const select = [
    '*',
    'responders(id,deleted_at,team:team_id(id,name,icon),person:person_id(id,name,avatar))',
    ...(component ? ['hypotheses!inner(id,evidences!inner(component_id))'] : []),
  ].join(',');
  const severity = given(filters.severity);
  const status = given(filters.status);
  const owner = given(filters.owner);
  const type = given(filters.type);
  const search = filters.search.trim();
  return withQuery(dataApiPath('incidents'), {
    select,
    severity: severity ? pg.eq(severity) : undefined,
    status: status ? pg.eq(status) : undefined,
    created_by: owner ? pg.eq(owner) : undefined,
    type: type ? pg.eq(type) : undefined,
    'hypotheses.evidences.component_id': component ? pg.eq(component) : undefined,
    title: search ? pg.ilike(`*${search}*`) : undefined,
    order: pg.order('created_at', 'desc'),
    limit: String(page.pageSize),
    offset: String(page.pageIndex * page.pageSize),
  });
}
