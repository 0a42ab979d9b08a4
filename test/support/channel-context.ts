import type { ChannelTarget, NotificationMessage, ResolvedConnection } from '@contracts';
import type { AppConfig } from '@gateway/core/config/app-config';
import type { ConnectionStore } from '@gateway/core/connections';
import { ChannelContexts, type ChannelError } from '@gateway/core/notifications';
import { AddressPolicy, OutboundHttp } from '@gateway/core/outbound';

/**
 * The real `ChannelContexts` of the notifications core (outbound client, address policy, credential binding, deadline),
 * without a database: for unit and peer tests of `plugins/notify-<channel>`. Loopback is allowed, as with
 * OUTBOUND_ALLOW in the api tests, except `listenPort` (it plays the console's own listener, which is always denied);
 * `defaultSmtp` answers `smtp`.
 */
export function channelContexts(
  options: { listenPort?: number; allow?: readonly string[]; smtp?: ResolvedConnection | null; sendTimeoutMs?: number } = {},
): ChannelContexts {
  const policy = new AddressPolicy({ listenPort: options.listenPort ?? -1, database: null, allow: options.allow ?? [] });
  const connections = {
    resolve: async () => options.smtp ?? null,
    firstOfType: async (types: readonly string[]) => (options.smtp && types.includes(options.smtp.type) ? options.smtp : null),
  } as unknown as ConnectionStore;
  const config = { notify: { smtpConnection: null, sendTimeoutMs: options.sendTimeoutMs ?? 5000 } } as unknown as Pick<AppConfig, 'notify'>;
  return new ChannelContexts(new OutboundHttp(policy), policy, connections, config);
}

/** What a send that should fail threw (a ChannelError); an `Error('it was sent')` when it did not fail. */
export function failure(promise: Promise<unknown>): Promise<ChannelError> {
  return promise.then(
    () => new Error('it was sent') as ChannelError,
    (error: unknown) => error as ChannelError,
  );
}

/** A connection as the store resolves it, with its secrets in clear. */
export function resolvedConnection(fields: Partial<ResolvedConnection> & Pick<ResolvedConnection, 'type'>): ResolvedConnection {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: `${fields.type}-connection`,
    url: null,
    username: null,
    password: null,
    certificate: null,
    insecure_tls: false,
    properties: {},
    ...fields,
  };
}

/** A recipient by channel URL. */
export function urlTarget(url: string, properties: Record<string, string> = {}): ChannelTarget {
  return { url, connection: null, properties };
}

/** A recipient by connection (as the store resolves it). */
export function connectionTarget(
  fields: Partial<ResolvedConnection> & Pick<ResolvedConnection, 'type'>,
  properties: Record<string, string> = {},
): ChannelTarget {
  return { url: null, connection: resolvedConnection(fields), properties };
}

/** A message as the engine hands it to a channel: a check that failed. */
export function notificationMessage(overrides: Partial<NotificationMessage> = {}): NotificationMessage {
  return {
    title: 'Check api-health has failed',
    body: 'Check **api-health** is *unhealthy*: connection refused\n\n[Open](https://console.example.com/health?checkId=c1)',
    event: 'check.failed',
    resource: { id: '00000000-0000-4000-8000-00000000c4ec', type: 'check', name: 'api-health', health: 'unhealthy', status: 'unhealthy' },
    url: 'https://console.example.com/health?checkId=00000000-0000-4000-8000-00000000c4ec',
    properties: {},
    groupKey: 'rule-1/00000000-0000-4000-8000-00000000c4ec',
    resolved: false,
    count: 1,
    ...overrides,
  };
}
