import { useQueryState } from '@web/core/hooks/useQueryState';
import { pageSizeOf } from '../catalog/useCatalogState';
import { DEFAULT_INSIGHTS_PAGE_SIZE, DEFAULT_INSIGHTS_SORT, type InsightsQuery } from './insightsQuery';

/** The insights list's state in the query string (spec 02 Insights: type, severity, analyzer, component). */
export function useInsightsState() {
  const [type, setType] = useQueryState('type', '');
  const [severity, setSeverity] = useQueryState('severity', '');
  const [analyzer, setAnalyzer] = useQueryState('analyzer', '');
  const [component, setComponent] = useQueryState('component', '');
  const [configType] = useQueryState('configType', '');
  const [sortBy, setSortBy] = useQueryState('sortBy', DEFAULT_INSIGHTS_SORT);
  const [sortOrder, setSortOrder] = useQueryState('sortOrder', 'desc');
  const [pageIndexParam, setPageIndex] = useQueryState('pageIndex', '0');
  const [pageSizeParam, setPageSize] = useQueryState('pageSize', String(DEFAULT_INSIGHTS_PAGE_SIZE));

  const filterSetter = (set: (value: string | null) => void) => (value: string) => {
    set(value || null);
    setPageIndex(null);
  };

  const query: InsightsQuery = {
    type,
    severity,
    analyzer,
    component,
    configType,
    sortBy,
    sortOrder: sortOrder === 'asc' ? 'asc' : 'desc',
    pageIndex: Math.max(0, Number(pageIndexParam) || 0),
    pageSize: pageSizeOf(pageSizeParam, DEFAULT_INSIGHTS_PAGE_SIZE),
  };
  return {
    ...query,
    setType: filterSetter(setType),
    setSeverity: filterSetter(setSeverity),
    setAnalyzer: filterSetter(setAnalyzer),
    setComponent: filterSetter(setComponent),
    setSort: (column: string | null, direction: 'asc' | 'desc') => {
      setSortBy(column);
      setSortOrder(column ? direction : null);
      setPageIndex(null);
    },
    setPage: (pageIndex: number, pageSize: number) => {
      setPageIndex(String(pageIndex));
      setPageSize(String(pageSize));
    },
  };
}

export type InsightsState = ReturnType<typeof useInsightsState>;
