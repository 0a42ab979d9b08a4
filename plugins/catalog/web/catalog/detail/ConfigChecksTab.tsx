import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { pg, withQuery } from '@web/core/api';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { HealthBadge } from '@web/core/components/HealthBadge';
import { formatDateTime } from '@web/core/formatDateTime';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { fetchRows } from '../../catalogApi';

interface ConfigCheckRow {
  id: string;
  name: string;
  type: string;
  status: string | null;
  canary_name: string;
  last_runtime: string | null;
}

const columns: DataTableColumn<ConfigCheckRow>[] = [
  { id: 'name', header: 'Name', flex: 2 },
  { id: 'type', header: 'Type', width: 140 },
  { id: 'canary_name', header: 'Canary', flex: 1 },
  { id: 'status', header: 'Status', width: 130, render: (check) => <HealthBadge health={check.status} /> },
  { id: 'last_runtime', header: 'Last run', width: 180, value: (check) => formatDateTime(check.last_runtime) },
];

/** The health checks linked to the config (spec 02 §7 /check_summary_for_config); a row opens the check on /health. */
export function ConfigChecksTab({ configId }: { configId: string }) {
  const navigate = useNavigate();
  const { data, error, isLoading } = useAbortableSWR(['/api/db/check_summary_for_config', configId], (signal) =>
    fetchRows<ConfigCheckRow>('check_summary_for_config', { config_id: pg.eq(configId), order: pg.order('name') }, signal),
  );
  const rows = useMemo(() => data ?? [], [data]);
  if (error && !data) return <ErrorPanel error={error} />;
  return (
    <DataTable<ConfigCheckRow>
      id="config-checks"
      rows={rows}
      columns={columns}
      getRowId={(check) => check.id}
      loading={isLoading}
      onRowClick={(check) => navigate(withQuery('/health', { checkId: check.id }))}
    />
  );
}
