import { PAGE_SIZE_OPTIONS, PLAYBOOK_RUN_STATUSES } from '@contracts';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { type TimeRange, relativeTimeRange, useTimeRangeParams } from '@web/core/timeRange';
import { DEFAULT_RUNS_RANGE } from './runTimes';

export const DEFAULT_RUNS_PAGE_SIZE = 50;
export const DEFAULT_RUNS_STARTS = `now-${DEFAULT_RUNS_RANGE}`;
export const DEFAULT_RUNS_TIME_RANGE = relativeTimeRange(DEFAULT_RUNS_STARTS) as TimeRange;
/** `sort`: a column and a direction, newest runs first by default (spec 02 §7 order created_at.desc). */
export const DEFAULT_RUNS_SORT = 'created_at.desc';
export const SORTABLE_RUN_COLUMNS = ['status', 'start_time', 'created_at'] as const;

function sortOf(text: string): { sortBy: string; sortOrder: 'asc' | 'desc' } {
  const [column, direction] = text.split('.');
  if (!(SORTABLE_RUN_COLUMNS as readonly string[]).includes(column)) return { sortBy: 'created_at', sortOrder: 'desc' };
  return { sortBy: column, sortOrder: direction === 'asc' ? 'asc' : 'desc' };
}

/**
 * Everything the runs list shows, in the query string so a link shares it (spec 02 §7): pageIndex, pageSize,
 * playbookId, status, the time range (the shared picker's parameters; links with the former `starts`/`ends` still
 * read), sort and configId. Setting a filter starts from the
 * first page again; defaults are left out of the URL.
 */
export function usePlaybookRunsState() {
  const [playbookId, setPlaybookId] = useQueryState('playbookId', '');
  const [statusParam, setStatus] = useQueryState('status', '');
  const [timeRange, setTimeRange] = useTimeRangeParams(DEFAULT_RUNS_TIME_RANGE, '', { from: 'starts', to: 'ends' });
  const [configId, setConfigId] = useQueryState('configId', '');
  const [sort, setSortParam] = useQueryState('sort', DEFAULT_RUNS_SORT);
  const [pageIndexParam, setPageIndex] = useQueryState('pageIndex', '0');
  const [pageSizeParam, setPageSize] = useQueryState('pageSize', String(DEFAULT_RUNS_PAGE_SIZE));

  const pageSize = Number(pageSizeParam);
  const filter = (set: (value: string | null) => void) => (value: string) => {
    set(value || null);
    setPageIndex(null);
  };
  return {
    playbookId,
    status: (PLAYBOOK_RUN_STATUSES as readonly string[]).includes(statusParam) ? statusParam : '',
    timeRange,
    configId,
    ...sortOf(sort),
    pageIndex: Math.max(0, Math.floor(Number(pageIndexParam)) || 0),
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_RUNS_PAGE_SIZE,
    setPlaybookId: filter(setPlaybookId),
    setStatus: filter(setStatus),
    setConfigId: filter(setConfigId),
    /** The shared picker's choice; undefined (Clear) is the default range again. */
    setTimeRange: (range: TimeRange | undefined) => {
      setTimeRange(range);
      setPageIndex(null);
    },
    setSort: (column: string | null, direction: 'asc' | 'desc') => {
      setSortParam(column ? `${column}.${direction}` : null);
      setPageIndex(null);
    },
    setPage: (index: number, size: number) => {
      setPageIndex(String(index));
      setPageSize(String(size));
    },
  };
}

export type PlaybookRunsState = ReturnType<typeof usePlaybookRunsState>;
