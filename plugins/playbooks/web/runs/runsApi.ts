import type { PlaybookRunDetail, PlaybookRunResponse, PlaybookRunStatus } from '@contracts';
import { type QueryParams, dataApiPath, http, pg, request, withQuery } from '@web/core/api';

export const PLAYBOOKS_PATH = '/playbooks';
export const RUNS_PATH = '/playbooks/runs';
export const runPath = (id: string) => `${RUNS_PATH}/${encodeURIComponent(id)}`;
/** The spec form of the playbooks page, opened on this playbook (plugins/playbooks/web/pages/PlaybooksPage). */
export const editPlaybookPath = (playbookId: string) => withQuery(PLAYBOOKS_PATH, { edit: playbookId });

const runApi = (id: string) => `/api/playbook/run/${encodeURIComponent(id)}`;
/** The run's live stream: `event: run` messages carrying the whole PlaybookRunDetail. */
export const runEventsPath = (id: string) => `${runApi(id)}/events`;

export function fetchRun(id: string, signal?: AbortSignal): Promise<PlaybookRunDetail> {
  return http.get<PlaybookRunDetail>(runApi(id), { signal });
}
export function approveRun(id: string): Promise<PlaybookRunDetail> {
  return http.post<PlaybookRunDetail>(`/api/playbook/run/approve/${encodeURIComponent(id)}`);
}
export function cancelRun(id: string): Promise<PlaybookRunDetail> {
  return http.post<PlaybookRunDetail>(`${runApi(id)}/cancel`);
}
export function rerunRun(id: string): Promise<PlaybookRunResponse> {
  return http.post<PlaybookRunResponse>(`${runApi(id)}/rerun`);
}

interface Named {
  id: string;
  name: string | null;
  type?: string | null;
}

/** One row of /playbooks/runs as the data API answers it (embeds named as in `RUN_LIST_SELECT`). */
export interface PlaybookRunRow {
  id: string;
  status: PlaybookRunStatus;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  scheduled_time: string | null;
  config_id: string | null;
  check_id: string | null;
  component_id: string | null;
  created_by: string | null;
  playbook: { id: string; name: string; title: string | null; icon: string | null } | null;
  creator: { id: string; name: string | null } | null;
  config?: Named | null;
  check?: Named | null;
  component?: Named | null;
}

/** Which resource kinds may be embedded: a disabled feature's table is refused by the data API, failing the list. */
export interface RunListEmbeds {
  config: boolean;
  check: boolean;
  component: boolean;
}

export function runListSelect(embeds: RunListEmbeds): string {
  return [
    'id,status,created_at,start_time,end_time,scheduled_time,config_id,check_id,component_id,created_by',
    'playbook:playbook_id(id,name,title,icon)',
    // Not the email: only readers of identities see people's emails, and the list would fail for everyone else.
    'creator:created_by(id,name)',
    embeds.config && 'config:config_id(id,name,type)',
    embeds.check && 'check:check_id(id,name,type)',
    embeds.component && 'component:component_id(id,name,type)',
  ]
    .filter(Boolean)
    .join(',');
}

export interface RunListQuery {
  playbookId: string;
  status: string;
  configId: string;
  /** ISO timestamps bounding `created_at` (`until` empty: now). */
  since: string;
  until: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  pageIndex: number;
  pageSize: number;
}

/** Spec 02 §7 /playbook_runs: filters, time range on created_at, order (created_at.desc by default), limit and offset. */
export function runListParams(query: RunListQuery, embeds: RunListEmbeds): QueryParams {
  const eq = (value: string) => (value ? pg.eq(value) : undefined);
  const createdAt = [query.since && pg.gte(query.since), query.until && pg.lte(query.until)].filter((v): v is string => Boolean(v));
  return {
    select: runListSelect(embeds),
    playbook_id: eq(query.playbookId),
    status: eq(query.status),
    config_id: eq(query.configId),
    created_at: createdAt.length ? createdAt : undefined,
    // Runs sharing a start time (or none) keep one order across pages.
    order: [pg.order(query.sortBy, query.sortOrder) + (query.sortBy === 'created_at' ? '' : '.nullslast'), pg.order('id', 'desc')].join(','),
    limit: query.pageSize,
    offset: query.pageIndex * query.pageSize,
  };
}

export interface PlaybookName {
  id: string;
  name: string;
  title: string | null;
}

/** The playbook filter's choices (`playbook_names`: playbooks not deleted). */
export async function fetchPlaybookNames(signal: AbortSignal): Promise<PlaybookName[]> {
  const response = await request<PlaybookName[]>(dataApiPath('playbook_names'), { query: { select: 'id,name,title', order: 'title.asc' }, signal });
  return response.data ?? [];
}
