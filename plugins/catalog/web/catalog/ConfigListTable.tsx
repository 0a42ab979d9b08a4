import { Badge, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { formatDateTime } from '@web/core/formatDateTime';
import type { ConfigListItem } from '../catalogApi';
import { formatCurrency } from '../format';
import { HighCount, PagedTable, type PagedResult } from './PagedTable';
import type { CatalogState } from './useCatalogState';

const useStyles = makeStyles({
  tags: { display: 'flex', gap: tokens.spacingHorizontalXXS, overflow: 'hidden' },
  deleted: { color: tokens.colorNeutralForeground4, textDecorationLine: 'line-through' },
});

function Tags({ tags }: { tags: Record<string, string> | null }) {
  const styles = useStyles();
  return (
    <span className={styles.tags}>
      {Object.entries(tags ?? {}).map(([key, value]) => (
        <Badge key={key} appearance="outline" size="small">
          {key}: {value}
        </Badge>
      ))}
    </span>
  );
}

function Name({ item }: { item: ConfigListItem }) {
  const styles = useStyles();
  if (!item.deleted_at) return <>{item.name}</>;
  return (
    <Tooltip content={`Deleted: ${formatDateTime(item.deleted_at)}`} relationship="description">
      <span className={styles.deleted}>{item.name}</span>
    </Tooltip>
  );
}

const analysisTotal = (item: ConfigListItem) => Object.values(item.analysis ?? {}).reduce((total, n) => total + n, 0);

/** Columns whose id is a column of the `configs` view sort on the server. */
const columns: DataTableColumn<ConfigListItem>[] = [
  { id: 'name', header: 'Name', flex: 2, minWidth: 220, value: (item) => item.name, render: (item) => <Name item={item} /> },
  { id: 'type', header: 'Type', flex: 1, minWidth: 180 },
  { id: 'health', header: 'Health', width: 120, render: (item) => <HealthBadge health={item.health} /> },
  { id: 'status', header: 'Status', width: 130 },
  { id: 'tags', header: 'Tags', flex: 2, minWidth: 200, sortable: false, render: (item) => <Tags tags={item.tags} /> },
  { id: 'changes', header: 'Changes', width: 100, render: (item) => <HighCount count={item.changes} /> },
  { id: 'analysis', header: 'Insights', width: 100, sortable: false, value: analysisTotal },
  { id: 'cost_total_30d', header: 'Cost (30d)', width: 110, value: (item) => formatCurrency(item.cost_total_30d) },
  { id: 'created_at', header: 'Created', width: 190, value: (item) => formatDateTime(item.created_at) },
  { id: 'updated_at', header: 'Updated', width: 190, value: (item) => formatDateTime(item.updated_at) },
];

/** The flat, server-paged and server-sorted list of /catalog (spec 02 Catalog). */
export function ConfigListTable({ state, result, onOpen }: { state: CatalogState; result: PagedResult<ConfigListItem>; onOpen(item: ConfigListItem): void }) {
  return (
    <PagedTable<ConfigListItem>
      id="catalog-configs"
      columns={columns}
      getRowId={(item) => item.id}
      rowTestId="catalog-config-row"
      state={state}
      defaultOrder="asc"
      result={result}
      onOpen={onOpen}
    />
  );
}
