import { OutboundRefused, type OutboundTarget } from './address-policy';

/** Shortest resolved value that is bound and redacted (shorter ones would redact ordinary text). */
const MIN_SECRET_LENGTH = 4;
export const REDACTED = '***';

interface Credential {
  value: string;
  /** `scheme://host:port` of the connection it came from; null when that connection has no URL. */
  origin: string | null;
  connection: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'postgres:': 5432, 'mysql:': 3306, 'redis:': 6379, 'mongodb:': 27017 };
const SCHEME_ALIASES: Record<string, string> = { 'postgresql:': 'postgres:', 'rediss:': 'redis:', 'mongodb+srv:': 'mongodb:' };

/** `scheme://host:port` of a URL, with default ports filled in; null when it is not a URL with a host. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (!u.hostname) return null;
    const scheme = SCHEME_ALIASES[u.protocol] ?? u.protocol;
    return `${scheme}//${u.hostname.toLowerCase()}:${u.port || DEFAULT_PORTS[scheme] || ''}`;
  } catch {
    return null;
  }
}

export function targetOrigin(target: OutboundTarget): string {
  const scheme = SCHEME_ALIASES[target.protocol] ?? target.protocol;
  return `${scheme}//${target.host.replace(/^\[(.*)\]$/, '$1').toLowerCase()}:${target.port}`;
}

/**
 * The stored credentials one run of a spec has resolved, each bound to its connection's origin (as data-source
 * secrets are in Grafana): a credential may be sent only to the origin of the connection it came from, and every
 * one is redacted from what is stored, logged or returned.
 */
export class CredentialLedger {
  private readonly credentials: Credential[] = [];

  record(value: string | null, connection: { name: string; url: string | null }): string | null {
    if (value && value.length >= MIN_SECRET_LENGTH && !this.credentials.some((c) => c.value === value)) {
      this.credentials.push({ value, origin: originOf(connection.url), connection: connection.name });
    }
    return value;
  }

  get size(): number {
    return this.credentials.length;
  }

  /** Throws `OutboundRefused` when `sending` carries a credential whose connection is not at `target`. */
  assertMaySend(target: OutboundTarget, sending: unknown): void {
    if (!this.credentials.length) return;
    const raw = typeof sending === 'string' ? sending : JSON.stringify(sending ?? '');
    // Basic credentials travel base64-encoded: look inside them too.
    const basic = Array.from(raw.matchAll(/basic\s+([a-z0-9+/=]+)/gi), (m) => Buffer.from(m[1], 'base64').toString('utf8'));
    const text = [raw, ...basic].join('\n');
    const destination = targetOrigin(target);
    for (const credential of this.credentials) {
      if (!text.includes(credential.value) && !text.includes(encodeURIComponent(credential.value))) continue;
      if (credential.origin === destination) continue;
      throw new OutboundRefused(
        credential.origin
          ? `the credential from connection '${credential.connection}' may only be sent to ${credential.origin}, not ${destination}`
          : `the credential from connection '${credential.connection}' may not be sent anywhere: the connection has no URL`,
      );
    }
  }

  /** A deep copy with every recorded credential (and URL passwords) replaced by `***`. */
  redact<T>(value: T): T {
    return redactValue(value, this.credentials.map((c) => c.value)) as T;
  }
}

/** `scheme://user:password@host` → `scheme://user:***@host`, in any text. */
export function redactUrlPasswords(text: string): string {
  // Bounded repeats: an unbounded scheme run over a long body backtracks quadratically (seconds on 100 kB).
  if (!text.includes('://')) return text;
  return text.replace(/\b([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@]{0,256}:)[^\s/@]{1,256}@/gi, `$1${REDACTED}@`);
}

function redactValue(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const secret of secrets) {
      out = out.split(secret).join(REDACTED);
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) out = out.split(encoded).join(REDACTED);
    }
    return redactUrlPasswords(out);
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, secrets)]));
  }
  return value;
}
