import type { CellValue, DataTableColumn, DisplayRow, SortState } from './types';

export const NO_GROUP_LABEL = '(none)';

export function columnValue<T>(column: DataTableColumn<T>, row: T): CellValue {
  if (column.value) return column.value(row);
  const value = (row as Record<string, unknown>)[column.id];
  return value === null || value === undefined || typeof value === 'object' ? (value as null | undefined) : (value as CellValue);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const isEmpty = (value: CellValue) => value === null || value === undefined || value === '';

function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A stable sort by one column; rows without a value go last in either direction. */
export function sortRows<T>(rows: readonly T[], sort: SortState | null, columns: readonly DataTableColumn<T>[]): readonly T[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.id === sort.column);
  if (!column) return rows;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: columnValue(column, row) }))
    .sort((a, b) => {
      const emptyA = isEmpty(a.value);
      const emptyB = isEmpty(b.value);
      if (emptyA || emptyB) return emptyA === emptyB ? a.index - b.index : emptyA ? 1 : -1;
      return factor * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map(({ row }) => row);
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface DisplayOptions<T> {
  getRowId(row: T): string;
  groupColumn?: DataTableColumn<T>;
  /** Group keys whose expansion differs from the default. */
  toggledGroups: ReadonlySet<string>;
  groupsExpandedByDefault: boolean;
  expandedRows: ReadonlySet<string>;
  hasDetail: boolean;
}

/**
 * Turns the rows of one page into what the grid shows. ag-grid community has no row grouping, so group
 * headers (with counts) and expanded detail rows are full-width rows made here.
 */
export function buildDisplayRows<T>(rows: readonly T[], options: DisplayOptions<T>): DisplayRow<T>[] {
  const dataRows = (items: readonly T[]): DisplayRow<T>[] =>
    items.flatMap((row) => {
      const id = options.getRowId(row);
      const expanded = options.hasDetail && options.expandedRows.has(id);
      const own: DisplayRow<T> = { kind: 'data', id: `row:${id}`, row, expanded };
      return expanded ? [own, { kind: 'detail', id: `detail:${id}`, row }] : [own];
    });

  const { groupColumn } = options;
  if (!groupColumn) return dataRows(rows);

  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const value = columnValue(groupColumn, row);
    const key = isEmpty(value) ? NO_GROUP_LABEL : String(value);
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.entries()].flatMap(([key, members]) => {
    const expanded = options.toggledGroups.has(key) ? !options.groupsExpandedByDefault : options.groupsExpandedByDefault;
    const header: DisplayRow<T> = { kind: 'group', id: `group:${key}`, key, count: members.length, expanded };
    return expanded ? [header, ...dataRows(members)] : [header];
  });
}
