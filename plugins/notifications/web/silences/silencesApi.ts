import type { NotificationSilence, NotificationSilenceInput, ResourceSearchHit, ResourceSearchResponse } from '@contracts';
import { dataApiPath, http, pg, withQuery } from '@web/core/api';

export const SILENCES_API = '/api/notifications/silences';
/** The spec's create call (spec 03 §7: POST /silence). */
export const CREATE_SILENCE_API = '/api/silence';
export const SILENCES_PAGE_PATH = '/notifications/silences';
export const ADD_SILENCE_PAGE_PATH = '/notifications/silences/add';

export type SilenceResourceType = 'canary' | 'check' | 'component' | 'config';

/** A silence as the list and GET by id answer it. */
export type SilenceRow = NotificationSilence & {
  resource: { type: SilenceResourceType; id: string; name: string } | null;
  created_by_person: { id: string; name: string } | null;
  expired: boolean;
};

export interface SilencesPage {
  data: SilenceRow[];
  totalEntries: number;
}

export const silencesListKey = (pageIndex: number, pageSize: number) =>
  withQuery(SILENCES_API, { pageIndex, pageSize, sortBy: 'created_at', sortOrder: 'desc' });
export const silencePath = (id: string) => `${SILENCES_API}/${encodeURIComponent(id)}`;

export const fetchSilences = (key: string, signal: AbortSignal) => http.get<SilencesPage>(key, { signal });
export const createSilence = (input: NotificationSilenceInput) => http.post<SilenceRow>(CREATE_SILENCE_API, input);
export const updateSilence = (id: string, input: Partial<NotificationSilenceInput>) => http.patch<SilenceRow>(silencePath(id), input);
export const deleteSilence = (id: string) => http.delete(silencePath(id));

/** Whether a silence is over: the server says so, or its end has passed. */
export function isExpired(silence: Pick<SilenceRow, 'expired' | 'until'>, now = Date.now()): boolean {
  if (silence.expired) return true;
  const until = Date.parse(silence.until);
  return Number.isFinite(until) && until <= now;
}

/** The kinds of resources the add form silences (spec 03: Catalog, Component, Check). */
export type PickableKind = 'config' | 'component' | 'check';

/** Where a kind's names are read for a resource an address named (`?check_id=`). */
const NAME_TABLES: Record<SilenceResourceType, string> = {
  canary: 'canaries',
  check: 'checks',
  component: 'components',
  config: 'config_items',
};

/** A resource's name from the data API (a resource named by an address shows its name, not its id). */
export async function fetchResourceName(type: SilenceResourceType, id: string, signal?: AbortSignal): Promise<string | null> {
  const rows = await http.get<{ id: string; name: string | null }[]>(dataApiPath(NAME_TABLES[type]), {
    query: { select: 'id,name', id: pg.eq(id), limit: 1 },
    signal,
  });
  return rows?.[0]?.name ?? null;
}

/** Resources of one kind whose name matches what was typed (POST /api/resources/search). */
export async function searchResources(kind: PickableKind, search: string, signal?: AbortSignal): Promise<ResourceSearchHit[]> {
  const answer = await http.post<ResourceSearchResponse>('/api/resources/search', { search, kinds: [kind], limit: 20 }, { signal });
  return [...(answer?.configs ?? []), ...(answer?.checks ?? []), ...(answer?.components ?? [])].filter((hit) => hit.kind === kind);
}
