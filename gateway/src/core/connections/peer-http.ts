import * as https from 'node:https';

/**
 * The one way handlers talk to HTTP peers (Jira, ServiceNow, Graph...): Node's fetch with a timeout, JSON in and
 * out, and a non-2xx answer turned into a PeerError carrying the peer's own message.
 */
export class PeerError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'PeerError';
  }
}

export interface PeerRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Serialised as JSON unless a string or URLSearchParams. */
  body?: unknown;
  timeoutMs?: number;
  /**
   * TLS settings of the connection: skip verification (`insecure_tls`) or trust a CA (`certificate`, PEM).
   * Node's fetch cannot take them, so such https requests go through node:https instead.
   */
  tls?: { insecure?: boolean; ca?: string | null };
}

/** The TLS part of a PeerRequest for a connection. */
export function connectionTls(connection: { insecure_tls: boolean; certificate: string | null }): PeerRequest['tls'] {
  return { insecure: connection.insecure_tls, ca: connection.certificate };
}

export interface PeerResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export const PEER_TIMEOUT_MS = 15_000;

export async function peerRequest<T = unknown>(url: string, request: PeerRequest = {}): Promise<PeerResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | URLSearchParams | undefined;
  if (request.body instanceof URLSearchParams || typeof request.body === 'string') body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  let res: Response;
  const timeoutMs = request.timeoutMs ?? PEER_TIMEOUT_MS;
  const customTls = url.startsWith('https:') && (request.tls?.insecure || request.tls?.ca?.trim());
  try {
    res = customTls
      ? await httpsRequest(url, request.method ?? 'GET', headers, body, timeoutMs, request.tls!)
      : await fetch(url, { method: request.method ?? 'GET', headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const e = error as Error & { cause?: { message?: string; code?: string } };
    if (e.name === 'TimeoutError') throw new PeerError(`${new URL(url).host} did not answer within ${(request.timeoutMs ?? PEER_TIMEOUT_MS) / 1000} s`, null);
    throw new PeerError(`Cannot reach ${safeOrigin(url)}: ${e.cause?.message ?? e.cause?.code ?? e.message}`, null);
  }
  const text = await res.text();
  let parsed: unknown = text;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) throw new PeerError(peerMessage(parsed, res.status, res.statusText), res.status, parsed);
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** An https request with the connection's TLS settings, answered as a fetch Response. */
function httpsRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | URLSearchParams | undefined,
  timeoutMs: number,
  tls: NonNullable<PeerRequest['tls']>,
): Promise<Response> {
  const payload = body === undefined ? undefined : body.toString();
  if (body instanceof URLSearchParams) headers['content-type'] ??= 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        headers: payload === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(payload)) },
        rejectUnauthorized: !tls.insecure,
        ...(tls.ca?.trim() ? { ca: tls.ca } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
          const status = res.statusCode ?? 502;
          const noBody = status === 204 || status === 304;
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: responseHeaders }));
        });
      },
    );
    req.on('error', (error) => reject(Object.assign(new Error(error.message), { name: error.name === 'AbortError' ? 'TimeoutError' : error.name, cause: error })));
    req.end(payload);
  });
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the peer';
  }
}

/** The human message of a peer's error body: Jira, ServiceNow, Graph and OAuth shapes, else the text. */
export function peerMessage(body: unknown, status: number, statusText = ''): string {
  const fallback = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (typeof body === 'string') return body.trim() ? `${fallback}: ${body.trim().slice(0, 500)}` : fallback;
  if (!body || typeof body !== 'object') return fallback;
  const b = body as Record<string, unknown>;
  // Jira: {errorMessages: [...], errors: {field: message}}
  const jira = [
    ...(Array.isArray(b.errorMessages) ? (b.errorMessages as unknown[]).map(String) : []),
    ...(b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors)
      ? Object.entries(b.errors as Record<string, unknown>).map(([k, v]) => `${k}: ${String(v)}`)
      : []),
  ];
  if (jira.length) return jira.join('; ');
  // OAuth token endpoint: {error: 'invalid_client', error_description}
  if (typeof b.error === 'string') return typeof b.error_description === 'string' ? `${b.error}: ${b.error_description}` : b.error;
  // ServiceNow {error: {message, detail}} and Graph {error: {code, message}}
  if (b.error && typeof b.error === 'object') {
    const e = b.error as Record<string, unknown>;
    const parts = [e.code, e.message, e.detail].filter((p): p is string => typeof p === 'string' && p.length > 0);
    if (parts.length) return parts.join(': ');
  }
  if (typeof b.message === 'string') return b.message;
  return fallback;
}

export function basicAuth(username: string | null, password: string | null): string {
  return 'Basic ' + Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64');
}
