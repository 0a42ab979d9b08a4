import type { ScopedMutator } from 'swr';
import type { TopologyComponent, TopologyResponse } from '@contracts';
import { type CountedRows, fetchWithCount, http, withQuery } from '@web/core/api';
import type { QueryParams } from '@web/core/api/query';

/**
 * The side panel's reads (issue 13 HTTP surface: the data API, with `Prefer: count=exact` so each header shows the
 * total) and the SWR keys they are cached under, so the card menu can refresh a section after linking.
 */

/** Lists in the panel load 50 at a time (spec 02 §9: playbook and insight panels page by 50). */
export const PANEL_PAGE_SIZE = 50;

export type PanelSection = 'catalog' | 'incidents' | 'changes' | 'checks' | 'runs' | 'teams' | 'insights';

const PANEL_KEY = 'topology-panel';
export type PanelKey = readonly [typeof PANEL_KEY, PanelSection, string, number];

/** The cache key of one page of a section's list. */
export const panelKey = (section: PanelSection, componentId: string, page: number): PanelKey => [PANEL_KEY, section, componentId, page];

/** Refreshes every loaded page of a section (after a link or unlink). */
export function refreshSection(mutate: ScopedMutator, section: PanelSection, componentId: string): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === PANEL_KEY && key[1] === section && key[2] === componentId);
}

export interface ConfigLinkRow {
  config_id: string;
  selector_id: string;
  config: { id: string; name: string; type: string | null; health: string | null; status: string | null } | null;
}

export interface IncidentRow {
  id: string;
  incident_id: string | null;
  title: string;
  severity: string | null;
  status: string | null;
  type: string | null;
  created_at: string;
}

export interface ChangeRow {
  id: string;
  config_id: string;
  change_type: string | null;
  severity: string | null;
  summary: string | null;
  created_at: string;
  config_name: string | null;
  config_type: string | null;
}

export interface CheckLinkRow {
  check: { id: string; name: string; type: string | null; icon: string | null; status: string | null; canary_id: string; last_runtime: string | null } | null;
}

export interface RunRow {
  id: string;
  status: string;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  playbook: { id: string; title: string | null; name: string; icon: string | null } | null;
}

export interface TeamLinkRow {
  team_id: string;
  role: string | null;
  team: { id: string; name: string; icon: string | null } | null;
}

export interface InsightRow {
  id: string;
  config_id: string;
  analyzer: string;
  analysis_type: string;
  severity: string | null;
  status: string | null;
  summary: string | null;
  message: string | null;
  config_name: string | null;
  config_type: string | null;
  last_observed: string;
}

export interface PanelRows {
  catalog: ConfigLinkRow;
  incidents: IncidentRow;
  changes: ChangeRow;
  checks: CheckLinkRow;
  runs: RunRow;
  teams: TeamLinkRow;
  insights: InsightRow;
}

/** Each section's data-API resource and filters (as the HTTP surface lists them). */
export function sectionQuery(section: PanelSection, componentId: string): { resource: string; query: QueryParams } {
  const component_id = `eq.${componentId}`;
  switch (section) {
    case 'catalog':
      return {
        resource: 'config_component_relationships',
        query: { component_id, deleted_at: 'is.null', select: 'config_id,selector_id,config:config_id(id,name,type,health,status)', order: 'created_at.asc' },
      };
    case 'incidents':
      return { resource: 'incidents_by_component', query: { component_id, order: 'created_at.desc' } };
    case 'changes':
      return { resource: 'changes_by_component', query: { component_id, order: 'created_at.desc' } };
    case 'checks':
      return {
        resource: 'check_component_relationships',
        query: { component_id, deleted_at: 'is.null', select: 'check:check_id(id,name,type,icon,status,canary_id,last_runtime)', order: 'created_at.asc' },
      };
    case 'runs':
      return {
        resource: 'playbook_runs',
        query: { component_id, order: 'created_at.desc', select: 'id,status,created_at,start_time,end_time,playbook:playbook_id(id,title,name,icon)' },
      };
    case 'teams':
      return { resource: 'team_components', query: { component_id, select: 'team_id,role,team:team_id(id,name,icon)', order: 'created_at.asc' } };
    case 'insights':
      return { resource: 'analysis_by_component', query: { component_id, order: 'last_observed.desc' } };
  }
}

/** One page of a section, with the section's total. */
export function fetchSectionPage<S extends PanelSection>([, section, componentId, page]: readonly [string, S, string, number]): Promise<
  CountedRows<PanelRows[S]>
> {
  const { resource, query } = sectionQuery(section, componentId);
  return fetchWithCount<PanelRows[S]>(resource, { ...query, limit: PANEL_PAGE_SIZE, offset: page * PANEL_PAGE_SIZE });
}

/** The component itself when the page did not pass it: `GET /api/topology?id=` answers it with its children. */
export const componentKey = (componentId: string) => withQuery('/api/topology', { id: componentId });

export async function fetchComponent(key: string): Promise<TopologyComponent | null> {
  const answer = await http.get<TopologyResponse>(key);
  return answer.components?.[0] ?? null;
}
