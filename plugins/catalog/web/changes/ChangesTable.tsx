import { makeStyles, tokens } from '@fluentui/react-components';
import type { CatalogChange } from '@contracts';
import { DataTable, type DataTableColumn, type SortState } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { formatCount, isHighCount } from '../format';
import { SeverityBadge } from './SeverityBadge';

const useStyles = makeStyles({
  high: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

function Count({ count }: { count: number }) {
  const styles = useStyles();
  return (
    <span className={isHighCount(count) ? styles.high : undefined} data-high={isHighCount(count) || undefined}>
      {formatCount(count)}
    </span>
  );
}

const columns: DataTableColumn<CatalogChange>[] = [
  { id: 'created_at', header: 'Created', width: 190, value: (change) => formatDateTime(change.created_at) },
  { id: 'name', header: 'Name', flex: 1, minWidth: 180, value: (change) => change.name },
  { id: 'type', header: 'Config type', flex: 1, minWidth: 180 },
  { id: 'change_type', header: 'Change', width: 150 },
  { id: 'summary', header: 'Summary', flex: 2, minWidth: 260, sortable: false },
  { id: 'severity', header: 'Severity', width: 110, render: (change) => <SeverityBadge severity={change.severity} /> },
  { id: 'count', header: 'Count', width: 90, render: (change) => <Count count={change.count} /> },
  { id: 'created_by', header: 'Created by', width: 150, sortable: false, value: (change) => change.created_by ?? change.external_created_by },
];

export interface ChangesTableProps {
  rows: readonly CatalogChange[];
  total: number;
  loading: boolean;
  /** 1-based, as in the URL. */
  pageIndex: number;
  pageSize: number;
  sort: SortState;
  onSortChange(sort: SortState | null): void;
  onPageChange(pageIndex: number, pageSize: number): void;
  onOpen(change: CatalogChange): void;
}

/** Config changes, server-paged and server-sorted (spec 02 Config changes). */
export function ChangesTable(props: ChangesTableProps) {
  return (
    <DataTable<CatalogChange>
      id="catalog-changes"
      rows={props.rows}
      columns={columns}
      getRowId={(change) => change.id}
      loading={props.loading}
      sort={props.sort}
      onSortChange={props.onSortChange}
      paging={{
        mode: 'server',
        pageIndex: props.pageIndex - 1,
        pageSize: props.pageSize,
        total: props.total,
        onChange: (index, size) => props.onPageChange(index + 1, size),
      }}
      onRowClick={props.onOpen}
      rowTestId="catalog-change-row"
    />
  );
}
