import type {
  PlaybookDocument,
  PlaybookListItem,
  PlaybookParamsResponse,
  PlaybookRecord,
  PlaybookRunRequest,
  PlaybookRunResponse,
  PlaybookSpec,
  ResourceSearchHit,
  ResourceSearchRequest,
  ResourceSearchResponse,
  SearchableResource,
} from '@contracts';
import { dataApiPath, http, pg, withQuery } from '@web/core/api';
import type { ValidationError } from '@web/core/editor/useYamlValidation';

/** The playbooks area's addresses and calls (spec 02 §7 Playbooks; the gateway's shapes are in contracts). */

export const PLAYBOOKS_PATH = '/playbooks';
export const PLAYBOOK_RUNS_PATH = '/playbooks/runs';
export const playbookRunPath = (runId: string) => `${PLAYBOOK_RUNS_PATH}/${encodeURIComponent(runId)}`;

/** A card of /playbooks: the columns of the stored playbook (the contract's record) that the list selects. */
export type PlaybookRow = Pick<PlaybookRecord, 'id' | 'name' | 'namespace' | 'title' | 'icon' | 'description' | 'category' | 'created_at' | 'updated_at'> & {
  spec: PlaybookSpec | null;
};

/** The list of /playbooks; also the SWR key its writes refresh. */
export const PLAYBOOK_LIST_KEY = withQuery(dataApiPath('playbooks'), {
  deleted_at: pg.is('null'),
  order: pg.order('title'),
  select: 'id,name,namespace,title,icon,description,category,spec,created_at,updated_at',
});
export const fetchPlaybookRows = (key: string) => http.get<PlaybookRow[]>(key);

export const playbookKey = (id: string) => `/api/playbooks/${encodeURIComponent(id)}`;
export const fetchPlaybook = (id: string) => http.get<PlaybookDocument>(playbookKey(id));
/** Create and update send the whole document as written (`{yaml}`); a 400 names its problems with their lines. */
export const createPlaybook = (yaml: string) => http.post<PlaybookDocument>('/api/playbooks', { yaml });
export const updatePlaybook = (id: string, yaml: string) => http.put<PlaybookDocument>(playbookKey(id), { yaml });
/** Soft delete (spec 02 §4). */
export const deletePlaybook = (id: string) => http.delete<void>(playbookKey(id));
export const validatePlaybook = (yaml: string) => http.post<{ errors: ValidationError[] }>('/api/playbooks/validate', { yaml });

/** A resource a run is against, as the run calls name it (`config_id`, `check_id`, `component_id`). */
export interface RunResource {
  kind: SearchableResource;
  id: string;
  name?: string;
}
export const resourceIdField = (kind: SearchableResource) => `${kind}_id` as const;
const resourceIds = (resource: RunResource | null): Partial<Record<`${SearchableResource}_id`, string>> =>
  resource ? { [resourceIdField(resource.kind)]: resource.id } : {};

/** The playbooks that apply to a resource (the run button's menu). */
export const playbooksForKey = (resource: RunResource) => withQuery('/api/playbook/list', resourceIds(resource));
export const fetchPlaybooksFor = (key: string) => http.get<PlaybookListItem[]>(key);

/** The parameters with their defaults resolved for the resource (none: for a run without one). */
export const fetchRunParameters = (playbookId: string, resource: RunResource | null) =>
  http.post<PlaybookParamsResponse>(`/api/playbook/${encodeURIComponent(playbookId)}/params`, resourceIds(resource));

export const runPlaybook = (playbookId: string, resource: RunResource | null, params: Record<string, unknown>) => {
  const body: PlaybookRunRequest = { id: playbookId, ...resourceIds(resource), params };
  return http.post<PlaybookRunResponse>('/api/playbook/run', body);
};

/** Resource pickers: the hits of every kind asked for, configs first. */
export async function searchResources(request: ResourceSearchRequest, signal?: AbortSignal): Promise<ResourceSearchHit[]> {
  const answer = await http.post<ResourceSearchResponse>('/api/resources/search', request, { signal });
  return [...(answer?.configs ?? []), ...(answer?.checks ?? []), ...(answer?.components ?? [])];
}

/** Team and people pickers of the run dialog's parameters. */
export interface DirectoryEntry {
  id: string;
  name: string;
}
export const TEAMS_KEY = withQuery(dataApiPath('teams'), { select: 'id,name', deleted_at: pg.is('null'), order: pg.order('name') });
export const PEOPLE_KEY = withQuery(dataApiPath('people'), { select: 'id,name', deleted_at: pg.is('null'), order: pg.order('name') });
export const fetchDirectory = (key: string) => http.get<DirectoryEntry[]>(key);
