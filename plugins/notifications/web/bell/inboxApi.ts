import type { Inbox } from '@contracts';
import { http, withQuery } from '@web/core/api';

export const INBOX_LIMIT = 20;
export const INBOX_KEY = withQuery('/api/notifications/inbox', { limit: INBOX_LIMIT });
export const INBOX_READ_PATH = '/api/notifications/inbox/read';
export const INBOX_STREAM_PATH = '/api/notifications/inbox/stream';
/** How often the bell asks when it cannot follow the stream. */
export const INBOX_POLL_MS = 30_000;

export const fetchInbox = () => http.get<Inbox>(INBOX_KEY);
/** Everything up to `until` is read. */
export const markInboxRead = (until: string) => http.post<void>(INBOX_READ_PATH, { until });
