import type { ResolvedConnection } from '@contracts';

/** Nodemailer SMTP transport options (a structural subset, so core needs no nodemailer import). */
export interface SmtpTransportOptions {
  host: string;
  port: number;
  secure: boolean;
  requireTLS: boolean;
  ignoreTLS: boolean;
  auth?: { user: string; pass: string };
  tls: { rejectUnauthorized: boolean; ca?: string };
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

export type SmtpEncryption = 'Auto' | 'SSL' | 'StartTLS' | 'None';

/**
 * An smtp connection (spec 03 §9: port 587, encryption Auto, auth Unknown by default). The host comes from
 * `url` (`smtp://host:port`, `smtps://host`, or a bare `host[:port]`) or `properties.host`; `properties.port`,
 * `properties.encryption` (Auto | SSL | StartTLS | None) and `properties.from` refine it.
 * Auto = implicit TLS on 465, otherwise STARTTLS when the server offers it. `certificate` is a trusted CA (PEM).
 */
export function smtpTransportOptions(connection: ResolvedConnection): SmtpTransportOptions {
  const p = connection.properties;
  let host = p.host?.trim() || '';
  let port = p.port ? Number(p.port) : NaN;
  let scheme = '';
  const raw = connection.url?.trim();
  if (raw) {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `smtp://${raw}`);
    scheme = url.protocol.replace(':', '');
    host ||= url.hostname;
    if (Number.isNaN(port) && url.port) port = Number(url.port);
  }
  if (!host) throw new Error(`SMTP connection ${connection.name} has no host`);
  const encryption = (p.encryption || (scheme === 'smtps' ? 'SSL' : 'Auto')) as SmtpEncryption;
  if (Number.isNaN(port)) port = encryption === 'SSL' ? 465 : 587;
  const secure = encryption === 'SSL' || (encryption === 'Auto' && port === 465);
  return {
    host,
    port,
    secure,
    requireTLS: encryption === 'StartTLS',
    ignoreTLS: encryption === 'None',
    auth: connection.username ? { user: connection.username, pass: connection.password ?? '' } : undefined,
    tls: { rejectUnauthorized: !connection.insecure_tls, ...(connection.certificate?.trim() ? { ca: connection.certificate } : {}) },
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** The sender: `properties.from`, else the username when it is an address, else a local default. */
export function smtpFrom(connection: ResolvedConnection): string {
  const from = connection.properties.from?.trim();
  if (from) return from;
  if (connection.username?.includes('@')) return connection.username;
  return 'Operations Console <console@localhost>';
}
