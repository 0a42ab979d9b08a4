import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';
import {
  AllCommunityModule,
  ModuleRegistry,
  type ColDef,
  type ColumnResizedEvent,
  type RowClickedEvent,
  type RowHeightParams,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useTheme } from '@web/core/theme/ThemeProvider';
import { DataTableContext, type DataTableContextValue } from './DataTableContext';
import { DataTablePagination } from './DataTablePagination';
import { EmptyOverlay, NO_DATA_MESSAGE } from './EmptyOverlay';
import { FullWidthRow } from './FullWidthRow';
import { RowExpandToggle } from './RowExpandToggle';
import { gridThemes } from './gridTheme';
import { buildDisplayRows, columnValue, pageCountOf, sortRows } from './tableRows';
import type { DataTableColumn, DataTableGrouping, DataTablePaging, DisplayRow, SortState } from './types';
import { useColumnWidths } from './useColumnWidths';

ModuleRegistry.registerModules([AllCommunityModule]);

/** Row height estimate of the spec (35 px); group headers a little taller. */
export const DEFAULT_ROW_HEIGHT = 35;
const GROUP_ROW_HEIGHT = 38;
const DEFAULT_PAGE_SIZE = 50;
const EXPAND_COLUMN = '__expand';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: 0, width: '100%' },
});

export interface DataTableProps<T> {
  /** Stable id: column widths are remembered per table. */
  id: string;
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  getRowId(row: T): string;
  loading?: boolean;
  emptyMessage?: string;
  onRowClick?(row: T): void;
  /** No paging when absent. */
  paging?: DataTablePaging;
  /** Controlled sort (e.g. from the URL); with `onSortChange`. Otherwise the table keeps its own. */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?(sort: SortState | null): void;
  groupBy?: DataTableGrouping;
  /** Makes rows expandable; the content of the expanded row. */
  renderDetail?(row: T): ReactNode;
  detailHeight?: number;
  rowHeight?: number;
  /** A fixed height scrolls the body with row virtualisation; without one the grid grows with its rows. */
  height?: number | string;
}

/** The app's one table: ag-grid community behind paging, sorting, grouping and expandable rows. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { id, rows, columns, getRowId, loading, emptyMessage = NO_DATA_MESSAGE, onRowClick, paging, groupBy } = props;
  const { renderDetail, detailHeight = 200, rowHeight = DEFAULT_ROW_HEIGHT, height } = props;
  const styles = useStyles();
  const { mode } = useTheme();
  const [widths, saveWidths] = useColumnWidths(id);

  const [ownSort, setOwnSort] = useState<SortState | null>(props.defaultSort ?? null);
  const sort = props.onSortChange ? (props.sort ?? null) : ownSort;
  const setSort = props.onSortChange ?? setOwnSort;

  const initialPageSize = paging && paging.mode !== 'server' ? (paging.initialPageSize ?? DEFAULT_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  const [clientPage, setClientPage] = useState({ index: 0, size: initialPageSize });
  const [virtualCount, setVirtualCount] = useState(initialPageSize);
  const [toggledGroups, setToggledGroups] = useState<ReadonlySet<string>>(new Set());
  const [expandedRows, setExpandedRows] = useState<ReadonlySet<string>>(new Set());

  // Server pages arrive sorted; everything else is sorted here, then paged, then grouped.
  const sorted = useMemo(
    () => (paging?.mode === 'server' ? rows : sortRows(rows, sort, columns)),
    [rows, sort, columns, paging?.mode],
  );
  const clientPageIndex = Math.min(clientPage.index, pageCountOf(sorted.length, clientPage.size) - 1);
  const visible = useMemo(() => {
    if (paging?.mode === 'client') return sorted.slice(clientPageIndex * clientPage.size, (clientPageIndex + 1) * clientPage.size);
    if (paging?.mode === 'virtual') return sorted.slice(0, virtualCount);
    return sorted;
  }, [sorted, paging?.mode, clientPageIndex, clientPage.size, virtualCount]);

  const groupColumn = groupBy ? columns.find((column) => column.id === groupBy.column) : undefined;
  const displayRows = useMemo(
    () =>
      buildDisplayRows(visible, {
        getRowId,
        groupColumn,
        toggledGroups,
        groupsExpandedByDefault: groupBy?.defaultExpanded ?? true,
        expandedRows,
        hasDetail: Boolean(renderDetail),
      }),
    [visible, getRowId, groupColumn, toggledGroups, groupBy?.defaultExpanded, expandedRows, renderDetail],
  );

  const columnDefs = useMemo<ColDef<DisplayRow<T>>[]>(() => {
    const defs: ColDef<DisplayRow<T>>[] = columns.map((column) => ({
      colId: column.id,
      headerName: column.header,
      valueGetter: ({ data }) => (data?.kind === 'data' ? columnValue(column, data.row) : null),
      cellRenderer: column.render
        ? ({ data }: { data?: DisplayRow<T> }) => (data?.kind === 'data' ? column.render?.(data.row) : null)
        : undefined,
      width: widths[column.id] ?? column.width,
      flex: widths[column.id] || column.width ? undefined : (column.flex ?? 1),
      minWidth: column.minWidth ?? 80,
      sortable: column.sortable !== false,
      sort: sort?.column === column.id ? sort.direction : null,
      // The wrapper orders the rows; ag-grid only shows the indicator and reports clicks.
      comparator: () => 0,
    }));
    if (renderDetail) {
      defs.unshift({ colId: EXPAND_COLUMN, headerName: '', width: 48, minWidth: 48, resizable: false, sortable: false, cellRenderer: RowExpandToggle });
    }
    return defs;
  }, [columns, widths, sort, renderDetail]);

  const context = useMemo<DataTableContextValue>(
    () => ({
      toggleGroup: (key) => setToggledGroups((current) => toggled(current, key)),
      toggleRow: (displayId) => setExpandedRows((current) => toggled(current, displayId.replace(/^row:/, ''))),
      renderDetail: renderDetail as ((row: unknown) => ReactNode) | undefined,
    }),
    [renderDetail],
  );

  const onSortChanged = useCallback(
    (event: SortChangedEvent<DisplayRow<T>>) => {
      if (event.source !== 'uiColumnSorted') return;
      const sortedColumn = event.api.getColumnState().find((state) => state.sort);
      setSort(sortedColumn?.sort ? { column: sortedColumn.colId, direction: sortedColumn.sort } : null);
      if (paging?.mode === 'server') paging.onChange(0, paging.pageSize);
      else setClientPage((page) => ({ ...page, index: 0 }));
    },
    [setSort, paging],
  );

  const onColumnResized = useCallback(
    (event: ColumnResizedEvent<DisplayRow<T>>) => {
      if (!event.finished || event.source !== 'uiColumnResized' || !event.columns) return;
      saveWidths(Object.fromEntries(event.columns.map((column) => [column.getColId(), column.getActualWidth()])));
    },
    [saveWidths],
  );

  const onRowClicked = useCallback(
    (event: RowClickedEvent<DisplayRow<T>>) => {
      const target = event.event?.target;
      if (target instanceof Element && target.closest('[data-row-toggle]')) return;
      if (event.data?.kind === 'data') onRowClick?.(event.data.row);
    },
    [onRowClick],
  );

  const pager = (() => {
    if (paging?.mode === 'client') {
      return (
        <DataTablePagination
          pageIndex={clientPageIndex}
          pageSize={clientPage.size}
          total={sorted.length}
          onChange={(index, size) => setClientPage({ index, size })}
        />
      );
    }
    if (paging?.mode === 'server') {
      return <DataTablePagination pageIndex={paging.pageIndex} pageSize={paging.pageSize} total={paging.total} onChange={paging.onChange} />;
    }
    return null;
  })();

  return (
    <div className={styles.root} data-testid={`datatable-${id}`}>
      <DataTableContext.Provider value={context}>
        <div style={{ height: height ?? undefined, width: '100%' }}>
          <AgGridReact<DisplayRow<T>>
            theme={mode === 'dark' ? gridThemes.dark : gridThemes.light}
            rowData={displayRows}
            columnDefs={columnDefs}
            defaultColDef={{ resizable: true, suppressMovable: true }}
            getRowId={({ data }) => data.id}
            domLayout={height === undefined ? 'autoHeight' : 'normal'}
            loading={loading}
            noRowsOverlayComponent={EmptyOverlay}
            noRowsOverlayComponentParams={{ message: emptyMessage }}
            isFullWidthRow={({ rowNode }) => rowNode.data?.kind !== 'data'}
            fullWidthCellRenderer={FullWidthRow}
            getRowHeight={({ data }: RowHeightParams<DisplayRow<T>>) =>
              data?.kind === 'detail' ? detailHeight : data?.kind === 'group' ? GROUP_ROW_HEIGHT : rowHeight
            }
            rowBuffer={10}
            onSortChanged={onSortChanged}
            onColumnResized={onColumnResized}
            onRowClicked={onRowClicked}
            rowClass={onRowClick ? 'datatable-clickable' : undefined}
            rowStyle={onRowClick ? { cursor: 'pointer' } : undefined}
            onBodyScrollEnd={(event) => {
              if (paging?.mode !== 'virtual' || virtualCount >= sorted.length) return;
              if (event.api.getLastDisplayedRowIndex() >= displayRows.length - 1) setVirtualCount((count) => count * 2);
            }}
            suppressCellFocus={false}
            animateRows={false}
          />
        </div>
      </DataTableContext.Provider>
      {pager}
    </div>
  );
}

function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
