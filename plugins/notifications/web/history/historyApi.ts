import type { NotificationResourceType, SendHistoryRow, SendStatus } from '@contracts';
import { http, withQuery } from '@web/core/api';

export const HISTORY_PATH = '/api/notifications/history';
export const HISTORY_SUMMARY_PATH = '/api/notifications/history/summary';
export const RULES_PAGE_PATH = '/notifications/rules';
export const HISTORY_PAGE_PATH = '/notifications';

/** A send history row as the API answers it: the row with its rule and person (GET /api/notifications/history). */
export type HistoryRow = SendHistoryRow & {
  notification: { id: string; name: string } | null;
  person: { id: string; name: string } | null;
};

export interface HistoryPage {
  data: HistoryRow[];
  totalEntries: number;
}

/** A row of GET /api/notifications/history/summary. */
export interface HistorySummaryRow {
  resource_type: NotificationResourceType | null;
  status: SendStatus;
  count: number;
}

export interface HistoryQuery {
  pageIndex: number;
  pageSize: number;
  status: readonly string[];
  resourceType: readonly string[];
  /** The time range as `timeRangeQuery` gives it ('' : none). */
  from: string;
  to: string;
  sortOrder: 'asc' | 'desc';
}

/** The list's query string: comma lists for the filters, the time range, newest first unless asked otherwise. */
export function historyParams(query: HistoryQuery): Record<string, string | number | undefined> {
  return {
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    status: query.status.length ? query.status.join(',') : undefined,
    resourceType: query.resourceType.length ? query.resourceType.join(',') : undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    sortBy: 'created_at',
    sortOrder: query.sortOrder,
  };
}

export const historyListKey = (query: HistoryQuery) => withQuery(HISTORY_PATH, historyParams(query));
export const historySummaryKey = (from: string, to: string) => withQuery(HISTORY_SUMMARY_PATH, { from: from || undefined, to: to || undefined });
export const historyItemPath = (id: string) => `${HISTORY_PATH}/${encodeURIComponent(id)}`;

export const fetchHistory = (key: string, signal: AbortSignal) => http.get<HistoryPage>(key, { signal });
export const fetchHistorySummary = (key: string, signal: AbortSignal) => http.get<HistorySummaryRow[]>(key, { signal });
export const fetchHistoryItem = (id: string, signal: AbortSignal) => http.get<HistoryRow>(historyItemPath(id), { signal });

/** The rule's page: the rules list opening it (spec 03: /notifications/rules?id={notification_id}). */
export const rulePath = (id: string) => withQuery(RULES_PAGE_PATH, { id });
/** The send history opening one row's details (what the bell links to). */
export const historyItemPagePath = (id: string) => withQuery(HISTORY_PAGE_PATH, { id });

/** Who a row went to: the person's name, a custom recipient's name, or the key as stored. */
export function recipientLabel(row: Pick<HistoryRow, 'recipient' | 'person' | 'person_id'>): string {
  if (row.person?.name) return row.person.name;
  const recipient = row.recipient ?? '';
  if (recipient.startsWith('custom:')) return recipient.slice('custom:'.length);
  if (recipient.startsWith('person:')) return recipient.slice('person:'.length);
  return recipient || row.person_id || '';
}

/** A delivery's duration: "850 ms", "2.4 s", "3m 5s"; blank when not sent yet. */
export function formatDuration(millis: number | null | undefined): string {
  if (millis === null || millis === undefined || !Number.isFinite(millis)) return '';
  if (millis < 1000) return `${Math.round(millis)} ms`;
  if (millis < 60_000) return `${(millis / 1000).toFixed(1)} s`;
  const seconds = Math.round(millis / 1000);
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
