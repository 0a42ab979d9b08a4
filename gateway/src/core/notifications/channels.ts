import type { NotificationChannel } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/**
 * Notification channels. Each `plugins/notify-<channel>` contributes one `NotificationChannel`:
 * `@Extension(NOTIFICATION_CHANNELS, '<type>')`. The notifications engine (plugins/notifications) reads them to
 * validate a rule's recipients at save time and to deliver; the ids are the list of channels (no other list).
 */
export const NOTIFICATION_CHANNELS = createExtensionPoint<NotificationChannel>({
  id: 'notificationChannels',
  description: 'notification channels: one per delivery type (email, slack, webhook...)',
});

/**
 * A delivery that did not happen. `message` is what the peer said (or why it could not be reached), kept in the send
 * history; `retryable: false` when trying again cannot help (the peer refused the request itself: 400, 401, 403, 404);
 * `retryAfterMs`: the peer said when to come back (a 429's Retry-After): the next attempt is not sooner.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

/** The scheme of a channel URL (`slack` of `slack://…`, `generic+https` of `generic+https://…`), lower case; null if none. */
export function channelScheme(url: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url.trim());
  return match ? match[1].toLowerCase() : null;
}

/** The channel that takes a URL (by scheme) or a connection (by type), among the registered ones. */
export function channelFor(channels: readonly NotificationChannel[], by: { url?: string | null; connectionType?: string | null }): NotificationChannel | null {
  if (by.url) {
    const scheme = channelScheme(by.url);
    return (scheme && channels.find((c) => c.schemes.includes(scheme))) || null;
  }
  if (by.connectionType) return channels.find((c) => c.connectionTypes.includes(by.connectionType!)) ?? null;
  return null;
}
