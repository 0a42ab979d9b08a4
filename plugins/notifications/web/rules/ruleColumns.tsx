import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import type { NotificationRule } from '@contracts';
import type { DataTableColumn } from '@web/core/components/DataTable';
import { formatDateTime } from '@web/core/formatDateTime';
import { RuleRecipients } from './RuleRecipients';
import type { ChannelChoice } from './useChannels';

const useStyles = makeStyles({
  events: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS, overflow: 'hidden' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** Milliseconds as they read best: `350ms`, `1.2s`, `2m 5s`. */
export function formatMillis(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes}m ${Math.round((ms % 60_000) / 1000)}s`;
}

function EventBadges({ events }: { events: readonly string[] }) {
  const styles = useStyles();
  return (
    <span className={styles.events} title={events.join(', ')}>
      {events.map((event) => (
        <Badge key={event} appearance="tint" color="informative" size="small">
          {event}
        </Badge>
      ))}
    </span>
  );
}

function ErrorText({ text }: { text: string | null | undefined }) {
  const styles = useStyles();
  return text ? (
    <span className={styles.error} title={text}>
      {text}
    </span>
  ) : null;
}

/**
 * The rules list's columns (issue 15): ids are the API's column names, so a header click sorts on the server
 * (`sortBy`); recipients, events and creator are not sortable there.
 */
export function ruleColumns(channels: readonly ChannelChoice[], names: ReadonlyMap<string, string>): DataTableColumn<NotificationRule>[] {
  return [
    { id: 'name', header: 'Name', flex: 2, minWidth: 160 },
    {
      id: 'events',
      header: 'Events',
      flex: 2,
      minWidth: 180,
      sortable: false,
      value: (rule) => rule.events.join(', '),
      render: (rule) => <EventBadges events={rule.events} />,
    },
    { id: 'title', header: 'Title', flex: 2, value: (rule) => rule.title ?? '' },
    {
      id: 'recipients',
      header: 'Recipients',
      width: 130,
      sortable: false,
      render: (rule) => <RuleRecipients rule={rule} channels={channels} names={names} />,
    },
    { id: 'sent', header: 'Sent', width: 90, value: (rule) => rule.sent ?? 0 },
    { id: 'failed', header: 'Failed', width: 90, value: (rule) => rule.failed ?? 0 },
    { id: 'pending', header: 'Pending', width: 100, value: (rule) => rule.pending ?? 0 },
    {
      id: 'avg_duration_ms',
      header: 'Avg duration',
      width: 130,
      value: (rule) => rule.avg_duration_ms ?? null,
      render: (rule) => formatMillis(rule.avg_duration_ms),
    },
    { id: 'most_common_error', header: 'Most common error', flex: 2, render: (rule) => <ErrorText text={rule.most_common_error} /> },
    { id: 'error', header: 'Error', flex: 1, render: (rule) => <ErrorText text={rule.error} /> },
    {
      id: 'created_by',
      header: 'Created By',
      width: 150,
      sortable: false,
      value: (rule) => (rule.created_by ? (names.get(rule.created_by) ?? '') : ''),
    },
    { id: 'created_at', header: 'Created At', width: 170, render: (rule) => formatDateTime(rule.created_at) },
    { id: 'updated_at', header: 'Updated At', width: 170, render: (rule) => formatDateTime(rule.updated_at) },
  ];
}
