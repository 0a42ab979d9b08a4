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
    // Every string as it will travel (not JSON-escaped: a password with a quote or backslash must still be found),
    // and Basic credentials decoded, since they travel base64-encoded.
    const texts = stringsIn(sending);
    for (const text of [...texts]) for (const m of text.matchAll(/basic\s+([a-z0-9+/=]+)/gi)) texts.push(Buffer.from(m[1], 'base64').toString('utf8'));
    const destination = targetOrigin(target);
    for (const credential of this.credentials) {
      const encoded = encodeURIComponent(credential.value);
      if (!texts.some((text) => text.includes(credential.value) || text.includes(encoded))) continue;
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
    return redactValue(
      value,
      this.credentials.map((c) => c.value),
    ) as T;
  }
}

/** Every string (keys too) inside a value, walked without recursion; URLs and buffers as their text. */
function stringsIn(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') out.push(item);
    else if (item instanceof URL) out.push(item.toString(), decodeURIComponent(item.username), decodeURIComponent(item.password));
    else if (Buffer.isBuffer(item)) out.push(item.toString('utf8'));
    else if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') for (const [k, v] of Object.entries(item)) stack.push(k, v);
    else if (typeof item === 'number' || typeof item === 'bigint') out.push(String(item));
  }
  return out;
}

/** `scheme://user:password@host` → `scheme://user:***@host`, in any text. */
export function redactUrlPasswords(text: string): string {
  // Bounded repeats: an unbounded scheme run over a long body backtracks quadratically (seconds on 100 kB).
  if (!text.includes('://')) return text;
  return text.replace(/\b([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@]{0,256}:)[^\s/@]{1,256}@/gi, `$1${REDACTED}@`);
}

/** Deeper than this, a value is replaced whole rather than walked (a hostile answer nests thousands deep). */
export const MAX_REDACT_DEPTH = 64;
export const TOO_DEEP = '[nested too deep]';

function redactValue(value: unknown, secrets: string[], depth = 0): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const secret of secrets) {
      out = out.split(secret).join(REDACTED);
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) out = out.split(encoded).join(REDACTED);
    }
    return redactUrlPasswords(out);
  }
  if (value && typeof value === 'object' && depth >= MAX_REDACT_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactValue(k, secrets, depth + 1) as string, redactValue(v, secrets, depth + 1)]));
  }
  return value;
}
