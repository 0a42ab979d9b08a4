import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import type { Inbox } from '@contracts';
import { INBOX_KEY, INBOX_POLL_MS, INBOX_STREAM_PATH, fetchInbox, markInboxRead } from './inboxApi';

/** How the bell follows the inbox: its live stream, or polling once the stream failed or the browser has none. */
export type InboxMode = 'stream' | 'polling';

export interface InboxState {
  inbox: Inbox | undefined;
  error: unknown;
  mode: InboxMode;
  /** Marks everything up to the newest item shown read (no call when nothing is unread). */
  markRead(): Promise<void>;
}

/**
 * The signed-in person's latest notifications (GET /api/notifications/inbox?limit=20), live: the stream
 * (`/api/notifications/inbox/stream`, `event: inbox` with `{"unread": N}`) updates the count at once and reads the list
 * again. Without EventSource, or once the stream fails, it polls every INBOX_POLL_MS instead. The stream is closed on
 * unmount.
 */
export function useInbox(): InboxState {
  const [mode, setMode] = useState<InboxMode>(() => (typeof EventSource === 'function' ? 'stream' : 'polling'));
  const { data, error, mutate } = useSWR<Inbox>(INBOX_KEY, fetchInbox, {
    refreshInterval: mode === 'polling' ? INBOX_POLL_MS : 0,
    revalidateOnFocus: mode === 'polling',
  });

  useEffect(() => {
    if (mode !== 'stream') return;
    const source = new EventSource(INBOX_STREAM_PATH, { withCredentials: true });
    const onInbox = (event: MessageEvent<string>) => {
      let unread: number | undefined;
      try {
        const parsed = JSON.parse(event.data) as { unread?: unknown };
        if (typeof parsed.unread === 'number') unread = parsed.unread;
      } catch {
        // A message we cannot read still says something changed.
      }
      void mutate((current) => (current && unread !== undefined ? { ...current, unread } : current), { revalidate: true });
    };
    source.addEventListener('inbox', onInbox as EventListener);
    source.onerror = () => {
      source.close();
      setMode('polling');
    };
    return () => {
      source.removeEventListener('inbox', onInbox as EventListener);
      source.close();
    };
  }, [mode, mutate]);

  const markRead = useCallback(async () => {
    const newest = data?.items[0];
    if (!data || !newest || data.unread === 0) return;
    await markInboxRead(newest.created_at);
    await mutate(
      (current) =>
        current && {
          unread: 0,
          items: current.items.map((item) => (Date.parse(item.created_at) <= Date.parse(newest.created_at) ? { ...item, read: true } : item)),
        },
      { revalidate: true },
    );
  }, [data, mutate]);

  return { inbox: data, error, mode, markRead };
}
