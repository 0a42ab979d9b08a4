import type { ReactNode } from 'react';
import { Body1, Caption1, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '@web/core/components/AppLink';
import { Dialog } from '@web/core/components/Dialog';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { formatDateTime } from '@web/core/formatDateTime';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { type HistoryRow, fetchHistoryItem, formatDuration, historyItemPath, recipientLabel, rulePath } from './historyApi';
import { ResourceLink } from './ResourceLink';
import { SendStatusBadge } from './SendStatusBadge';

/**
 * Channel `console`: a Person or Team recipient reached in the bell only, because the console has no smtp connection
 * or the person no address (docs/notifications.md "Recipients"). Said in words, not as the engine's channel name.
 */
export const BELL_ONLY = 'bell only: there is no smtp connection, or the person has no email address';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    alignItems: 'center',
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  definition: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  message: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
    maxHeight: '50vh',
    overflowY: 'auto',
  },
});

export interface SendHistoryDetailsProps {
  /** The row whose details are open ('' : closed); read from the API so a shared link opens it too. */
  id: string;
  /** The row as the list has it, shown while the full one loads. */
  row?: HistoryRow;
  onClose(): void;
}

/** A send history row's details (spec 03 Notifications): the message, status, error, attempts, timings, recipient. */
export function SendHistoryDetails({ id, row, onClose }: SendHistoryDetailsProps) {
  const { data, error, isLoading } = useAbortableSWR(id ? historyItemPath(id) : null, (signal) => fetchHistoryItem(id, signal));
  const shown = data ?? row;
  return (
    <Dialog open={Boolean(id)} title={shown ? shown.title || shown.source_event : 'Notification'} onClose={onClose} size="medium">
      {shown ? (
        <DetailsBody row={shown} />
      ) : error ? (
        <ErrorPanel error={error} title="Could not load the notification" />
      ) : isLoading ? (
        <Spinner size="small" label="Loading..." />
      ) : null}
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <>
      <dt className={styles.term}>
        <Caption1>{label}</Caption1>
      </dt>
      <dd className={styles.definition}>{children}</dd>
    </>
  );
}

function DetailsBody({ row }: { row: HistoryRow }) {
  const styles = useStyles();
  return (
    <div className={styles.body} data-testid="notification-details">
      {row.error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{row.error}</MessageBarBody>
        </MessageBar>
      )}
      <dl className={styles.facts}>
        <Fact label="Status">
          <SendStatusBadge status={row.status} />
        </Fact>
        <Fact label="Event">{row.source_event}</Fact>
        <Fact label="Rule">
          <AppLink to={rulePath(row.notification_id)} inline>
            {row.notification?.name ?? row.notification_id}
          </AppLink>
        </Fact>
        {(row.resource || row.resource_id) && (
          <Fact label="Resource">
            <ResourceLink type={row.resource_type} id={row.resource?.id ?? row.resource_id} name={row.resource?.name} />
          </Fact>
        )}
        <Fact label="Recipient">
          {recipientLabel(row)}
          {row.channel ? ` (${row.channel === 'console' ? BELL_ONLY : row.channel})` : ''}
        </Fact>
        <Fact label="Attempts">{row.attempts}</Fact>
        {row.count > 1 && <Fact label="Events">{row.count}</Fact>}
        <Fact label="First observed">{formatDateTime(row.first_observed)}</Fact>
        <Fact label="Created">{formatDateTime(row.created_at)}</Fact>
        <Fact label="Updated">{formatDateTime(row.updated_at)}</Fact>
        {row.duration_millis !== null && <Fact label="Duration">{formatDuration(row.duration_millis)}</Fact>}
      </dl>
      {/* The body is Markdown written by a rule's template: shown as text, never as HTML. */}
      {row.body ? (
        <pre className={styles.message} aria-label="Message">
          {row.body}
        </pre>
      ) : (
        <Body1>No message body</Body1>
      )}
    </div>
  );
}
