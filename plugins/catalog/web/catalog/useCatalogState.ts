import { useLocalStorage } from '@web/core/hooks/useLocalStorage';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { usePagedState } from './usePagedState';

export const DEFAULT_GROUP_BY = 'config_class,type';
export const DEFAULT_SORT_BY = 'type';
export const DEFAULT_PAGE_SIZE = 50;
export const HIDE_DELETED_STORAGE_KEY = 'catalog.hideDeleted';

/** /catalog's state: the query parameters of spec 02 Catalog (plus `tags`, `pageIndex`, `pageSize`) and the Hide Deleted preference. */
export function useCatalogState() {
  const [search, setSearch] = useQueryState('search', '');
  const [groupBy, setGroupBy] = useQueryState('groupBy', DEFAULT_GROUP_BY);
  const [configType, setConfigType] = useQueryState('configType', '');
  const [labels, setLabels] = useQueryState('labels', '');
  const [tags, setTags] = useQueryState('tags', '');
  const [status, setStatus] = useQueryState('status', '');
  const [health, setHealth] = useQueryState('health', '');
  const paged = usePagedState({ sortBy: DEFAULT_SORT_BY, sortOrder: 'asc', firstPage: 0, pageSize: DEFAULT_PAGE_SIZE });
  // A preference of the browser, not of the link (spec 02 Catalog: defaults to yes).
  const [hideDeleted, setHideDeleted] = useLocalStorage(HIDE_DELETED_STORAGE_KEY, true);

  /** Any filter change starts again from the first page. */
  const { filterSetter } = paged;

  return {
    search,
    sortBy: paged.sortBy,
    sortOrder: paged.sortOrder,
    groupBy: groupBy.split(',').filter(Boolean),
    configType,
    labels,
    tags,
    status,
    health,
    pageIndex: paged.pageIndex,
    pageSize: paged.pageSize,
    hideDeleted,
    setSearch: filterSetter(setSearch),
    setConfigType: filterSetter(setConfigType),
    setLabels: filterSetter(setLabels),
    setTags: filterSetter(setTags),
    setStatus: filterSetter(setStatus),
    setHealth: filterSetter(setHealth),
    setGroupBy: (keys: string[]) => setGroupBy(keys.length ? keys.join(',') : null),
    setSort: paged.setSort,
    setPage: paged.setPage,
    setHideDeleted,
  };
}

export type CatalogState = ReturnType<typeof useCatalogState>;
