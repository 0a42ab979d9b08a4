import type { LookupOptions } from 'node:dns';
import * as http from 'node:http';
import { isIP } from 'node:net';
import * as https from 'node:https';
import type { Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, Optional } from '@nestjs/common';
import axios, { type AxiosResponse } from 'axios';
import { firstValueFrom } from 'rxjs';
import type { OutboundGuard } from '@contracts';
import { ADDRESS_POLICY, AddressPolicy, OutboundRefused } from './address-policy';
import { toTarget } from './outbound-guard';

/** Whole-call deadline (connect, answer, body) unless the caller gives its own. */
export const OUTBOUND_TIMEOUT_MS = 15_000;
/** Largest answer body read unless the caller gives its own cap. */
export const OUTBOUND_MAX_BYTES = 10 * 1024 * 1024;

/** TLS settings of one call: skip verification, or trust a CA (PEM) besides the system's. */
export interface OutboundTls {
  insecure?: boolean;
  ca?: string | null;
}

export interface OutboundRequest {
  method?: string;
  /** Sent as given; nothing is added (no Accept, User-Agent or Accept-Encoding of the library's own). */
  headers?: Record<string, string>;
  body?: string | Buffer | URLSearchParams;
  /** Deadline of the whole call, body included (default 15 s). */
  timeoutMs?: number;
  /** The caller's own cancellation (a check run's signal). */
  signal?: AbortSignal;
  /** The most body bytes read (default 10 MiB). */
  maxBytes?: number;
  /** Past `maxBytes`: cut the body and say so (`truncated`, the default) or refuse the answer. */
  oversize?: 'truncate' | 'fail';
  tls?: OutboundTls;
  /**
   * Asked before connecting, with everything the request carries: a check run's guard (address policy and credential
   * binding); by default this client's address policy.
   */
  guard?: OutboundGuard;
  /** More for the guard to look at: credentials the request carries in another form (NTLM, a token exchange). */
  sending?: Record<string, unknown>;
  /** Requests that must share one connection (NTLM authenticates the connection); default: a fresh one per call. */
  connection?: OutboundConnection;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
  /** The body was longer than `maxBytes` and is cut there. */
  truncated: boolean;
  /** https: when the peer's certificate expires; null over http. */
  certificateExpires: Date | null;
}

/** The call did not complete: unreachable, refused, reset, timed out or cancelled. The message says which. */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/**
 * A peer (Jira, ServiceNow, Graph, an OAuth token endpoint...) answered with an error or unreadably; `message` is the
 * peer's own message where it gave one. `status` is null when there was no answer.
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

export interface PeerRequest extends Omit<OutboundRequest, 'body' | 'oversize'> {
  /** Serialised as JSON unless a string, a Buffer or URLSearchParams (a form). */
  body?: unknown;
}

export interface PeerResponse<T> {
  status: number;
  headers: Record<string, string>;
  body: T;
}

/** Requests that share one kept-alive connection; close it when done. */
export class OutboundConnection {
  readonly agent: http.Agent;

  constructor(secure: boolean, tls: OutboundTls = {}) {
    this.agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 1, ...tlsOptions(tls) }) : new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * The one axios instance of the process, behind @nestjs/axios's HttpService: no redirects followed (a redirect is an
 * answer), no proxy from the environment (the address policy must see the real target), every status an answer,
 * bodies streamed so that the size cap and the deadline hold for the body too.
 */
let shared: HttpService | null = null;
function sharedHttpService(): HttpService {
  if (!shared) {
    const instance = axios.create({
      maxRedirects: 0,
      proxy: false,
      validateStatus: () => true,
      responseType: 'stream',
      decompress: true,
      maxContentLength: -1,
      maxBodyLength: -1,
      transformRequest: [(data: unknown) => data],
    });
    // Only what a caller sets is sent.
    instance.defaults.headers.common = {};
    shared = new HttpService(instance);
  }
  return shared;
}

/**
 * The one client for every HTTP call the gateway makes to a peer: check types (through `httpCall` in
 * core/checks/runner-kit or directly), responders and connection tests (through `ConnectionApi` in core/connections).
 * Each call passes the outbound guard first, has a deadline for the whole call, reads at most `maxBytes` of the
 * answer, and uses a fresh connection unless it asks for a shared one (NTLM).
 *
 * In the app it is injected with the console's address policy; a bare `new OutboundHttp()` (a test, a script) denies
 * only cloud metadata. A check run passes its own guard, which carries the console's policy and the run's
 * credential binding.
 */
@Injectable()
export class OutboundHttp {
  private readonly http = sharedHttpService();
  private readonly policy: AddressPolicy;

  constructor(@Optional() @Inject(ADDRESS_POLICY) policy?: AddressPolicy) {
    this.policy = policy ?? new AddressPolicy({ listenPort: -1, database: null, allow: [] });
  }

  /** One request; the answer whatever its status. Throws OutboundRefused (guard), OutboundError (no answer). */
  async request(url: string | URL, request: OutboundRequest = {}): Promise<OutboundResponse> {
    const target = typeof url === 'string' ? url : url.href;
    const headers = { ...request.headers };
    const checked = await (request.guard ?? this.defaultGuard).check(url, { url: target, headers, body: request.body, ...request.sending });
    const secure = target.startsWith('https:');
    const timeoutMs = request.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    // The connection goes to an address the guard checked, not to whatever the name resolves to a moment later.
    const lookup = checked && checked.length ? pinnedLookup(checked) : undefined;
    const agent =
      request.connection?.agent ??
      (secure ? new https.Agent({ keepAlive: false, lookup, ...tlsOptions(request.tls ?? {}) }) : new http.Agent({ keepAlive: false, lookup }));
    const failure = (error: unknown): Error => {
      if (error instanceof OutboundError || error instanceof OutboundRefused) return error;
      if (request.signal?.aborted) return new OutboundError('the call was cancelled', 'ABORTED');
      if (deadline.aborted) return new OutboundError(`${hostOf(target)} did not answer within ${seconds(timeoutMs)}`, 'TIMEOUT');
      const e = error as Error & { code?: string; cause?: { message?: string } };
      return new OutboundError(e.message || e.cause?.message || String(error), e.code ?? null);
    };
    try {
      let response: AxiosResponse<Readable>;
      try {
        response = await firstValueFrom(
          this.http.request<Readable>({
            url: target,
            method: request.method ?? 'GET',
            headers: { 'Content-Type': null, 'User-Agent': null, 'Accept-Encoding': null, ...headers },
            data: request.body instanceof URLSearchParams ? request.body.toString() : request.body,
            signal,
            // Per request too: HttpService cancels a finished call on unsubscribe unless it streams.
            responseType: 'stream',
            ...(secure ? { httpsAgent: agent } : { httpAgent: agent }),
          }),
        );
      } catch (error) {
        throw failure(error);
      }
      const socket = (response.request as http.ClientRequest | undefined)?.socket as TLSSocket | undefined;
      const validTo = secure ? socket?.getPeerCertificate?.()?.valid_to : undefined;
      const { body, truncated } = await readBody(response.data, request.maxBytes ?? OUTBOUND_MAX_BYTES, request.oversize ?? 'truncate', target).catch(
        (error) => {
          throw failure(error);
        },
      );
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined && value !== null) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      return {
        status: response.status,
        statusText: response.statusText ?? '',
        headers: out,
        body,
        truncated,
        certificateExpires: validTo ? new Date(validTo) : null,
      };
    } finally {
      if (!request.connection) agent.destroy();
    }
  }

  /**
   * A JSON call to a peer's API: the body as JSON (unless a string, Buffer or form), `accept: application/json`, the
   * answer parsed when it says it is JSON. A non-2xx answer, no answer, or an answer past the size cap throws
   * PeerError with the peer's own message; OutboundRefused passes through.
   */
  async json<T = unknown>(url: string, request: PeerRequest = {}): Promise<PeerResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | Buffer | undefined;
    if (request.body instanceof URLSearchParams) {
      body = request.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (typeof request.body === 'string' || Buffer.isBuffer(request.body)) body = request.body;
    else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
    let res: OutboundResponse;
    try {
      res = await this.request(url, { ...request, headers, body, oversize: 'fail' });
    } catch (error) {
      if (error instanceof OutboundError) {
        throw new PeerError(
          error.code === 'TIMEOUT' || error.code === 'ABORTED' || error.code === 'TOO_LARGE'
            ? error.message
            : `Cannot reach ${originOf(url)}: ${error.message}`,
          null,
        );
      }
      throw error;
    }
    const text = res.body.toString('utf8');
    let parsed: unknown = text;
    if (text && (res.headers['content-type'] ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (res.status < 200 || res.status > 299) throw new PeerError(peerMessage(parsed, res.status, res.statusText), res.status, parsed);
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  /** Requests that must share one connection (NTLM); `use` gets it as `request.connection`, and it is closed after. */
  async withConnection<T>(url: string | URL, tls: OutboundTls, use: (connection: OutboundConnection) => Promise<T>): Promise<T> {
    const connection = new OutboundConnection(String(url).startsWith('https:'), tls);
    try {
      return await use(connection);
    } finally {
      connection.close();
    }
  }

  /** Outside a check run: the address policy alone (no spec, so no credential binding). */
  private readonly defaultGuard: OutboundGuard = {
    check: (target) => this.policy.check(toTarget(target), 'the console'),
  };
}

/**
 * A `lookup` for the socket that answers only the given addresses (those the address policy checked), in their order,
 * so a name that resolves differently between the check and the connect (DNS rebinding) cannot reach another host.
 */
export function pinnedLookup(addresses: readonly string[]): NonNullable<http.AgentOptions['lookup']> {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) => {
    const wanted = options?.family === 4 || options?.family === 6 ? entries.filter((e) => e.family === options.family) : entries;
    if (!wanted.length) return callback(Object.assign(new Error('no checked address of the wanted family'), { code: 'ENOTFOUND' }));
    if (options?.all) return callback(null, wanted);
    return callback(null, wanted[0].address, wanted[0].family);
  }) as unknown as NonNullable<http.AgentOptions['lookup']>;
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

async function readBody(stream: Readable, maxBytes: number, oversize: 'truncate' | 'fail', url: string): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size + chunk.length > maxBytes) {
      if (oversize === 'fail') throw new OutboundError(`${originOf(url)} answered more than ${formatBytes(maxBytes)}`, 'TOO_LARGE');
      chunks.push(chunk.subarray(0, maxBytes - size));
      // Leaving the loop ends the stream: the rest is not downloaded.
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function tlsOptions(tls: OutboundTls): https.AgentOptions {
  return { rejectUnauthorized: !tls.insecure, ...(tls.ca?.trim() ? { ca: tls.ca } : {}) };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the peer';
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the peer';
  }
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
