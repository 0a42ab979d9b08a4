import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { JobStatusCell } from '@web/core/jobs';
import { INTEGRATION_TYPE_INFO } from './integrationIcons';
import { type IntegrationRow, SORTABLE_COLUMNS, hasAgent } from './integrationsApi';

const useStyles = makeStyles({
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  text: { overflow: 'hidden', textOverflow: 'ellipsis' },
});

/** Name with the type's icon, and the agent's badge when an agent (not the console itself) runs it. */
export function IntegrationName({ row }: { row: IntegrationRow }) {
  const styles = useStyles();
  const info = INTEGRATION_TYPE_INFO[row.integration_type];
  const Icon = info?.icon;
  return (
    <span className={styles.name}>
      {Icon && <Icon role="img" aria-label={info.label} />}
      <span className={styles.text}>{row.name}</span>
      {hasAgent(row) && (
        <Badge appearance="tint" color="informative" size="small" data-testid="agent-badge">
          {row.agent!.name}
        </Badge>
      )}
    </span>
  );
}

/** Spec 03 §2 /settings/integrations columns; sortable on the server where the view has the column. */
export function integrationColumns(): DataTableColumn<IntegrationRow>[] {
  const columns: DataTableColumn<IntegrationRow>[] = [
    { id: 'name', header: 'Name', flex: 2, minWidth: 220, render: (row) => <IntegrationName row={row} /> },
    { id: 'namespace', header: 'Namespace', width: 150 },
    { id: 'source', header: 'Source', width: 130 },
    {
      id: 'job_status',
      header: 'Job Status',
      minWidth: 180,
      render: (row) => <JobStatusCell status={row.job_status} job={{ name: row.job_name, resource_name: row.name, details: row.job_details }} />,
    },
    { id: 'job_time_start', header: 'Last Run', width: 190, render: (row) => formatDateTime(row.job_time_start) },
    { id: 'created_by', header: 'Created By', width: 150, value: (row) => row.created_by?.name ?? '' },
    { id: 'created_at', header: 'Created At', width: 190, render: (row) => formatDateTime(row.created_at) },
    { id: 'updated_at', header: 'Updated At', width: 190, render: (row) => formatDateTime(row.updated_at) },
  ];
  return columns.map((column) => ({ ...column, sortable: (SORTABLE_COLUMNS as readonly string[]).includes(column.id) }));
}
