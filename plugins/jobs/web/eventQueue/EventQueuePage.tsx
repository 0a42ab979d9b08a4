import { useMemo, useState } from 'react';
import { Button, Caption1, Card, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise16Regular, MailInbox20Regular } from '@fluentui/react-icons';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '@web/core/api';
import { usePermissions } from '@web/core/auth';
import { Breadcrumb } from '@web/core/components/Breadcrumb';
import { ConfirmDialog } from '@web/core/components/ConfirmDialog';
import { DataTable, NO_DATA_MESSAGE, type DataTableColumn } from '@web/core/components/DataTable';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { useToast } from '@web/core/components/useToast';
import { formatDateTime } from '@web/core/formatDateTime';
import { useBusyAction } from '@web/core/hooks/useBusyAction';
import type { EventQueueStatus, EventQueueSummaryRow } from '../../event-queue';
import { EVENT_QUEUE_STATUS_KEY, EVENT_QUEUE_SUMMARY_KEY, retriedMessage, retryFailedEvents } from './eventQueueApi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  count: { minWidth: '150px', padding: tokens.spacingVerticalS },
  figure: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  error: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

function Count({ label, value, hint }: { label: string; value: number | undefined; hint: string }) {
  const styles = useStyles();
  return (
    <Tooltip content={hint} relationship="description">
      <Card className={styles.count} aria-label={label}>
        <Caption1>{label}</Caption1>
        <Text className={styles.figure}>{value ?? '–'}</Text>
      </Card>
    </Tooltip>
  );
}

/** /settings/event-queue (spec 03 §2 Event queue): the summary per event name, the consumer's counts, and retry. */
export default function EventQueuePage() {
  const styles = useStyles();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const { can } = usePermissions();
  const canRetry = can('database', 'write');
  const summary = useSWR<EventQueueSummaryRow[], ApiError>(EVENT_QUEUE_SUMMARY_KEY);
  const status = useSWR<EventQueueStatus, ApiError>(EVENT_QUEUE_STATUS_KEY);
  const [confirming, setConfirming] = useState<EventQueueSummaryRow | null>(null);
  const [busy, run] = useBusyAction();

  const onRetry = async () => {
    if (!confirming) return;
    let message = '';
    const done = await run(async () => {
      message = retriedMessage(await retryFailedEvents(confirming.name));
    });
    // Refreshed either way: after a refusal (nothing failed any more) the page shows what is there now.
    await Promise.all([mutate(EVENT_QUEUE_SUMMARY_KEY), mutate(EVENT_QUEUE_STATUS_KEY)]);
    if (done) {
      toast.success(message);
      setConfirming(null);
    }
  };

  const columns = useMemo<DataTableColumn<EventQueueSummaryRow>[]>(
    () => [
      { id: 'name', header: 'Name', flex: 1, minWidth: 180 },
      { id: 'pending', header: 'Pending', width: 100 },
      { id: 'failed', header: 'Failed', width: 100 },
      { id: 'average_attempts', header: 'Average Attempts', width: 150 },
      { id: 'first_failure', header: 'First Failure', width: 190, render: (row) => formatDateTime(row.first_failure) },
      { id: 'last_failure', header: 'Last Failure', width: 190, render: (row) => formatDateTime(row.last_failure) },
      {
        id: 'most_common_error',
        header: 'Most Common Error',
        flex: 2,
        minWidth: 200,
        render: (row) => (
          <span className={styles.error} title={row.most_common_error ?? undefined}>
            {row.most_common_error}
          </span>
        ),
      },
      ...(canRetry
        ? [
            {
              id: 'retry',
              header: '',
              width: 110,
              sortable: false,
              render: (row: EventQueueSummaryRow) =>
                row.failed > 0 ? (
                  <Button size="small" icon={<ArrowClockwise16Regular />} onClick={() => setConfirming(row)} aria-label={`Retry failed ${row.name} events`}>
                    Retry
                  </Button>
                ) : null,
            },
          ]
        : []),
    ],
    [canRetry, styles.error],
  );

  const counts = status.data;
  return (
    <div className={styles.root}>
      <Breadcrumb items={[{ label: 'Settings' }, { label: 'Event Queue' }]} />
      {status.error ? (
        <ErrorPanel error={status.error} title="Could not load the consumer's counts" />
      ) : (
        <div className={styles.counts} role="group" aria-label="Event queue consumer">
          <Count label="Pending" value={counts?.pending} hint="Waiting for their first delivery or for a retry" />
          <Count label="Failed" value={counts?.failed} hint="Their last delivery failed; delivered again after a backoff" />
          <Count
            label="Given up"
            value={counts?.exhausted}
            hint={`Failed ${counts?.maxAttempts ?? 'too many'} times: delivered again only when retried here`}
          />
          {counts && !counts.consumer && <Caption1>The event consumer is turned off on this replica (EVENT_CONSUMER).</Caption1>}
        </div>
      )}
      {summary.error && !summary.data ? (
        <ErrorPanel error={summary.error} title="Could not load the event queue" />
      ) : summary.data && summary.data.length === 0 ? (
        <EmptyState icon={<MailInbox20Regular />} title="The event queue is empty" message={NO_DATA_MESSAGE} />
      ) : (
        <DataTable<EventQueueSummaryRow>
          id="event-queue"
          rows={summary.data ?? []}
          columns={columns}
          getRowId={(row) => row.name}
          loading={summary.isLoading}
          rowTestId="event-queue-row"
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Retry failed events"
        message={confirming ? `Deliver the ${confirming.failed} failed ${confirming.name} events again now?` : ''}
        confirmLabel="Retry"
        busy={busy}
        onConfirm={() => void onRetry()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
