import { AGENT_PAGE_SIZES, type AgentFormValues, type AgentGenerateResponse, type AgentSummary } from '@contracts';
import { type CountedRows, fetchWithCount, http, withQuery } from '@web/core/api';

/** The domain endpoints (plugins/agents/README.md). */
export const AGENT_API = '/api/agent';
export const AGENT_CHART_PATH = `${AGENT_API}/chart`;
export const AGENTS_PATH = '/agents';
export const AGENTS_SETTINGS_PATH = '/settings/agents';

/** A row of the list: agents_summary with its creator embedded. */
export interface AgentRow extends AgentSummary {
  creator?: { id: string; name: string; avatar: string | null } | null;
}

/** What GET /api/agent/chart answers: the chart of helm/ops-console and the Helm repository setting. */
export interface AgentChartInfo {
  chart: string;
  version: string | null;
  repository: { name: string; url: string };
  publicUrl: string | null;
}

export const AGENT_SORTABLE = [
  'name',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
  'last_seen',
  'last_received',
  'created_at',
  'updated_at',
] as const;
export const DEFAULT_AGENT_SORT = { sortBy: 'created_at', sortOrder: 'desc' as const };

export interface AgentListQuery {
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

/** A page size of spec 02 §9 (50, 100, 200): others fall back to the nearest allowed one. */
export function agentPageSize(requested: number): number {
  const sizes = AGENT_PAGE_SIZES as readonly number[];
  if (sizes.includes(requested)) return requested;
  return sizes.find((size) => size >= requested) ?? sizes[sizes.length - 1];
}

/** The SWR key of one page; its parts are what the fetcher sends. */
export function agentListKey(query: AgentListQuery): [string, AgentListQuery] {
  return ['agents_summary', query];
}

export function fetchAgentPage([, query]: [string, AgentListQuery]): Promise<CountedRows<AgentRow>> {
  const sortBy = (AGENT_SORTABLE as readonly string[]).includes(query.sortBy) ? query.sortBy : DEFAULT_AGENT_SORT.sortBy;
  return fetchWithCount<AgentRow>('agents_summary', {
    select: '*,creator(id,name,avatar)',
    order: `${sortBy}.${query.sortOrder}.nullslast,id.asc`,
    limit: String(query.pageSize),
    offset: String(query.pageIndex * query.pageSize),
  });
}

export const agentPath = (id: string) => `${AGENT_API}/${encodeURIComponent(id)}`;

export function getAgent(path: string): Promise<AgentRow> {
  return http.get<AgentRow>(path);
}

export function getChart(path: string): Promise<AgentChartInfo> {
  return http.get<AgentChartInfo>(path);
}

export function generateAgent(values: AgentFormValues): Promise<AgentGenerateResponse> {
  return http.post<AgentGenerateResponse>(`${AGENT_API}/generate`, values);
}

export function updateAgent(id: string, values: Omit<AgentFormValues, 'name'> & { name?: string }): Promise<AgentRow> {
  return http.patch<AgentRow>(agentPath(id), values);
}

/** Soft delete; `cleanup` also removes the rows the agent pushed. */
export function deleteAgent(id: string, cleanup: boolean): Promise<void> {
  return http.delete(withQuery(agentPath(id), { cleanup: String(cleanup) }));
}
