import type { FilterCheck, NotificationRule, NotificationRuleInput, TemplatePreview, TemplatePreviewRequest } from '@contracts';
import { dataApiPath, http, pg, withQuery } from '@web/core/api';

export const RULES_API = '/api/notifications/rules';
export const CHANNELS_API = '/api/notifications/channels';
export const CONNECTIONS_API = '/api/connections';

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_SORT = { sortBy: 'name', sortOrder: 'asc' } as const;

export interface RulesPage {
  data: NotificationRule[];
  totalEntries: number;
}

export interface RulesQuery {
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

/** The list's SWR key: the page and the sort, as the URL has them. */
export const rulesListKey = (query: RulesQuery) => withQuery(RULES_API, { ...query });
export const rulePath = (id: string) => `${RULES_API}/${encodeURIComponent(id)}`;

/** People and teams to pick from (what the other pickers of the app read). */
export const PEOPLE_KEY = withQuery(dataApiPath('people'), { select: 'id,name,email', deleted_at: pg.is('null'), order: pg.order('name') });
export const TEAMS_KEY = withQuery(dataApiPath('teams'), { select: 'id,name', deleted_at: pg.is('null'), order: pg.order('name') });

export interface PersonRef {
  id: string;
  name: string;
  email?: string | null;
}
export interface TeamRef {
  id: string;
  name: string;
}

/** A channel as the gateway lists it (every NOTIFICATION_CHANNELS contribution). */
export interface ServerChannel {
  type: string;
  label: string;
  schemes: string[];
  connectionTypes: string[];
}

/** SWR's fetcher for every key here: the one HTTP client. */
export const getJson = <T>(key: string) => http.get<T>(key);

export const createRule = (input: NotificationRuleInput) => http.post<NotificationRule>(RULES_API, input);
export const updateRule = (id: string, input: Partial<NotificationRuleInput>) => http.patch<NotificationRule>(rulePath(id), input);
export const deleteRule = (id: string) => http.delete(rulePath(id));

export const validateFilter = (filter: string, events: readonly string[], signal?: AbortSignal) =>
  http.post<FilterCheck>(`${RULES_API}/validate-filter`, { filter, events }, { signal });

export const previewTemplate = (request: TemplatePreviewRequest, signal?: AbortSignal) =>
  http.post<TemplatePreview>(`${RULES_API}/preview`, request, { signal });
