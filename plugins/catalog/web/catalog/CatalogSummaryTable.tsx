import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { CatalogSummaryRow, ConfigHealth } from '@contracts';
import { DataTable, type DataTableColumn, type DataTableGroup } from '@web/core/components/DataTable';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { formatCount, formatCurrency, isHighCount } from '../format';
import { TAG_SUFFIX } from '../catalogApi';

const useStyles = makeStyles({
  counts: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  high: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
});

const HEALTH_ORDER: ConfigHealth[] = ['healthy', 'unhealthy', 'warning', 'unknown'];
const COLUMN_HEADERS: Record<string, string> = {
  config_class: 'Provider',
  type: 'Type',
  name: 'Name',
  status: 'Status',
  health: 'Health',
  analysis: 'Analysis',
  changed: 'Changed',
};

/** The row key a group-by column is answered under: tag keys lose their `__tag` suffix. */
export const groupKeyOf = (column: string) => (column.endsWith(TAG_SUFFIX) ? column.slice(0, -TAG_SUFFIX.length) : column);
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
export const summaryRowId = (row: CatalogSummaryRow, groupBy: readonly string[]) => groupBy.map((column) => text(row[groupKeyOf(column)])).join('\u0000');

const sum = (rows: readonly CatalogSummaryRow[], pick: (row: CatalogSummaryRow) => number | null | undefined) =>
  rows.reduce((total, row) => total + (Number(pick(row)) || 0), 0);
const analysisTotal = (row: CatalogSummaryRow) => Object.values(row.analysis ?? {}).reduce((total, n) => total + n, 0);

function HealthCounts({ health }: { health: CatalogSummaryRow['health'] }) {
  const styles = useStyles();
  return (
    <span className={styles.counts}>
      {HEALTH_ORDER.filter((key) => health?.[key]).map((key) => (
        <span key={key} title={key}>
          <HealthBadge health={key} /> {health[key]}
        </span>
      ))}
    </span>
  );
}

function ChangesCount({ count }: { count: number }) {
  const styles = useStyles();
  return (
    <span className={isHighCount(count) ? styles.high : undefined} data-high={isHighCount(count) || undefined}>
      {formatCount(count)}
    </span>
  );
}

function columnsFor(groupBy: readonly string[]): DataTableColumn<CatalogSummaryRow>[] {
  const groupColumns = groupBy.map<DataTableColumn<CatalogSummaryRow>>((column) => ({
    id: column,
    header: COLUMN_HEADERS[column] ?? groupKeyOf(column),
    value: (row) => text(row[groupKeyOf(column)]),
    flex: 2,
  }));
  const groupSum = (pick: (row: CatalogSummaryRow) => number | null | undefined, render: (n: number) => ReactNode) => ({
    value: (group: DataTableGroup<CatalogSummaryRow>) => sum(group.rows, pick),
    render: (group: DataTableGroup<CatalogSummaryRow>) => render(sum(group.rows, pick)),
  });
  return [
    ...groupColumns,
    { id: 'count', header: 'Count', width: 90, value: (row) => row.count, group: groupSum((row) => row.count, String) },
    { id: 'health', header: 'Health', width: 220, sortable: false, render: (row) => <HealthCounts health={row.health} /> },
    {
      id: 'changes',
      header: 'Changes',
      width: 110,
      value: (row) => row.changes,
      render: (row) => <ChangesCount count={row.changes} />,
      group: groupSum(
        (row) => row.changes,
        (n) => <ChangesCount count={n} />,
      ),
    },
    { id: 'analysis', header: 'Insights', width: 100, value: analysisTotal, group: groupSum(analysisTotal, String) },
    {
      id: 'cost',
      header: 'Cost (30d)',
      width: 110,
      value: (row) => Number(row.cost_total_30d) || 0,
      render: (row) => formatCurrency(row.cost_total_30d),
      group: groupSum(
        (row) => row.cost_total_30d,
        (n) => (n ? formatCurrency(n) : ''),
      ),
    },
  ];
}

/**
 * The grouped summary of /catalog (spec 02 Catalog): one row per combination of the group-by columns with its count,
 * health, changes and insights over 30 days and cost; with two or more columns the rows sit under the first one's
 * groups. A click on a row drills into it.
 */
export function CatalogSummaryTable({
  rows,
  groupBy,
  loading,
  onDrill,
}: {
  rows: readonly CatalogSummaryRow[];
  groupBy: readonly string[];
  loading: boolean;
  onDrill(row: CatalogSummaryRow): void;
}) {
  return (
    <DataTable<CatalogSummaryRow>
      id="catalog-summary"
      rows={rows}
      columns={columnsFor(groupBy)}
      getRowId={(row) => summaryRowId(row, groupBy)}
      loading={loading}
      groupBy={groupBy.length > 1 ? { column: groupBy[0] } : undefined}
      paging={{ mode: 'virtual' }}
      onRowClick={onDrill}
      rowTestId="catalog-summary-row"
    />
  );
}
