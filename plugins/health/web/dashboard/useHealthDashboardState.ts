import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { HEALTH_TIME_RANGES } from '@contracts';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { type TimeRange, relativeDuration, relativeTimeRange, useTimeRangeParams } from '@web/core/timeRange';
import { type HealthStatusFilter, HEALTH_STATUS_FILTERS, type LabelFilter, parseLabelFilter, serializeLabelFilter } from './filters';
import { ALL_TAB, type CheckSort, DEFAULT_GROUP_BY, DEFAULT_TAB_BY, parseSort } from './grouping';

export const DEFAULT_TIME_RANGE = '1h';
const DEFAULT_RANGE = relativeTimeRange(DEFAULT_TIME_RANGE) as TimeRange;
export type HealthLayout = 'table' | 'card';

/** Everything a user would share about the dashboard lives in the query string (spec 02 Health). */
export interface HealthDashboardState {
  timeRange: string;
  layout: HealthLayout;
  checkId: string;
  labels: LabelFilter;
  query: string;
  sort: CheckSort;
  status: HealthStatusFilter | null;
  groupBy: string;
  tabBy: string;
  tab: string;
  hidePassing: boolean;
  setTimeRange(value: string): void;
  setLayout(value: HealthLayout): void;
  setCheckId(value: string | null): void;
  setLabels(value: LabelFilter): void;
  setQuery(value: string): void;
  setSort(value: CheckSort): void;
  setStatus(value: HealthStatusFilter | null): void;
  setGroupBy(value: string): void;
  setTabBy(value: string): void;
  setTab(value: string): void;
  setHidePassing(value: boolean): void;
}

export function useHealthDashboardState(): HealthDashboardState {
  // The shared picker's parameters; links with the former `timeRange=15m` still read. The summary reads a duration
  // back from now, so only the relative ranges of HEALTH_TIME_RANGES apply.
  const [range, setRange] = useTimeRangeParams(DEFAULT_RANGE, '', { from: 'timeRange' });
  const timeRangeParam = (range.type === 'relative' && relativeDuration(range.range)) || DEFAULT_TIME_RANGE;
  const setTimeRange = useCallback((value: string) => setRange(relativeTimeRange(value)), [setRange]);
  const [layoutParam, setLayoutParam] = useQueryState('layout', 'table');
  const [checkId, setCheckIdParam] = useQueryState('checkId', '');
  const [labelsParam, setLabelsParam] = useQueryState('labels', '');
  const [query, setQueryParam] = useQueryState('query', '');
  const [sortBy] = useQueryState('sortBy', '');
  const [sortDesc] = useQueryState('sortDesc', 'false');
  const [statusParam, setStatusParam] = useQueryState('status', '');
  const [groupBy, setGroupBy] = useQueryState('groupBy', DEFAULT_GROUP_BY);
  const [tabBy] = useQueryState('tabBy', DEFAULT_TAB_BY);
  const [tab, setTabParam] = useQueryState('tab', ALL_TAB);
  const [hidePassingParam, setHidePassingParam] = useQueryState('hidePassing', 'true');

  const timeRange = (HEALTH_TIME_RANGES as readonly string[]).includes(timeRangeParam) ? timeRangeParam : DEFAULT_TIME_RANGE;
  const labels = useMemo(() => parseLabelFilter(labelsParam), [labelsParam]);
  const sort = useMemo(() => parseSort(sortBy, sortDesc), [sortBy, sortDesc]);
  const status = (HEALTH_STATUS_FILTERS as readonly string[]).includes(statusParam) ? (statusParam as HealthStatusFilter) : null;

  // Each setter of useQueryState starts from the search params of the last render, so two of them in one event
  // would undo each other: parameters that change together are written in one update.
  const [, setParams] = useSearchParams();
  const setMany = useCallback(
    (updates: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(updates)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setSort = useCallback(
    (next: CheckSort) => setMany({ sortBy: next.column === 'name' && !next.descending ? null : next.column, sortDesc: next.descending ? 'true' : null }),
    [setMany],
  );
  // The tab named a value of the previous tab key.
  const setTabBy = useCallback((value: string) => setMany({ tabBy: value === DEFAULT_TAB_BY ? null : value, tab: null }), [setMany]);

  return {
    timeRange,
    layout: layoutParam === 'card' ? 'card' : 'table',
    checkId,
    labels,
    query,
    sort,
    status,
    groupBy,
    tabBy,
    tab,
    hidePassing: hidePassingParam !== 'false',
    setTimeRange,
    setLayout: setLayoutParam,
    setCheckId: (value) => setCheckIdParam(value || null),
    setLabels: (value) => setLabelsParam(serializeLabelFilter(value)),
    setQuery: (value) => setQueryParam(value || null),
    setSort,
    setStatus: (value) => setStatusParam(value),
    setGroupBy,
    setTabBy,
    setTab: setTabParam,
    setHidePassing: (value) => setHidePassingParam(value ? 'true' : 'false'),
  };
}
