import { dataApiPath, pg, withQuery } from '@web/core/api';

/** Config items linked to the check. */
export function checkConfigRelationshipsKey(checkId: string): string {
  return withQuery(dataApiPath('check_config_relationships'), {
    check_id: pg.eq(checkId),
    deleted_at: pg.is('null'),
    select: 'config_id,selector_id,config:config_id(id,name,type)',
    order: pg.order('created_at', 'desc'),
  });
}

/** Topology components linked to the check (served by the topology plugin: needs read on topologies). */
export function checkComponentRelationshipsKey(checkId: string): string {
  return withQuery(dataApiPath('check_component_relationships'), {
    check_id: pg.eq(checkId),
    deleted_at: pg.is('null'),
    select: 'component_id,selector_id,component:component_id(id,name,type,icon)',
    order: pg.order('created_at', 'desc'),
  });
}

/** SWR keys of the reads that are not plain GETs; the first item names the read for `mutate` filters. */
export const summaryKey = (checkId: string, timeRange: string) => ['check-detail-summary', checkId, timeRange] as const;
export const SUMMARY_KEY_NAME = 'check-detail-summary';
export const HISTORY_KEY_NAME = 'check-detail-history';

export const catalogItemPath = (configId: string) => `/catalog/${encodeURIComponent(configId)}`;
