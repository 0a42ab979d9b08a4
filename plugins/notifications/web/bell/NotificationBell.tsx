import { useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  CounterBadge,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Subtitle2,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { Alert24Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { type InboxItem, NOTIFICATION_MESSAGES } from '@contracts';
import { errorMessage } from '@web/core/api/ApiError';
import { formatDateTime, formatElapsed } from '@web/core/formatDateTime';
import { useAccess } from '@web/core/plugin-host';
import { HISTORY_PAGE_PATH, historyItemPagePath } from '../history/historyApi';
import { resourcePagePath } from '../history/ResourceLink';
import { SendStatusBadge } from '../history/SendStatusBadge';
import { useInbox } from './useInbox';

const useStyles = makeStyles({
  trigger: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-6px', right: '-10px', pointerEvents: 'none' },
  surface: { width: '360px', maxWidth: 'calc(100vw - 32px)', padding: 0, display: 'flex', flexDirection: 'column' },
  header: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  list: { listStyleType: 'none', margin: 0, padding: 0, maxHeight: '420px', overflowY: 'auto' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalXXS,
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: 'transparent',
    textAlign: 'left',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  unread: { fontWeight: tokens.fontWeightSemibold },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  message: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', justifyContent: 'flex-end', padding: tokens.spacingHorizontalS },
});

export const BELL_LABEL = 'Notifications';
export const UNREAD_OVERFLOW = 99;

/**
 * The header's bell (spec 03 Notifications): the signed-in person's unread count (99+ beyond 99, nothing at 0) and,
 * on a click, the latest notifications with their age and status; each opens in the send history, 'View all' opens
 * the history. Opening the list marks what it shows read. The count follows the inbox stream live.
 */
export default function NotificationBell() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { inbox, error, markRead } = useInbox();
  const [open, setOpen] = useState(false);
  const unread = inbox?.unread ?? 0;

  // The send history is a settings page; people without settings (viewers) go to the resource itself instead.
  const { canSeeSettings } = useAccess();
  const go = (path: string | null) => {
    setOpen(false);
    if (path) navigate(path);
  };
  const itemPath = (item: InboxItem) => (canSeeSettings ? historyItemPagePath(item.id) : resourcePagePath(item.resource_type, item.resource_id));

  return (
    <Popover
      open={open}
      onOpenChange={(_, data) => {
        setOpen(data.open);
        if (data.open) void markRead().catch(() => undefined);
      }}
      positioning="below-end"
      trapFocus
    >
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={BELL_LABEL} relationship="label">
          <Button
            appearance="subtle"
            data-testid="notification-bell"
            icon={
              <span className={styles.trigger}>
                <Alert24Regular />
                {unread > 0 && (
                  <CounterBadge
                    className={styles.badge}
                    count={unread}
                    overflowCount={UNREAD_OVERFLOW}
                    size="small"
                    color="danger"
                    data-testid="notification-bell-count"
                  />
                )}
              </span>
            }
          />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={BELL_LABEL}>
        <div className={styles.header}>
          <Subtitle2>{BELL_LABEL}</Subtitle2>
        </div>
        {error && !inbox ? (
          <Body1 className={styles.message} role="alert">
            {errorMessage(error)}
          </Body1>
        ) : inbox && inbox.items.length === 0 ? (
          <Body1 className={styles.message}>{NOTIFICATION_MESSAGES.noNotifications}</Body1>
        ) : (
          <ul className={styles.list} aria-label="Latest notifications">
            {(inbox?.items ?? []).map((item) => (
              <li key={item.id}>
                <BellItem item={item} onOpen={() => go(itemPath(item))} />
              </li>
            ))}
          </ul>
        )}
        {canSeeSettings && (
          <div className={styles.footer}>
            <Button appearance="transparent" onClick={() => go(HISTORY_PAGE_PATH)}>
              View all
            </Button>
          </div>
        )}
      </PopoverSurface>
    </Popover>
  );
}

function BellItem({ item, onOpen }: { item: InboxItem; onOpen(): void }) {
  const styles = useStyles();
  const age = formatElapsed(item.created_at);
  return (
    <button type="button" className={mergeClasses(styles.item, !item.read && styles.unread)} onClick={onOpen} data-read={item.read ? 'true' : 'false'}>
      <span className={styles.title}>{item.title || item.source_event}</span>
      <span className={styles.meta}>
        <Caption1 title={formatDateTime(item.created_at)}>{age ? `${age} ago` : formatDateTime(item.created_at)}</Caption1>
        <SendStatusBadge status={item.status} />
      </span>
    </button>
  );
}
