import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';
import {
  AllCommunityModule,
  ModuleRegistry,
  type CellKeyDownEvent,
  type ColDef,
  type ColumnResizedEvent,
  type FullWidthCellKeyDownEvent,
  type ProcessRowParams,
  type RowClickedEvent,
  type RowHeightParams,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useTheme } from '@web/core/theme/ThemeProvider';
import { DataTableContext, type DataTableContextValue } from './DataTableContext';
import { DataTablePagination } from './DataTablePagination';
import { EmptyOverlay, NO_DATA_MESSAGE } from './EmptyOverlay';
import { FullWidthRow, GroupToggle } from './FullWidthRow';
import { RowExpandToggle } from './RowExpandToggle';
import { gridThemes } from './gridTheme';
import { buildDisplayRows, columnValue, groupByColumn, pageCountOf, sortGroups, sortRows } from './tableRows';
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
  groupBy?: DataTableGrouping<T>;
  /** Makes rows expandable; the content of the expanded row. */
  renderDetail?(row: T): ReactNode;
  detailHeight?: number;
  rowHeight?: number;
  /** A fixed height scrolls the body with row virtualisation; without one the grid grows with its rows. */
  height?: number | string;
  /** `data-testid` of each data row (group and detail rows have `datatable-group` / `datatable-detail` inside). */
  rowTestId?: string;
}

/**
 * The app's one table: ag-grid community behind paging, sorting, grouping (`groupBy`, with per-column group cells)
 * and expandable rows. Enter in a cell acts as a click on its row.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { id, rows, columns, getRowId, loading, emptyMessage = NO_DATA_MESSAGE, onRowClick, paging, groupBy } = props;
  const { renderDetail, detailHeight = 200, rowHeight = DEFAULT_ROW_HEIGHT, height, rowTestId } = props;
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
  const sorted = useMemo(() => (paging?.mode === 'server' ? rows : sortRows(rows, sort, columns)), [rows, sort, columns, paging?.mode]);
  const clientPageIndex = Math.min(clientPage.index, pageCountOf(sorted.length, clientPage.size) - 1);
  const visible = useMemo(() => {
    if (paging?.mode === 'client') return sorted.slice(clientPageIndex * clientPage.size, (clientPageIndex + 1) * clientPage.size);
    if (paging?.mode === 'virtual') return sorted.slice(0, virtualCount);
    return sorted;
  }, [sorted, paging?.mode, clientPageIndex, clientPage.size, virtualCount]);

  const groupColumn = groupBy?.column ? columns.find((column) => column.id === groupBy.column) : undefined;
  const groupOf = useMemo(() => groupBy?.key ?? (groupColumn ? groupByColumn(groupColumn) : undefined), [groupBy?.key, groupColumn]);
  // Columns that say something about groups make group rows rows of cells; otherwise a group row is one header.
  const summaryGroups = columns.some((column) => column.group);
  const displayRows = useMemo(
    () =>
      buildDisplayRows(visible, {
        getRowId,
        groupOf,
        emptyGroup: groupBy?.emptyLabel,
        orderGroups: (groups) => sortGroups(groups, paging?.mode === 'server' ? null : sort, columns),
        toggledGroups,
        groupsExpandedByDefault: groupBy?.defaultExpanded ?? true,
        expandedRows,
        hasDetail: Boolean(renderDetail),
      }),
    [visible, getRowId, groupOf, groupBy?.emptyLabel, paging?.mode, sort, columns, toggledGroups, groupBy?.defaultExpanded, expandedRows, renderDetail],
  );

  const columnDefs = useMemo<ColDef<DisplayRow<T>>[]>(() => {
    const defs: ColDef<DisplayRow<T>>[] = columns.map((column, index) => ({
      colId: column.id,
      headerName: column.header,
      valueGetter: ({ data }) => (data?.kind === 'data' ? columnValue(column, data.row) : null),
      cellRenderer:
        column.render || summaryGroups
          ? ({ data }: { data?: DisplayRow<T> }) => {
              if (data?.kind === 'group') {
                const cell = column.group?.render?.(data.group) ?? null;
                // The first column of a group row holds its toggle, then the column's own group cell (or key and count).
                return index === 0 ? <GroupToggle group={data}>{cell}</GroupToggle> : cell;
              }
              if (data?.kind !== 'data') return null;
              return column.render ? column.render(data.row) : columnValue(column, data.row);
            }
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
  }, [columns, widths, sort, renderDetail, summaryGroups]);

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

  // A click on a group row (or Enter in one of its cells) opens or closes it; on a data row it is the row's click.
  const activate = useCallback(
    (data: DisplayRow<T> | undefined, target: EventTarget | null | undefined) => {
      if (target instanceof Element && target.closest('[data-row-toggle]')) return;
      if (data?.kind === 'group') setToggledGroups((current) => toggled(current, data.key));
      if (data?.kind === 'data') onRowClick?.(data.row);
    },
    [onRowClick],
  );
  const onRowClicked = useCallback((event: RowClickedEvent<DisplayRow<T>>) => activate(event.data, event.event?.target), [activate]);
  const onCellKeyDown = useCallback(
    (event: CellKeyDownEvent<DisplayRow<T>> | FullWidthCellKeyDownEvent<DisplayRow<T>>) => {
      const keyboard = event.event as KeyboardEvent | null | undefined;
      if (keyboard?.key === 'Enter') activate(event.data, keyboard.target);
    },
    [activate],
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
      return (
        <DataTablePagination
          pageIndex={paging.pageIndex}
          pageSize={paging.pageSize}
          total={paging.total}
          onChange={paging.onChange}
          pageSizes={paging.pageSizes}
        />
      );
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
            isFullWidthRow={({ rowNode }) => rowNode.data?.kind === 'detail' || (rowNode.data?.kind === 'group' && !summaryGroups)}
            fullWidthCellRenderer={FullWidthRow}
            getRowHeight={({ data }: RowHeightParams<DisplayRow<T>>) =>
              data?.kind === 'detail' ? detailHeight : data?.kind === 'group' && !summaryGroups ? GROUP_ROW_HEIGHT : rowHeight
            }
            rowBuffer={10}
            onSortChanged={onSortChanged}
            onColumnResized={onColumnResized}
            onRowClicked={onRowClicked}
            onCellKeyDown={onCellKeyDown}
            processRowPostCreate={
              rowTestId
                ? ({ eRow, node }: ProcessRowParams<DisplayRow<T>>) => node.data?.kind === 'data' && eRow.setAttribute('data-testid', rowTestId)
                : undefined
            }
            getRowClass={({ data }) => (data?.kind === 'group' ? 'datatable-group' : onRowClick && data?.kind === 'data' ? 'datatable-clickable' : undefined)}
            getRowStyle={({ data }) => (data?.kind === 'group' || (onRowClick && data?.kind === 'data') ? { cursor: 'pointer' } : undefined)}
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
