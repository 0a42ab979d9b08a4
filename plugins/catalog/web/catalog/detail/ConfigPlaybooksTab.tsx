import { useMemo } from 'react';
import { Badge } from '@fluentui/react-components';
import { pg } from '@web/core/api';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatDateTime } from '@web/core/formatDateTime';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { fetchRows } from '../../catalogApi';

interface PlaybookRunRow {
  id: string;
  status: string;
  start_time: string | null;
  end_time: string | null;
  created_at: string;
  playbook: { id: string; name: string; title: string | null } | null;
}

const columns: DataTableColumn<PlaybookRunRow>[] = [
  { id: 'playbook', header: 'Playbook', flex: 2, value: (run) => run.playbook?.title || run.playbook?.name },
  { id: 'status', header: 'Status', width: 150, render: (run) => <Badge appearance="tint">{run.status}</Badge> },
  { id: 'start_time', header: 'Started', width: 180, value: (run) => formatDateTime(run.start_time ?? run.created_at) },
  { id: 'end_time', header: 'Ended', width: 180, value: (run) => formatDateTime(run.end_time) },
];

/** The config's playbook runs, newest first (spec 02 Config detail, Playbooks tab). */
export function ConfigPlaybooksTab({ configId }: { configId: string }) {
  const { data, error, isLoading } = useAbortableSWR(['/api/db/playbook_runs', configId], (signal) =>
    fetchRows<PlaybookRunRow>(
      'playbook_runs',
      {
        select: 'id,status,start_time,end_time,created_at,playbook:playbook_id(id,name,title)',
        config_id: pg.eq(configId),
        order: pg.order('created_at', 'desc'),
        limit: 50,
      },
      signal,
    ),
  );
  const rows = useMemo(() => data ?? [], [data]);
  if (error && !data) return <ErrorPanel error={error} />;
  return <DataTable<PlaybookRunRow> id="config-playbook-runs" rows={rows} columns={columns} getRowId={(run) => run.id} loading={isLoading} />;
}
