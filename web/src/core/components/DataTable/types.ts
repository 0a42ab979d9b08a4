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
  | { mode: 'server'; pageIndex: number; pageSize: number; total: number; onChange(pageIndex: number, pageSize: number): void }
  /** Shows the first rows and doubles the count whenever the user scrolls to the end (spec 01 §9). */
  | { mode: 'virtual'; initialPageSize?: number };

export interface DataTableGrouping {
  /** Id of the column whose value groups the rows. */
  column: string;
  /** Default true. */
  defaultExpanded?: boolean;
}

/** What the grid actually shows: group headers, data rows and expanded detail rows. */
export type DisplayRow<T> =
  | { kind: 'group'; id: string; key: string; count: number; expanded: boolean }
  | { kind: 'data'; id: string; row: T; expanded: boolean }
  | { kind: 'detail'; id: string; row: T };
