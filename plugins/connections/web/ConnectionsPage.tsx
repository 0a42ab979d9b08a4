import { useMemo, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import type { ApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatDateTime } from '@web/core/formatDateTime';
import { usePluginRegistry } from '@web/core/plugin-host';
import { ConnectionDialog } from './ConnectionDialog';
import { CONNECTIONS_PATH, type Connection } from './connectionsApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

type DialogState = { open: false } | { open: true; connection: Connection | null };

/** /settings/connections: the list with an add and edit dialog (spec 03 §2). */
export default function ConnectionsPage() {
  const styles = useStyles();
  const { can } = usePermissions();
  const canWrite = can('connections', 'write');
  const registry = usePluginRegistry();
  const { data, error, isLoading } = useSWR<Connection[], ApiError>(CONNECTIONS_PATH);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const rows = useMemo(() => data ?? [], [data]);

  const columns = useMemo<DataTableColumn<Connection>[]>(() => {
    const labels = new Map(registry.getExtensions('connection.types').map((t) => [t.id, t.label]));
    return [
      { id: 'name', header: 'Name', flex: 2 },
      { id: 'type', header: 'Type', value: (c) => labels.get(c.type) ?? c.type },
      { id: 'namespace', header: 'Namespace' },
      { id: 'url', header: 'URL', flex: 2, value: (c) => c.url ?? c.properties.host ?? '' },
      { id: 'source', header: 'Source', width: 110 },
      { id: 'created_by', header: 'Created By', value: (c) => c.creator?.name ?? '' },
      { id: 'updated_at', header: 'Updated', value: (c) => c.updated_at, render: (c) => formatDateTime(c.updated_at) },
    ];
  }, [registry]);

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Breadcrumb items={[{ label: 'Settings' }, { label: 'Connections' }]} />
        {canWrite && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ open: true, connection: null })}>
            Add
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : (
        <DataTable<Connection>
          id="connections"
          rows={rows}
          columns={columns}
          getRowId={(c) => c.id}
          loading={isLoading}
          defaultSort={{ column: 'name', direction: 'asc' }}
          paging={{ mode: 'client', initialPageSize: 50 }}
          onRowClick={(connection) => setDialog({ open: true, connection })}
        />
      )}
      <ConnectionDialog open={dialog.open} connection={dialog.open ? dialog.connection : null} canWrite={canWrite} onClose={() => setDialog({ open: false })} />
    </div>
  );
}
