import { DataTable, type DataTableColumn, type SortState } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import type { ConfigInsight } from '../catalogApi';
import { SeverityBadge } from '../changes/SeverityBadge';

/** Spec 02 Insights columns; ids are the view's columns, so sorting happens on the server. */
const columns: DataTableColumn<ConfigInsight>[] = [
  { id: 'config_name', header: 'Catalog', flex: 2, value: (insight) => insight.config?.name ?? insight.config_id },
  { id: 'analysis_type', header: 'Type', width: 140 },
  { id: 'analyzer', header: 'Analyzer', flex: 1 },
  { id: 'severity', header: 'Severity', width: 110, render: (insight) => <SeverityBadge severity={insight.severity} /> },
  { id: 'status', header: 'Status', width: 100 },
  { id: 'first_observed', header: 'First Observed', width: 170, value: (insight) => formatDateTime(insight.first_observed) },
  { id: 'last_observed', header: 'Last Observed', width: 170, value: (insight) => formatDateTime(insight.last_observed) },
];

export interface InsightsTableProps {
  rows: readonly ConfigInsight[];
  total: number;
  loading: boolean;
  pageIndex: number;
  pageSize: number;
  sort: SortState;
  onSortChange(sort: SortState | null): void;
  onPageChange(pageIndex: number, pageSize: number): void;
  onOpen(insight: ConfigInsight): void;
}

export function InsightsTable(props: InsightsTableProps) {
  return (
    <DataTable<ConfigInsight>
      id="catalog-insights"
      rows={props.rows}
      columns={columns}
      getRowId={(insight) => insight.id}
      loading={props.loading}
      sort={props.sort}
      onSortChange={props.onSortChange}
      paging={{ mode: 'server', pageIndex: props.pageIndex, pageSize: props.pageSize, total: props.total, onChange: props.onPageChange }}
      onRowClick={props.onOpen}
      rowTestId="catalog-insight-row"
    />
  );
}
