import { useMemo } from 'react';
import { type IncludeExclude, type JobHistoryFilter, DEFAULT_JOB_SORT, JOB_SORTABLE, decodeIncludeExclude, encodeIncludeExclude } from '@web/core/jobs';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { type TimeRange, relativeTimeRange, resolveTimeRange, useTimeRangeParams } from '@web/core/timeRange';
import { DEFAULT_JOB_RANGE, DEFAULT_STATUS_FILTER, JOB_LIST_PAGE_SIZE, durationMs } from './jobHistoryOptions';

const DEFAULT_RANGE = relativeTimeRange(DEFAULT_JOB_RANGE) as TimeRange;

/**
 * The Job History page's state, all of it in the URL query (shareable): `name`, `resourceType`, `status`
 * (include/exclude marks; absent = the default `SUCCESS:-1`, empty = All), `duration`, the time range
 * (`rangeType`/`range`/`from`/`to`, default now-2d), `sortBy`/`sortOrder` and `pageIndex`. Every filter change goes
 * back to the first page.
 */
export function useJobHistoryState() {
  const [name, setName] = useQueryState('name', '');
  const [resourceType, setResourceType] = useQueryState('resourceType', '');
  const [statusText, setStatusText] = useQueryState('status', DEFAULT_STATUS_FILTER);
  const [duration, setDuration] = useQueryState('duration', '');
  const [sortBy, setSortBy] = useQueryState('sortBy', DEFAULT_JOB_SORT.sortBy);
  const [sortOrder, setSortOrder] = useQueryState('sortOrder', DEFAULT_JOB_SORT.sortOrder);
  const [pageText, setPage] = useQueryState('pageIndex', '0');
  const [range, setRangeParams] = useTimeRangeParams(DEFAULT_RANGE);

  const status = useMemo(() => decodeIncludeExclude(statusText), [statusText]);
  const pageIndex = Math.max(0, Number.parseInt(pageText, 10) || 0);
  const firstPage = () => setPage(null);

  // A relative window is resolved when it is chosen (and on reload), not on every render: the query stays the same
  // while the page is open. Only an absolute or calendar window has an end.
  const rangeKey = JSON.stringify(range);
  const window = useMemo(() => {
    const resolved = resolveTimeRange(range);
    return { from: resolved.from.toISOString(), to: range.type === 'relative' ? undefined : resolved.to.toISOString() };
    // The range object is new on each render; its JSON says when it changed.
  }, [rangeKey]);

  const filter: JobHistoryFilter = {
    name: name || undefined,
    resourceType: resourceType || undefined,
    status,
    minDurationMs: durationMs(duration),
    from: window.from,
    to: window.to,
    // A column the list cannot be ordered by (a hand-edited link) is the default, in the table's arrow too.
    sortBy: (JOB_SORTABLE as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_JOB_SORT.sortBy,
    sortOrder: sortOrder === 'asc' ? 'asc' : 'desc',
    pageIndex,
    pageSize: JOB_LIST_PAGE_SIZE,
  };

  return {
    filter,
    name,
    resourceType,
    status,
    duration,
    range,
    setName: (value: string) => (setName(value || null), firstPage()),
    setResourceType: (value: string) => (setResourceType(value || null), firstPage()),
    /** `{}` (All) is written as an empty value, so it is not read back as the default. */
    setStatus: (value: IncludeExclude) => (setStatusText(encodeIncludeExclude(value)), firstPage()),
    setDuration: (value: string) => (setDuration(value || null), firstPage()),
    setRange: (value: TimeRange | undefined) => (setRangeParams(value), firstPage()),
    setSort: (column: string | null, direction: 'asc' | 'desc') => {
      setSortBy(column);
      setSortOrder(column ? direction : null);
      firstPage();
    },
    setPageIndex: (index: number) => setPage(String(index)),
  };
}
