import type { CatalogChange } from '@contracts';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { HighCount, PagedTable, type PagedResult } from '../catalog/PagedTable';
import { SeverityBadge } from './SeverityBadge';
import type { ChangesState } from './useChangesState';

const columns: DataTableColumn<CatalogChange>[] = [
  { id: 'created_at', header: 'Created', width: 190, value: (change) => formatDateTime(change.created_at) },
  { id: 'name', header: 'Name', flex: 1, minWidth: 180, value: (change) => change.name },
  { id: 'type', header: 'Config type', flex: 1, minWidth: 180 },
  { id: 'change_type', header: 'Change', width: 150 },
  { id: 'summary', header: 'Summary', flex: 2, minWidth: 260, sortable: false },
  { id: 'severity', header: 'Severity', width: 110, render: (change) => <SeverityBadge severity={change.severity} /> },
  { id: 'count', header: 'Count', width: 90, render: (change) => <HighCount count={change.count} /> },
  { id: 'created_by', header: 'Created by', width: 150, sortable: false, value: (change) => change.created_by ?? change.external_created_by },
];

/** Config changes, server-paged (1-based pages, as in the URL) and server-sorted (spec 02 Config changes). */
export function ChangesTable({ state, result, onOpen }: { state: ChangesState; result: PagedResult<CatalogChange>; onOpen(change: CatalogChange): void }) {
  return (
    <PagedTable<CatalogChange>
      id="catalog-changes"
      columns={columns}
      getRowId={(change) => change.id}
      rowTestId="catalog-change-row"
      state={state}
      firstPage={1}
      defaultOrder="desc"
      result={result}
      onOpen={onOpen}
    />
  );
}
