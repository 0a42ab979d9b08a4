import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { agentStatus } from '@contracts';
import { Avatar } from '@web/core/components/Avatar';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { AGENT_SORTABLE, type AgentRow } from './agentsApi';

const useStyles = makeStyles({
  person: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

function Creator({ row }: { row: AgentRow }) {
  const styles = useStyles();
  if (!row.creator) return null;
  return (
    <span className={styles.person}>
      <Avatar name={row.creator.name} src={row.creator.avatar} size={20} />
      {row.creator.name}
    </span>
  );
}

function Status({ row, now }: { row: AgentRow; now: number }) {
  const status = agentStatus(row.last_seen, now);
  if (!status) return null;
  return (
    <Badge appearance="tint" color={status === 'Online' ? 'success' : 'danger'}>
      {status}
    </Badge>
  );
}

/** The list's columns (spec 02 Agents); sortable where the view has the column. */
export function agentColumns(now: number): DataTableColumn<AgentRow>[] {
  const columns: DataTableColumn<AgentRow>[] = [
    { id: 'name', header: 'Name', flex: 2, minWidth: 160 },
    { id: 'config_count', header: 'Configs', width: 100 },
    { id: 'checks_count', header: 'Checks', width: 100 },
    { id: 'config_scrapper_count', header: 'Scrapers', width: 100 },
    { id: 'playbook_runs_count', header: 'Playbook Runs', width: 130 },
    { id: 'last_seen', header: 'Status', width: 110, value: (row) => agentStatus(row.last_seen, now) ?? '', render: (row) => <Status row={row} now={now} /> },
    { id: 'last_received', header: 'Last Pushed', width: 170, value: (row) => formatDateTime(row.last_received) },
    { id: 'created_at', header: 'Created At', width: 170, value: (row) => formatDateTime(row.created_at) },
    { id: 'updated_at', header: 'Updated At', width: 170, value: (row) => formatDateTime(row.updated_at) },
    { id: 'created_by', header: 'Created By', flex: 1, minWidth: 140, value: (row) => row.creator?.name ?? '', render: (row) => <Creator row={row} /> },
  ];
  return columns.map((column) => ({ ...column, sortable: (AGENT_SORTABLE as readonly string[]).includes(column.id) }));
}
