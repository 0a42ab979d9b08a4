import { Inject, Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelHttpRequest, ResolvedConnection } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ConnectionStore } from '../connections/connection-store';
import { recordConnectionSecrets } from '../connections/secret-refs';
import { ADDRESS_POLICY, AddressPolicy } from '../outbound/address-policy';
import { CredentialLedger } from '../outbound/credential-ledger';
import { RunGuard } from '../outbound/outbound-guard';
import { OutboundHttp } from '../outbound/outbound-http';
import { withDefaultUrl } from './channel-kit';

/** The most of a channel peer's answer read (its error text, an id). */
const ANSWER_BYTES = 64 * 1024;

/**
 * Builds the context a channel sends in: every call goes through the outbound client with the address policy
 * ("is not reachable from notifications"), the delivery's connection secrets bound to their own origin, the
 * delivery's deadline and an answer size cap. Channels never make a client of their own.
 */
@Injectable()
export class ChannelContexts {
  constructor(
    private readonly http: OutboundHttp,
    @Inject(ADDRESS_POLICY) private readonly policy: AddressPolicy,
    private readonly connections: ConnectionStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'notify'>,
  ) {}

  /**
   * `defaultUrl`: the channel's documented address (NotificationChannel.defaultUrl); a connection without a URL has its
   * secrets bound to it (hand the channel `withDefaultUrl(connection, defaultUrl)`), one with a URL to its own.
   */
  create(options: {
    connection: ResolvedConnection | null;
    defaultUrl?: string | null;
    signal?: AbortSignal;
    timeoutMs?: number;
  }): ChannelContext & { ledger: CredentialLedger } {
    const ledger = new CredentialLedger();
    const connection = withDefaultUrl(options.connection, options.defaultUrl);
    if (connection) recordConnectionSecrets(ledger, connection);
    const guard = new RunGuard(this.policy, ledger, 'notifications');
    const timeoutMs = options.timeoutMs ?? this.config.notify.sendTimeoutMs;
    const signal = options.signal ?? new AbortController().signal;
    return {
      ledger,
      guard,
      signal,
      timeoutMs,
      http: async (url: string | URL, request: ChannelHttpRequest) => {
        const res = await this.http.request(url, {
          method: request.method ?? 'POST',
          headers: request.headers,
          body: request.body,
          guard,
          signal,
          timeoutMs,
          maxBytes: ANSWER_BYTES,
        });
        return { status: res.status, headers: res.headers, body: res.body.toString('utf8') };
      },
      defaultSmtp: async () => {
        const smtp = this.config.notify.smtpConnection
          ? await this.connections.resolve(this.config.notify.smtpConnection)
          : await this.connections.firstOfType(['smtp']);
        if (smtp) recordConnectionSecrets(ledger, smtp);
        return smtp;
      },
    };
  }
}
