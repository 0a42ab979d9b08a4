import { Suspense, lazy, useMemo } from 'react';
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { pg } from '@web/core/api';
import { AppLink } from '@web/core/components/AppLink';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatDateTime } from '@web/core/formatDateTime';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { fetchRows } from '../../catalogApi';

interface PlaybookRunRow {
  id: string;
  status: string;
  start_time: string | null;
  end_time: string | null;
  created_at: string;
  playbook: { id: string; name: string; title: string | null } | null;
}

/** A run's page (the playbooks plugin's route). */
export const playbookRunPath = (id: string) => `/playbooks/runs/${encodeURIComponent(id)}`;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
});

const columns: DataTableColumn<PlaybookRunRow>[] = [
  {
    id: 'playbook',
    header: 'Playbook',
    flex: 2,
    value: (run) => run.playbook?.title || run.playbook?.name,
    render: (run) => <AppLink to={playbookRunPath(run.id)}>{run.playbook?.title || run.playbook?.name || run.id}</AppLink>,
  },
  { id: 'status', header: 'Status', width: 150, render: (run) => <Badge appearance="tint">{run.status}</Badge> },
  { id: 'start_time', header: 'Started', width: 180, value: (run) => formatDateTime(run.start_time ?? run.created_at) },
  { id: 'end_time', header: 'Ended', width: 180, value: (run) => formatDateTime(run.end_time) },
];

export interface ConfigPlaybooksTabProps {
  configId: string;
  /** Shown by the run dialog; the id when not given. */
  configName?: string;
}

/**
 * The config's playbook runs, newest first, each opening its run page, under the playbooks plugin's run button
 * (`playbooks.runButton`, shown to users who may run playbooks) (spec 02 Config detail, Playbooks tab).
 */
export function ConfigPlaybooksTab({ configId, configName }: ConfigPlaybooksTabProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const registry = usePluginRegistry();
  const access = useAccess();
  const runButton = registry.getVisibleExtensions('playbooks.runButton', access)[0];
  const PlaybookRunButton = useMemo(() => (runButton ? lazy(runButton.load) : null), [runButton]);
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
  return (
    <div className={styles.root}>
      {PlaybookRunButton && (
        <div className={styles.toolbar}>
          <Suspense fallback={null}>
            <PlaybookRunButton resource={{ kind: 'config', id: configId, name: configName }} appearance="toolbar" />
          </Suspense>
        </div>
      )}
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : (
        <DataTable<PlaybookRunRow>
          id="config-playbook-runs"
          rows={rows}
          columns={columns}
          getRowId={(run) => run.id}
          loading={isLoading}
          onRowClick={(run) => navigate(playbookRunPath(run.id))}
        />
      )}
    </div>
  );
}
