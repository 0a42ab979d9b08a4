import { useMemo, useState } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { NOTIFICATIONS_WRITE, NOTIFICATION_MESSAGES, PAGE_SIZE_OPTIONS } from '@contracts';
import { usePermissions } from '@web/core/auth';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { DataTable } from '@web/core/components/DataTable';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useToast } from '@web/core/components/useToast';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import { useQueryState } from '@web/core/hooks/useQueryState';
import { NotificationsTabs } from '../NotificationsTabs';
import { EditSilenceDialog } from './EditSilenceDialog';
import { silenceColumns } from './silenceColumns';
import { ADD_SILENCE_PAGE_PATH, type SilenceRow, deleteSilence, fetchSilences, silencesListKey } from './silencesApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
});

export const DEFAULT_SILENCES_PAGE_SIZE = 50;
export const SILENCE_DELETED = 'Silence deleted successfully';

/** What a silence is called in prompts: its resource's name, else its selectors or filter. */
const silenceName = (row: SilenceRow) => row.resource?.name ?? row.selectors ?? row.filter ?? 'this silence';

/**
 * /notifications/silences (spec 03 Notifications): Resource, Duration, Source, Reason, Created By, Delete; expired
 * silences struck through; a row opens 'Edit Notification Silence'. Adding and deleting need write on notifications.
 */
export default function SilencesPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const toast = useToast();
  const { can } = usePermissions();
  const canWrite = can(NOTIFICATIONS_WRITE.resource, NOTIFICATIONS_WRITE.action);
  const [pageIndexParam, setPageIndex] = useQueryState('pageIndex', '0');
  const [pageSizeParam, setPageSize] = useQueryState('pageSize', String(DEFAULT_SILENCES_PAGE_SIZE));
  const pageIndex = Math.max(0, Math.floor(Number(pageIndexParam)) || 0);
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(Number(pageSizeParam)) ? Number(pageSizeParam) : DEFAULT_SILENCES_PAGE_SIZE;

  const key = silencesListKey(pageIndex, pageSize);
  const { data, error, isLoading, mutate } = useAbortableSWR(key, (signal) => fetchSilences(key, signal), { keepPreviousData: true });
  const [editing, setEditing] = useState<SilenceRow | null>(null);
  const [deleting, setDeleting] = useState<SilenceRow | null>(null);
  const [busy, runBusy] = useBusyAction();

  const columns = useMemo(() => silenceColumns({ canDelete: canWrite, onDelete: setDeleting }), [canWrite]);

  const onDelete = async () => {
    const row = deleting;
    if (!row) return;
    const deleted = await runBusy(async () => {
      await deleteSilence(row.id);
      toast.success(SILENCE_DELETED);
    });
    setDeleting(null);
    if (deleted) await mutate();
  };

  return (
    <div className={styles.root}>
      <NotificationsTabs />
      {canWrite && (
        <div className={styles.toolbar}>
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate(ADD_SILENCE_PAGE_PATH)}>
            Add Silence
          </Button>
        </div>
      )}
      {error && !data ? (
        <ErrorPanel error={error} title="Could not load the silences" />
      ) : (
        <DataTable
          id="notification-silences"
          rows={data?.data ?? []}
          columns={columns}
          getRowId={(row) => row.id}
          loading={isLoading}
          emptyMessage={NOTIFICATION_MESSAGES.noNotifications}
          paging={{
            mode: 'server',
            pageIndex,
            pageSize,
            total: data?.totalEntries ?? 0,
            onChange: (index, size) => {
              setPageIndex(String(index));
              setPageSize(String(size));
            },
          }}
          onRowClick={setEditing}
          rowTestId="silence-row"
        />
      )}
      <EditSilenceDialog silence={editing} canWrite={canWrite} onClose={() => setEditing(null)} onSaved={() => void mutate()} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete silence"
        message={deleting ? `Delete the silence of '${silenceName(deleting)}'?` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
