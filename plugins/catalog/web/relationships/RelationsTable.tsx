import { AppLink } from '@web/core/components/AppLink';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { HealthBadge } from '@web/core/components/HealthBadge';
import type { RelatedConfig } from './relationGraph';

const columns: DataTableColumn<RelatedConfig>[] = [
  { id: 'name', header: 'Name', flex: 2, render: (row) => <AppLink to={`/catalog/${encodeURIComponent(row.id)}`}>{row.name}</AppLink> },
  { id: 'type', header: 'Type', flex: 1 },
  { id: 'relation', header: 'Relation', value: (row) => row.relation ?? row.relation_type ?? '' },
  { id: 'direction', header: 'Direction', width: 120 },
  { id: 'health', header: 'Health', width: 130, render: (row) => <HealthBadge health={row.health} /> },
];

/** The related configs as rows: name (a link to the config), type, relation, direction, health. */
export function RelationsTable({ rows }: { rows: RelatedConfig[] }) {
  return <DataTable<RelatedConfig> id="config-relationships" rows={rows} columns={columns} getRowId={(row) => row.id} paging={{ mode: 'client' }} />;
}
