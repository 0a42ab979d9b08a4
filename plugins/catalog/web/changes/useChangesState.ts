import type { CatalogChangesRequest } from '@contracts';
import { useMemo } from 'react';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { type TimeRange, relativeTimeRange, timeRangeQuery, useTimeRangeParams } from '@web/core/timeRange';
import { usePagedState } from '../catalog/usePagedState';

/** Spec 02 §9 Config changes: last 2 days, 200 a page, page 1 (1-based), deleted configs hidden. */
export const DEFAULT_CHANGES_FROM = 'now-2d';
export const DEFAULT_CHANGES_RANGE = relativeTimeRange(DEFAULT_CHANGES_FROM) as TimeRange;
export const DEFAULT_CHANGES_PAGE_SIZE = 200;
export const DEFAULT_CHANGES_SORT = 'created_at';

/** The changes list's state in the query string (spec 02 §7: the UI's changes parameters). */
export function useChangesState() {
  const [changeType, setChangeType] = useQueryState('changeType', '');
  const [severity, setSeverity] = useQueryState('severity', '');
  const [configType, setConfigType] = useQueryState('configType', '');
  // Links written before the shared picker carry `from=now-2d` (or an absolute from/to): still read.
  const [timeRange, setTimeRange] = useTimeRangeParams(DEFAULT_CHANGES_RANGE, '', { from: 'from', to: 'to' });
  const { from, to } = useMemo(() => timeRangeQuery(timeRange), [timeRange]);
  const [summary, setSummary] = useQueryState('summary', '');
  const [tags] = useQueryState('tags', '');
  const paged = usePagedState({ sortBy: DEFAULT_CHANGES_SORT, sortOrder: 'desc', firstPage: 1, pageSize: DEFAULT_CHANGES_PAGE_SIZE });
  const [includeDeleted, setIncludeDeleted] = useQueryState('includeDeletedConfigs', 'false');

  const { filterSetter } = paged;

  return {
    changeType,
    severity,
    configType,
    timeRange,
    from,
    to,
    summary,
    tags,
    sortBy: paged.sortBy,
    sortOrder: paged.sortOrder,
    pageIndex: paged.pageIndex,
    pageSize: paged.pageSize,
    includeDeleted: includeDeleted === 'true',
    setChangeType: filterSetter(setChangeType),
    setSeverity: filterSetter(setSeverity),
    setConfigType: filterSetter(setConfigType),
    setSummary: filterSetter(setSummary),
    /** The shared picker's choice; undefined (Clear) is the default range again. */
    setTimeRange: (next: TimeRange | undefined) => {
      setTimeRange(next);
      paged.resetPage();
    },
    setIncludeDeleted: (value: boolean) => {
      setIncludeDeleted(value ? 'true' : null);
      paged.resetPage();
    },
    setSort: paged.setSort,
    setPage: paged.setPage,
  };
}

export type ChangesState = ReturnType<typeof useChangesState>;

/** The `POST /api/catalog/changes` body of this state; with a config id, that config's changes only. */
export function changesRequest(state: ChangesState, configId?: string): CatalogChangesRequest {
  return {
    id: configId,
    config_type: state.configType || undefined,
    type: state.changeType || undefined,
    severity: state.severity || undefined,
    summary: state.summary || undefined,
    tags: state.tags || undefined,
    from: state.from,
    to: state.to || undefined,
    page: state.pageIndex,
    page_size: state.pageSize,
    sort_by: `${state.sortOrder === 'desc' ? '-' : ''}${state.sortBy}`,
    include_deleted_configs: state.includeDeleted,
  };
}
