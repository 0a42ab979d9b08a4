import { PAGE_SIZE_OPTIONS } from '@contracts';
import { useQueryState } from '@web/core/hooks/useQueryState';

/** A page size of §9, else the default (a shared link may carry anything). */
export function pageSizeOf(text: string, fallback: number): number {
  const size = Number(text);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : fallback;
}

export interface PagedStateDefaults {
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  /** The first page's index: 0, or 1 where the API counts pages from 1 (changes). */
  firstPage: 0 | 1;
  pageSize: number;
}

/**
 * The sort and page of a server-paged catalogue list in the query string (`sortBy`, `sortOrder`, `pageIndex`,
 * `pageSize`), and `filterSetter`: a filter's setter that starts again from the first page.
 */
export function usePagedState(defaults: PagedStateDefaults) {
  const [sortBy, setSortBy] = useQueryState('sortBy', defaults.sortBy);
  const [sortOrder, setSortOrder] = useQueryState('sortOrder', defaults.sortOrder);
  const [pageIndexParam, setPageIndex] = useQueryState('pageIndex', String(defaults.firstPage));
  const [pageSizeParam, setPageSize] = useQueryState('pageSize', String(defaults.pageSize));
  const other = defaults.sortOrder === 'asc' ? 'desc' : 'asc';

  return {
    sortBy,
    sortOrder: sortOrder === other ? other : defaults.sortOrder,
    pageIndex: Math.max(defaults.firstPage, Number(pageIndexParam) || defaults.firstPage),
    pageSize: pageSizeOf(pageSizeParam, defaults.pageSize),
    /** Back to the first page (any filter change). */
    resetPage: () => setPageIndex(null),
    /** A filter's setter: an empty value leaves the URL, and the list starts again from the first page. */
    filterSetter: (set: (value: string | null) => void) => (value: string) => {
      set(value || null);
      setPageIndex(null);
    },
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

export type PagedState = ReturnType<typeof usePagedState>;
