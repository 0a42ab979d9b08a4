import type { TopologyComponent, TopologyQuery, TopologyResponse } from '@contracts';
import { dataApiPath, pg, request, withQuery } from '@web/core/api';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';

export type {
  CardSize,
  ComponentProperty,
  ComponentStatus,
  ComponentSummary,
  TopologyComponent,
  TopologyQuery,
  TopologyResponse,
  TopologySortField,
} from '@contracts';

/** The topology pages' addresses and reads (spec 02 Topology; the HTTP surface of issue 13). */

export const TOPOLOGY_PATH = '/topology';
export const TOPOLOGY_API = '/api/topology';
/** Zoom In: the grid of a component's children. */
export const componentPath = (id: string) => `${TOPOLOGY_PATH}/${encodeURIComponent(id)}`;
export const standalonePath = (id: string) => `/view/topology/${encodeURIComponent(id)}`;

/** The grid re-reads this often, so a card turns red when a check fails without a reload. */
export const TOPOLOGY_REFRESH_MS = 30_000;

/** What the page's URL says about the grid: the filters and the sort in effect. */
export interface TopologyView {
  id?: string;
  /** Comma-separated lists, as in the URL. */
  status?: string;
  type?: string;
  team?: string;
  /** `k=v,k2=v2`. */
  labels?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** Only the components an agent pushed (spec 02 §7 `agent_id`). */
  agent_id?: string;
}

/**
 * The `GET /api/topology` query of a view. With a type chosen the scope is read flat: types are listed for the
 * whole scope (`types`), and a type that only occurs below the first level would otherwise match no card.
 */
export function topologyQuery(view: TopologyView): TopologyQuery {
  const query: TopologyQuery = {};
  if (view.id) query.id = view.id;
  if (view.status) query.status = view.status;
  if (view.type) query.type = view.type;
  if (view.team) query.team = view.team;
  if (view.labels) query.labels = view.labels;
  if (view.sortBy) query.sortBy = view.sortBy;
  if (view.sortOrder) query.sortOrder = view.sortOrder;
  if (view.agent_id) query.agent_id = view.agent_id;
  if (view.type) query.flatten = true;
  return query;
}

/** The SWR key of a topology read: its address with the query. */
export function topologyKey(query: TopologyQuery): string {
  return withQuery(TOPOLOGY_API, { ...query });
}

export async function fetchTopology(key: string, signal?: AbortSignal): Promise<TopologyResponse> {
  const { data } = await request<TopologyResponse>(key, { signal });
  return { components: data?.components ?? [], types: data?.types ?? [], teams: data?.teams ?? [], healthStatuses: data?.healthStatuses ?? [] };
}

/** An answer with the query it answers: while a new query loads, the last answer stays shown (see useTopology). */
export interface LoadedTopology extends TopologyResponse {
  key: string;
  /** The component id it was read for. */
  id?: string;
}

async function fetchLoaded(key: string, signal: AbortSignal): Promise<LoadedTopology> {
  const answer = await fetchTopology(key, signal);
  const id = new URLSearchParams(key.split('?')[1] ?? '').get('id') ?? undefined;
  return { ...answer, key, id };
}

/**
 * A topology read, re-read every 30 s. A new query aborts the read in flight (a slow old answer never lands), and
 * the last answer stays shown while the next one loads, so the filters do not flicker; `fresh` says whether the
 * answer is this query's.
 */
export function useTopology(query: TopologyQuery | null) {
  const key = query ? topologyKey(query) : null;
  const response = useAbortableSWR(key, (signal, current) => fetchLoaded(current as string, signal), {
    refreshInterval: TOPOLOGY_REFRESH_MS,
    keepPreviousData: true,
  });
  return { ...response, fresh: response.data !== undefined && response.data.key === key };
}

export interface ComponentName {
  id: string;
  name: string;
  icon: string | null;
}

/** Ancestor ids of a component, root first (`path` is them joined by '.'). */
export function pathIds(component: Pick<TopologyComponent, 'path'> | undefined | null): string[] {
  return (component?.path ?? '').split('.').filter(Boolean);
}

/** The data-API read of the breadcrumb: names (and icons) of components by id. */
export function componentNamesKey(ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  return withQuery(dataApiPath('components'), { id: pg.in([...ids].sort()), select: 'id,name,icon' });
}

export function useComponentNames(ids: readonly string[]) {
  return useAbortableSWR(componentNamesKey(ids), async (signal, key) => (await request<ComponentName[]>(key as string, { signal })).data ?? [], {
    revalidateOnFocus: false,
  });
}
