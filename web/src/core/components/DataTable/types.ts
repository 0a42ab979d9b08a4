import type { ReactNode } from 'react';

export type CellValue = string | number | boolean | null | undefined;

export interface DataTableColumn<T> {
  /** Unique within the table; also the row property read when `value` is not given. */
  id: string;
  header: string;
  /** The value used for sorting, grouping and the default cell text. */
  value?: (row: T) => CellValue;
  /** Custom cell content. */
  render?: (row: T) => ReactNode;
  width?: number;
  minWidth?: number;
  /** Share of the remaining width (ignored once the user resized the column). */
  flex?: number;
  /** Default true. */
  sortable?: boolean;
  /**
   * This column's cell in a group's row, when the table groups (see `DataTableGrouping`): `value` orders the groups
   * when the table is sorted by this column, `render` shows the group's figure (a count, an average...). When any
   * column has one, group rows are rows of cells (a summary per column); otherwise one full-width header.
   */
  group?: {
    value?(group: DataTableGroup<T>): CellValue;
    render?(group: DataTableGroup<T>): ReactNode;
  };
}

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  direction: SortDirection;
}

export type DataTablePaging =
  /** The table pages the rows it was given. */
  | { mode: 'client'; initialPageSize?: number }
  /** The caller fetches one page at a time (e.g. `limit`/`offset` with `Prefer: count=exact`). */
  | {
      mode: 'server';
      pageIndex: number;
      pageSize: number;
      total: number;
      onChange(pageIndex: number, pageSize: number): void;
      /** The page sizes offered (default PAGE_SIZE_OPTIONS), e.g. 50/100/200 for agents (spec 02 §9). */
      pageSizes?: readonly number[];
    }
  /** Shows the first rows and doubles the count whenever the user scrolls to the end (spec 01 §9). */
  | { mode: 'virtual'; initialPageSize?: number };

/**
 * Row grouping, done by the wrapper (ag-grid community has none): rows with the same key are shown under one group
 * row, which expands and collapses on a click (or Enter). Groups keep the table's sort inside; the groups themselves
 * are ordered by the sort column's `group.value` when it has one (groups without a value last, then by key), else by
 * their first row.
 */
export interface DataTableGrouping<T> {
  /** Id of the column whose value groups the rows (rows without one go under `emptyLabel`). */
  column?: string;
  /** Or the group of a row, when it is not a column's value ('' : none). */
  key?(row: T): string;
  /** The group of the rows without a value. Default '(none)'. */
  emptyLabel?: string;
  /** Default true. Groups the user toggled keep their state when this changes. */
  defaultExpanded?: boolean;
}

/** A group as the columns' `group` cells see it: its key, its rows (as shown: filtered, sorted) and whether it is open. */
export interface DataTableGroup<T> {
  key: string;
  rows: readonly T[];
  expanded: boolean;
}

/** What the grid actually shows: group headers, data rows and expanded detail rows. */
export type DisplayRow<T> =
  | { kind: 'group'; id: string; key: string; count: number; expanded: boolean; group: DataTableGroup<T> }
  | { kind: 'data'; id: string; row: T; expanded: boolean }
  | { kind: 'detail'; id: string; row: T };
