import type { CellValue, DataTableColumn, DataTableGroup, DisplayRow, SortState } from './types';

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

/** A stable sort of items by a value; items without one go last in either direction. */
function sortByValue<I>(items: readonly I[], value: (item: I) => CellValue, direction: SortState['direction']): I[] {
  const factor = direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, value: value(item) }))
    .sort((a, b) => {
      const emptyA = isEmpty(a.value);
      const emptyB = isEmpty(b.value);
      if (emptyA || emptyB) return emptyA === emptyB ? a.index - b.index : emptyA ? 1 : -1;
      return factor * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map(({ item }) => item);
}

/** A stable sort by one column; rows without a value go last in either direction. */
export function sortRows<T>(rows: readonly T[], sort: SortState | null, columns: readonly DataTableColumn<T>[]): readonly T[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.id === sort.column);
  if (!column) return rows;
  return sortByValue(rows, (row) => columnValue(column, row), sort.direction);
}

/**
 * Groups ordered by the sort column's `group.value` (groups without one last, ties by key, naturally); in first-row
 * order when the table is not sorted or the column says nothing about groups.
 */
export function sortGroups<T>(
  groups: readonly DataTableGroup<T>[],
  sort: SortState | null,
  columns: readonly DataTableColumn<T>[],
): readonly DataTableGroup<T>[] {
  const value = sort && columns.find((c) => c.id === sort.column)?.group?.value;
  if (!sort || !value) return groups;
  const byKey = [...groups].sort((a, b) => collator.compare(a.key, b.key));
  return sortByValue(byKey, value, sort.direction);
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface DisplayOptions<T> {
  getRowId(row: T): string;
  /** The group of a row ('' : the empty group); no grouping when absent. */
  groupOf?(row: T): string;
  /** The key of the rows without a group. Default '(none)'. */
  emptyGroup?: string;
  /** Orders the groups (they come in first-row order). */
  orderGroups?(groups: readonly DataTableGroup<T>[]): readonly DataTableGroup<T>[];
  /** Group keys whose expansion differs from the default. */
  toggledGroups: ReadonlySet<string>;
  groupsExpandedByDefault: boolean;
  expandedRows: ReadonlySet<string>;
  hasDetail: boolean;
}

/**
 * Turns the rows of one page into what the grid shows. ag-grid community has no row grouping, so group
 * rows (with counts) and expanded detail rows are made here.
 */
export function buildDisplayRows<T>(rows: readonly T[], options: DisplayOptions<T>): DisplayRow<T>[] {
  const dataRows = (items: readonly T[]): DisplayRow<T>[] =>
    items.flatMap((row) => {
      const id = options.getRowId(row);
      const expanded = options.hasDetail && options.expandedRows.has(id);
      const own: DisplayRow<T> = { kind: 'data', id: `row:${id}`, row, expanded };
      return expanded ? [own, { kind: 'detail', id: `detail:${id}`, row }] : [own];
    });

  const { groupOf } = options;
  if (!groupOf) return dataRows(rows);

  const members = new Map<string, T[]>();
  for (const row of rows) {
    const key = groupOf(row) || (options.emptyGroup ?? NO_GROUP_LABEL);
    const list = members.get(key);
    if (list) list.push(row);
    else members.set(key, [row]);
  }
  const groups = [...members.entries()].map(([key, list]): DataTableGroup<T> => {
    const expanded = options.toggledGroups.has(key) ? !options.groupsExpandedByDefault : options.groupsExpandedByDefault;
    return { key, rows: list, expanded };
  });
  return (options.orderGroups?.(groups) ?? groups).flatMap((group) => {
    const header: DisplayRow<T> = { kind: 'group', id: `group:${group.key}`, key: group.key, count: group.rows.length, expanded: group.expanded, group };
    return group.expanded ? [header, ...dataRows(group.rows)] : [header];
  });
}

/** The group of a row by a column's value ('' when it has none). */
export function groupByColumn<T>(column: DataTableColumn<T>): (row: T) => string {
  return (row) => {
    const value = columnValue(column, row);
    return isEmpty(value) ? '' : String(value);
  };
}
