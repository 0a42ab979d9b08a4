import type { ResolvedConnection } from '@contracts';
import type { CredentialLedger } from '../outbound';

/** Properties of a connection that hold credentials (the rest, such as a region, are plain settings). */
const SECRET_PROPERTY = /token|secret|key|password|passwd|auth|credential/i;

/** Puts a connection's credentials in the run's ledger: bound to the connection's origin, redacted from results. */
export function recordConnectionSecrets(ledger: CredentialLedger, connection: ResolvedConnection): void {
  ledger.record(connection.password, connection);
  ledger.record(connection.certificate, connection);
  for (const [key, value] of Object.entries(connection.properties ?? {})) if (SECRET_PROPERTY.test(key)) ledger.record(value, connection);
}

/** What the resolver needs of the connection store (`ConnectionStore.resolve`). */
export type ConnectionLookup = (ref: string) => Promise<ResolvedConnection | null>;

interface KeyRef {
  name?: unknown;
  key?: unknown;
}

/**
 * Resolves what a user's spec (a check, a scraper) may hold where a secret goes (issue 4: "secrets may come from connections"):
 * - `connection://[namespace/]name` → the stored connection's URL, with its username and password put in the URL
 *   when the URL has none (a postgres/mysql/mongodb/redis connection string, ready to use);
 * - `{valueFrom: {secretKeyRef | configMapKeyRef: {name, key}}}` → field `key` of the connection called `name`:
 *   `url`, `username`, `password`, `certificate`, or one of its properties. There is no Kubernetes here: stored
 *   connections are the console's secrets (encrypted at rest, never returned by an API);
 * - `{value}` or a plain string → itself.
 * Anything that does not resolve is null; the runner reports it as invalid.
 */
export async function resolveSecretRef(ref: unknown, lookup: ConnectionLookup): Promise<string | null> {
  if (typeof ref === 'string') {
    if (!/^connection:\/\//.test(ref)) return ref;
    const connection = await lookup(ref);
    return connection ? connectionString(connection) : null;
  }
  if (!ref || typeof ref !== 'object') return null;
  const value = (ref as { value?: unknown }).value;
  if (typeof value === 'string') return value;
  const from = (ref as { valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef } }).valueFrom;
  const keyRef = from?.secretKeyRef ?? from?.configMapKeyRef;
  if (!keyRef || typeof keyRef.name !== 'string' || typeof keyRef.key !== 'string' || !keyRef.name || !keyRef.key) return null;
  const connection = await lookup(keyRef.name);
  if (!connection) return null;
  switch (keyRef.key) {
    case 'url':
      return connection.url;
    case 'username':
      return connection.username;
    case 'password':
      return connection.password;
    case 'certificate':
      return connection.certificate;
    default:
      return connection.properties[keyRef.key] ?? null;
  }
}

/** The connection's URL with its credentials when the URL carries none. */
export function connectionString(connection: ResolvedConnection): string | null {
  if (!connection.url) return null;
  let url: URL;
  try {
    url = new URL(connection.url);
  } catch {
    return connection.url;
  }
  if (!url.username && connection.username) url.username = encodeURIComponent(connection.username);
  if (!url.password && connection.password) url.password = encodeURIComponent(connection.password);
  return url.toString();
}

/**
 * The `resolveSecret` of a run's context (checks, scrapers): references resolve through the connection store, and
 * every credential a stored connection yields goes into the run's ledger (bound to its origin, redacted from results).
 */
export function secretResolver(lookup: ConnectionLookup, ledger: CredentialLedger): (ref: unknown) => Promise<string | null> {
  return (ref) =>
    resolveSecretRef(ref, async (name) => {
      const connection = await lookup(name);
      if (connection) recordConnectionSecrets(ledger, connection);
      return connection;
    });
}
