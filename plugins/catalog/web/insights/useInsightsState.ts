import { useQueryState } from '@web/core/hooks/useQueryState';
import { usePagedState } from '../catalog/usePagedState';
import { DEFAULT_INSIGHTS_PAGE_SIZE, DEFAULT_INSIGHTS_SORT, type InsightsQuery } from './insightsQuery';

/** The insights list's state in the query string (spec 02 Insights: type, severity, analyzer, component). */
export function useInsightsState() {
  const [type, setType] = useQueryState('type', '');
  const [severity, setSeverity] = useQueryState('severity', '');
  const [analyzer, setAnalyzer] = useQueryState('analyzer', '');
  const [component, setComponent] = useQueryState('component', '');
  const [configType] = useQueryState('configType', '');
  const paged = usePagedState({ sortBy: DEFAULT_INSIGHTS_SORT, sortOrder: 'desc', firstPage: 0, pageSize: DEFAULT_INSIGHTS_PAGE_SIZE });
  const { filterSetter } = paged;

  const query: InsightsQuery = {
    type,
    severity,
    analyzer,
    component,
    configType,
    sortBy: paged.sortBy,
    sortOrder: paged.sortOrder,
    pageIndex: paged.pageIndex,
    pageSize: paged.pageSize,
  };
  return {
    ...query,
    setType: filterSetter(setType),
    setSeverity: filterSetter(setSeverity),
    setAnalyzer: filterSetter(setAnalyzer),
    setComponent: filterSetter(setComponent),
    setSort: paged.setSort,
    setPage: paged.setPage,
  };
}

export type InsightsState = ReturnType<typeof useInsightsState>;
