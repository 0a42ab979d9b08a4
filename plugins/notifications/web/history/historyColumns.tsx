import type { ReactNode } from 'react';
import { Tooltip, makeStyles } from '@fluentui/react-components';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { AppLink } from '@web/core/components/AppLink';
import { formatDateTime, formatElapsed } from '@web/core/formatDateTime';
import { type HistoryRow, formatDuration, recipientLabel, rulePath } from './historyApi';
import { ResourceLink } from './ResourceLink';
import { SendStatusBadge } from './SendStatusBadge';

const useStyles = makeStyles({
  truncated: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** How long ago, with the exact time on hover. */
export function Age({ at }: { at: string }) {
  const elapsed = formatElapsed(at);
  return (
    <Tooltip content={formatDateTime(at)} relationship="description">
      <span>{elapsed ? `${elapsed} ago` : formatDateTime(at)}</span>
    </Tooltip>
  );
}

function Truncated({ text }: { text: string | null | undefined }) {
  const styles = useStyles();
  if (!text) return null;
  return (
    <span className={styles.truncated} title={text}>
      {text}
    </span>
  );
}

/**
 * A link inside a clickable row: the table's row click ignores clicks within `data-row-toggle`, so following the link
 * does not also open the row's details.
 */
function InRowLink({ children }: { children: ReactNode }) {
  return <span data-row-toggle="">{children}</span>;
}

/** The send history's columns (spec 03 Notifications, §3 send history fields). */
export const HISTORY_COLUMNS: DataTableColumn<HistoryRow>[] = [
  { id: 'created_at', header: 'Created At', width: 130, value: (row) => row.created_at, render: (row) => <Age at={row.created_at} /> },
  {
    id: 'notification',
    header: 'Rule',
    flex: 1,
    sortable: false,
    value: (row) => row.notification?.name ?? row.notification_id,
    render: (row) => (
      <InRowLink>
        <AppLink to={rulePath(row.notification_id)} inline>
          {row.notification?.name ?? row.notification_id}
        </AppLink>
      </InRowLink>
    ),
  },
  {
    id: 'resource',
    header: 'Resource',
    flex: 1.5,
    sortable: false,
    value: (row) => row.resource?.name ?? row.resource_id,
    render: (row) => (
      <InRowLink>
        <ResourceLink type={row.resource_type} id={row.resource?.id ?? row.resource_id} name={row.resource?.name} />
      </InRowLink>
    ),
  },
  { id: 'source_event', header: 'Event', width: 170, sortable: false },
  {
    id: 'recipient',
    header: 'Recipient',
    flex: 1,
    sortable: false,
    value: (row) => [recipientLabel(row), row.channel].filter(Boolean).join(' · '),
  },
  { id: 'status', header: 'Status', width: 110, sortable: false, render: (row) => <SendStatusBadge status={row.status} /> },
  { id: 'attempts', header: 'Attempts', width: 95, sortable: false },
  { id: 'duration_millis', header: 'Duration', width: 100, sortable: false, value: (row) => formatDuration(row.duration_millis) },
  { id: 'error', header: 'Error', flex: 1.5, sortable: false, render: (row) => <Truncated text={row.error} /> },
];
