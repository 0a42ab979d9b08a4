import type { LogSearchContext } from '@contracts';
import { httpUrl, isConnectionRef, resolveValue } from '../checks/runner-kit';
import { OutboundError, type OutboundHttp, type OutboundResponse } from '../outbound';

/**
 * What log-backend types that call an HTTP API (`plugins/logs-loki`, `plugins/logs-opensearch`) share: the address
 * (`url`: a URL, a `connection://` reference or a secret reference), the credentials (Basic, or a bearer token where
 * the type takes one), and the one call through the outbound client with the search's guard, signal and timeout.
 */

/** The fields of a backend spec read here. */
export interface HttpBackendSpec {
  url?: unknown;
  username?: unknown;
  password?: unknown;
  bearer?: unknown;
  insecureSkipVerify?: unknown;
}

/** Where and how to call the backend: credentials are in `headers`, never in `base`; `sending` is what the guard checks. */
export interface HttpBackendTarget {
  base: URL;
  headers: Record<string, string>;
  sending: Record<string, string | null>;
  insecure: boolean;
}

export const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';
const isValue = (v: unknown) => !isSet(v) || typeof v === 'string' || typeof v === 'number' || (typeof v === 'object' && !Array.isArray(v));
export const mib = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`);

/** The `url` rule: required; an http(s) URL, a `connection://` reference or a secret reference. */
export function backendUrlProblem(url: unknown): string | null {
  if (!isSet(url)) return 'url: required';
  if (typeof url === 'string') return isConnectionRef(url) || httpUrl(url) ? null : 'url: must be an http:// or https:// URL or a connection:// reference';
  return isValue(url) ? null : 'url: must be a URL, a connection:// reference or a secret reference';
}

/** The credential rules: each a value or a secret reference; a password needs a username; `bearer` (where taken) excludes them. */
export function credentialProblems(s: HttpBackendSpec, options: { bearer: boolean }): string[] {
  const errors: string[] = [];
  const fields = options.bearer ? (['username', 'password', 'bearer'] as const) : (['username', 'password'] as const);
  for (const field of fields) {
    if (!isValue(s[field])) errors.push(`${field}: must be a value or a secret reference ({valueFrom: {secretKeyRef: {name, key}}})`);
  }
  if (options.bearer && isSet(s.bearer) && isSet(s.username)) errors.push('bearer: give either a bearer token or a username and password, not both');
  if (isSet(s.password) && !isSet(s.username)) errors.push('username: required with a password');
  return errors;
}

/** Its secret-or-value field resolved; null when unset; an error when it is set and does not resolve. */
async function secret(field: string, value: unknown, ctx: LogSearchContext): Promise<string | null> {
  if (!isSet(value)) return null;
  const resolved = await resolveValue(value, ctx);
  if (resolved === null) throw new Error(`${field}: could not be resolved`);
  return resolved;
}

/**
 * The base URL (written, or a connection's or secret's) and the headers that authenticate: a bearer token, else Basic
 * from the spec's username and password, else from the URL's user info. Call it on a validated spec.
 */
export async function httpBackendTarget(s: HttpBackendSpec, ctx: LogSearchContext, options: { bearer: boolean }): Promise<HttpBackendTarget> {
  const written = s.url as string | Record<string, unknown>;
  const raw = typeof written === 'string' && !isConnectionRef(written) ? written : await ctx.resolveSecret(written);
  const base = raw ? httpUrl(raw) : null;
  if (!base)
    throw new Error(
      raw ? 'url: the connection has no http(s) URL' : `url: ${typeof written === 'string' ? written : 'the secret reference'} could not be resolved`,
    );
  const username = (await secret('username', s.username, ctx)) ?? (decodeURIComponent(base.username) || null);
  const password = (await secret('password', s.password, ctx)) ?? (decodeURIComponent(base.password) || null);
  const bearer = options.bearer ? await secret('bearer', s.bearer, ctx) : null;
  // Credentials never travel in the URL.
  base.username = '';
  base.password = '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  else if (username) headers.authorization = 'Basic ' + Buffer.from(`${username}:${password ?? ''}`).toString('base64');
  const sending: Record<string, string | null> = options.bearer ? { username, password, bearer } : { username, password };
  return { base, headers, sending, insecure: s.insecureSkipVerify === true };
}

/**
 * One call to the backend through the one outbound client: the search's guard (with the credentials sent), signal and
 * timeout, the target's TLS choice, the answer capped at `maxBytes` (over it: OutboundError TOO_LARGE). A backend
 * that cannot be reached says so with `product`'s name; a timeout, an abort and an oversized answer are thrown as
 * they are, for the caller to read.
 */
export async function callHttpBackend(
  http: OutboundHttp,
  target: HttpBackendTarget,
  url: URL,
  ctx: LogSearchContext,
  request: { product: string; maxBytes: number; method?: string; headers?: Record<string, string>; body?: string },
): Promise<OutboundResponse> {
  try {
    return await http.request(url, {
      method: request.method,
      guard: ctx.outbound,
      sending: target.sending,
      headers: { ...target.headers, ...request.headers },
      body: request.body,
      tls: { insecure: target.insecure },
      signal: ctx.signal,
      timeoutMs: ctx.timeoutMs,
      maxBytes: request.maxBytes,
      oversize: 'fail',
    });
  } catch (err) {
    if (err instanceof OutboundError && err.code !== 'TOO_LARGE' && err.code !== 'TIMEOUT' && err.code !== 'ABORTED') {
      throw new Error(`cannot reach ${request.product} at ${target.base.origin}: ${err.message}`);
    }
    throw err;
  }
}
