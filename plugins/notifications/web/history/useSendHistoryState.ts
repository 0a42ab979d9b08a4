import { useMemo } from 'react';
import { NOTIFICATION_RESOURCE_TYPES, PAGE_SIZE_OPTIONS, SEND_STATUSES } from '@contracts';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { type TimeRange, relativeTimeRange, timeRangeQuery, useTimeRangeParams } from '@web/core/timeRange';

export const DEFAULT_HISTORY_PAGE_SIZE = 50;
export const MAX_HISTORY_PAGE_SIZE = 200;
export const DEFAULT_HISTORY_RANGE = relativeTimeRange('7d') as TimeRange;

/** A comma list from the URL, keeping only the values of `known` (a hand-edited link cannot send garbage). */
function listOf(text: string, known: readonly string[]): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value, index, all) => value && known.includes(value) && all.indexOf(value) === index);
}

/**
 * Everything the send history shows, in the query string so a link shares it (spec 03 Notifications): `status` and
 * `resourceType` (comma lists), the time range (the shared picker's parameters), `pageIndex`, `pageSize`, `sort`
 * (`asc` for oldest first) and `id` (the row whose details are open). A filter starts from the first page again.
 */
export function useSendHistoryState() {
  const [statusParam, setStatusParam] = useQueryState('status', '');
  const [typeParam, setTypeParam] = useQueryState('resourceType', '');
  const [timeRange, setTimeRangeParam] = useTimeRangeParams(DEFAULT_HISTORY_RANGE);
  const [pageIndexParam, setPageIndex] = useQueryState('pageIndex', '0');
  const [pageSizeParam, setPageSize] = useQueryState('pageSize', String(DEFAULT_HISTORY_PAGE_SIZE));
  const [sortParam, setSortParam] = useQueryState('sort', 'desc');
  const [id, setId] = useQueryState('id', '');

  const status = useMemo(() => listOf(statusParam, SEND_STATUSES), [statusParam]);
  const resourceType = useMemo(() => listOf(typeParam, NOTIFICATION_RESOURCE_TYPES), [typeParam]);
  // A relative or calendar range is resolved once per change of the URL, not on every render (the key would never settle).
  const { from, to } = useMemo(() => timeRangeQuery(timeRange), [timeRange]);
  const pageSize = Number(pageSizeParam);

  return {
    status,
    resourceType,
    timeRange,
    from,
    to,
    pageIndex: Math.max(0, Math.floor(Number(pageIndexParam)) || 0),
    // The API answers at most MAX_HISTORY_PAGE_SIZE rows a page.
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? Math.min(pageSize, MAX_HISTORY_PAGE_SIZE) : DEFAULT_HISTORY_PAGE_SIZE,
    sortOrder: sortParam === 'asc' ? ('asc' as const) : ('desc' as const),
    id,
    setStatus(values: readonly string[]) {
      setStatusParam(values.length ? values.join(',') : null);
      setPageIndex(null);
    },
    setResourceType(values: readonly string[]) {
      setTypeParam(values.length ? values.join(',') : null);
      setPageIndex(null);
    },
    setTimeRange(range: TimeRange | undefined) {
      setTimeRangeParam(range);
      setPageIndex(null);
    },
    setSortOrder(order: 'asc' | 'desc') {
      setSortParam(order);
      setPageIndex(null);
    },
    setPage(index: number, size: number) {
      setPageIndex(String(index));
      setPageSize(String(size));
    },
    open: (rowId: string) => setId(rowId),
    close: () => setId(null),
  };
}

export type SendHistoryState = ReturnType<typeof useSendHistoryState>;
