import { pg, type QueryParams } from '@web/core/api';

/** Spec 02 §9 insight types and severities (contracts). */
export { ANALYSIS_TYPES as INSIGHT_TYPES, SEVERITIES as INSIGHT_SEVERITIES } from '@contracts';
export const DEFAULT_INSIGHTS_PAGE_SIZE = 50;
export const DEFAULT_INSIGHTS_SORT = 'first_observed';

export interface InsightsQuery {
  type: string;
  severity: string;
  analyzer: string;
  component: string;
  configType: string;
  configId?: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

const INSIGHT_SELECT = 'id,config_id,analyzer,analysis_type,severity,status,message,summary,source,analysis,first_observed,last_observed,config';

/** The resource to read: a component's insights come through the configs linked to it (`analysis_by_component`). */
export const insightsResource = (query: InsightsQuery) => (query.component ? 'analysis_by_component' : 'config_analysis_items');

/** Spec 02 §7 /config_analysis_items: filters, order first_observed.desc by default, limit and offset. */
export function insightsParams(query: InsightsQuery): QueryParams {
  const eq = (value: string | undefined) => (value ? pg.eq(value) : undefined);
  return {
    select: INSIGHT_SELECT,
    component_id: eq(query.component),
    config_id: eq(query.configId),
    config_type: eq(query.configType),
    analysis_type: eq(query.type),
    severity: eq(query.severity),
    analyzer: eq(query.analyzer),
    order: pg.order(query.sortBy, query.sortOrder),
    limit: query.pageSize,
    offset: query.pageIndex * query.pageSize,
  };
}
