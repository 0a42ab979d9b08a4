import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { PagedTable, type PagedResult } from '../catalog/PagedTable';
import type { ConfigInsight } from '../catalogApi';
import { SeverityBadge } from '../changes/SeverityBadge';
import type { InsightsState } from './useInsightsState';

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

export function InsightsTable({ state, result, onOpen }: { state: InsightsState; result: PagedResult<ConfigInsight>; onOpen(insight: ConfigInsight): void }) {
  return (
    <PagedTable<ConfigInsight>
      id="catalog-insights"
      columns={columns}
      getRowId={(insight) => insight.id}
      rowTestId="catalog-insight-row"
      state={state}
      defaultOrder="desc"
      result={result}
      onOpen={onOpen}
    />
  );
}
