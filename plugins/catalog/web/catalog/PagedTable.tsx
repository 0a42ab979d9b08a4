import { makeStyles, tokens } from '@fluentui/react-components';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatCount, isHighCount } from '../format';
import type { PagedState } from './usePagedState';

const useStyles = makeStyles({
  high: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** A count, in red from the high mark on (changes, insights). */
export function HighCount({ count }: { count: number | null }) {
  const styles = useStyles();
  return (
    <span className={isHighCount(count) ? styles.high : undefined} data-high={isHighCount(count) || undefined}>
      {formatCount(count)}
    </span>
  );
}

const NO_ROWS: never[] = [];

/** One page of a server-paged list and how its fetch went (`useAbortableSWR`'s answer, rows and total). */
export interface PagedResult<T> {
  page: { rows: readonly T[]; total: number } | undefined;
  error: unknown;
  isLoading: boolean;
}

export interface PagedTableProps<T> {
  /** The table's id (its saved column widths). */
  id: string;
  columns: DataTableColumn<T>[];
  getRowId(row: T): string;
  rowTestId: string;
  /** The list's sort and page in the URL (`usePagedState`). */
  state: Pick<PagedState, 'sortBy' | 'sortOrder' | 'pageIndex' | 'pageSize' | 'setSort' | 'setPage'>;
  /** The first page's index in the state: 1 where the URL counts from 1 (changes). */
  firstPage?: 0 | 1;
  /** The direction of a sort cleared from the header. */
  defaultOrder: 'asc' | 'desc';
  result: PagedResult<T>;
  onOpen(row: T): void;
}

/** A catalogue list sorted and paged on the server from the URL; the error panel when its first fetch failed. */
export function PagedTable<T>({ id, columns, getRowId, rowTestId, state, firstPage = 0, defaultOrder, result, onOpen }: PagedTableProps<T>) {
  const { page, error, isLoading } = result;
  if (error && !page) return <ErrorPanel error={error} />;
  return (
    <DataTable<T>
      id={id}
      rows={page?.rows ?? NO_ROWS}
      columns={columns}
      getRowId={getRowId}
      loading={isLoading}
      sort={{ column: state.sortBy, direction: state.sortOrder }}
      onSortChange={(sort) => state.setSort(sort?.column ?? null, sort?.direction ?? defaultOrder)}
      paging={{
        mode: 'server',
        pageIndex: state.pageIndex - firstPage,
        pageSize: state.pageSize,
        total: page?.total ?? 0,
        onChange: (index, size) => state.setPage(index + firstPage, size),
      }}
      onRowClick={onOpen}
      rowTestId={rowTestId}
    />
  );
}
