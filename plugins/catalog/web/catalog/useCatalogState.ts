import { PAGE_SIZE_OPTIONS } from '@contracts';
import { useLocalStorage } from '@web/core/hooks/useLocalStorage';
import { useQueryState } from '@web/core/hooks/useQueryState';

export const DEFAULT_GROUP_BY = 'config_class,type';
export const DEFAULT_SORT_BY = 'type';
export const DEFAULT_PAGE_SIZE = 50;
export const HIDE_DELETED_STORAGE_KEY = 'catalog.hideDeleted';

/** A page size of §9, else the default (a shared link may carry anything). */
export function pageSizeOf(text: string, fallback: number): number {
  const size = Number(text);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : fallback;
}

/** /catalog's state: the query parameters of spec 02 Catalog (plus `tags`, `pageIndex`, `pageSize`) and the Hide Deleted preference. */
export function useCatalogState() {
  const [search, setSearch] = useQueryState('search', '');
  const [sortBy, setSortBy] = useQueryState('sortBy', DEFAULT_SORT_BY);
  const [sortOrder, setSortOrder] = useQueryState('sortOrder', 'asc');
  const [groupBy, setGroupBy] = useQueryState('groupBy', DEFAULT_GROUP_BY);
  const [configType, setConfigType] = useQueryState('configType', '');
  const [labels, setLabels] = useQueryState('labels', '');
  const [tags, setTags] = useQueryState('tags', '');
  const [status, setStatus] = useQueryState('status', '');
  const [health, setHealth] = useQueryState('health', '');
  const [pageIndexParam, setPageIndexParam] = useQueryState('pageIndex', '0');
  const [pageSizeParam, setPageSizeParam] = useQueryState('pageSize', String(DEFAULT_PAGE_SIZE));
  // A preference of the browser, not of the link (spec 02 Catalog: defaults to yes).
  const [hideDeleted, setHideDeleted] = useLocalStorage(HIDE_DELETED_STORAGE_KEY, true);

  /** Any filter change starts again from the first page. */
  const filterSetter = (set: (value: string | null) => void) => (value: string) => {
    set(value || null);
    setPageIndexParam(null);
  };

  return {
    search,
    sortBy,
    sortOrder: sortOrder === 'desc' ? ('desc' as const) : ('asc' as const),
    groupBy: groupBy.split(',').filter(Boolean),
    configType,
    labels,
    tags,
    status,
    health,
    pageIndex: Math.max(0, Number(pageIndexParam) || 0),
    pageSize: pageSizeOf(pageSizeParam, DEFAULT_PAGE_SIZE),
    hideDeleted,
    setSearch: filterSetter(setSearch),
    setConfigType: filterSetter(setConfigType),
    setLabels: filterSetter(setLabels),
    setTags: filterSetter(setTags),
    setStatus: filterSetter(setStatus),
    setHealth: filterSetter(setHealth),
    setGroupBy: (keys: string[]) => setGroupBy(keys.length ? keys.join(',') : null),
    setSort: (column: string | null, direction: 'asc' | 'desc') => {
      setSortBy(column);
      setSortOrder(column ? direction : null);
      setPageIndexParam(null);
    },
    setPage: (pageIndex: number, pageSize: number) => {
      setPageIndexParam(String(pageIndex));
      setPageSizeParam(String(pageSize));
    },
    setHideDeleted,
  };
}

export type CatalogState = ReturnType<typeof useCatalogState>;
