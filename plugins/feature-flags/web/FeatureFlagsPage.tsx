import { useMemo, useState } from 'react';
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import useSWR from 'swr';
import type { Property } from '@contracts';
import type { ApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { DataTable, type DataTableColumn } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatDateTime } from '@web/core/formatDateTime';
import { FeatureFlagDialog } from './FeatureFlagDialog';
import { PROPERTIES_PATH } from './featureFlagsApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

const columns: DataTableColumn<Property>[] = [
  { id: 'name', header: 'Name', flex: 2 },
  { id: 'value', header: 'Value' },
  { id: 'description', header: 'Description', flex: 2 },
  {
    id: 'source',
    header: 'Source',
    width: 110,
    render: (flag) => (
      <Badge appearance="tint" color={flag.source === 'local' ? 'informative' : 'brand'}>
        {flag.source}
      </Badge>
    ),
  },
  { id: 'created_by', header: 'Created By', value: (flag) => flag.creator?.name ?? '' },
  {
    id: 'updated_at',
    header: 'Updated',
    value: (flag) => flag.updated_at ?? flag.created_at,
    render: (flag) => formatDateTime(flag.updated_at ?? flag.created_at),
  },
];

type DialogState = { open: false } | { open: true; flag: Property | null };

/** /settings/feature-flags: the list of flags with an add and edit dialog (spec 03 §2). */
export default function FeatureFlagsPage() {
  const styles = useStyles();
  const { can } = usePermissions();
  const canWrite = can('properties', 'write');
  const { data, error, isLoading } = useSWR<Property[], ApiError>(PROPERTIES_PATH);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const rows = useMemo(() => data ?? [], [data]);

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Breadcrumb items={[{ label: 'Settings' }, { label: 'Feature Flags' }]} />
        {canWrite && (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setDialog({ open: true, flag: null })}>
            Add
          </Button>
        )}
      </div>
      {error && !data ? (
        <ErrorPanel error={error} />
      ) : (
        <DataTable<Property>
          id="feature-flags"
          rows={rows}
          columns={columns}
          getRowId={(flag) => flag.name}
          loading={isLoading}
          defaultSort={{ column: 'name', direction: 'asc' }}
          paging={{ mode: 'client', initialPageSize: 50 }}
          onRowClick={(flag) => setDialog({ open: true, flag })}
        />
      )}
      <FeatureFlagDialog open={dialog.open} flag={dialog.open ? dialog.flag : null} canWrite={canWrite} onClose={() => setDialog({ open: false })} />
    </div>
  );
}
