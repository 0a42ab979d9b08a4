import type { CheckResult, CheckRunContext, CheckSpec, OutboundGuard } from '@contracts';
import { OutboundRefused } from '../outbound/address-policy';
import { OutboundHttp } from '../outbound/outbound-http';

/**
 * Small pieces every check-type runner needs (plugins/check-<type>/gateway). Check plugins never import each other;
 * what they share lives here.
 */

/** A field given as a plain string or number, `{value}`, or a secret / config-map / connection reference; null when unset. */
export async function resolveValue(value: unknown, ctx: CheckRunContext): Promise<string | null> {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'object' && typeof (value as { value?: unknown }).value === 'string') return (value as { value: string }).value;
  return ctx.resolveSecret(value);
}

/** A failed result (or an invalid one: a configuration error, which does not count against uptime). */
export function failedResult(started: number, message: string, invalid = false): CheckResult {
  return { pass: false, invalid, duration: Date.now() - started, message, error: message, details: {} };
}

/**
 * The result of a run that completed: it passes when no assertion failed; the message is the failures joined by
 * '; ', or `passed` when there are none.
 */
export function assertionsResult(failures: readonly string[], passed: string, duration: number, details: Record<string, unknown>): CheckResult {
  const message = failures.length ? failures.join('; ') : passed;
  return { pass: failures.length === 0, invalid: false, duration, message, error: failures.length ? message : null, details };
}

/**
 * The result of a call that threw: *invalid* when the guard rails refused it (a configuration problem), a timeout
 * when the run's signal fired, else a failure with the error's message.
 */
export function callError(started: number, ctx: CheckRunContext, err: unknown): CheckResult {
  if (err instanceof OutboundRefused) return failedResult(started, err.message, true);
  return failedResult(started, ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message);
}

/** `connection://<name>`: a stored connection, resolved through the run context. */
export const isConnectionRef = (value: unknown): value is string => typeof value === 'string' && /^connection:\/\//.test(value);

/** The URL when it is http(s), else null. */
export function httpUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export interface HttpCallOptions {
  /** The run's guard: asked first, with everything the request carries (address policy, credential binding). */
  outbound: OutboundGuard;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Skip TLS certificate verification. */
  insecure?: boolean;
  signal: AbortSignal;
  /** The run's timeout (the signal fires then too); without it the outbound client's default deadline holds. */
  timeoutMs?: number;
  /** Bodies beyond this are cut (default 10 MiB): a check reads an answer, not a download. */
  maxBytes?: number;
}

let checksHttp: OutboundHttp | null = null;

/**
 * One request of a check through the one outbound client (`OutboundHttp`): the run's guard, a fresh connection (a
 * check measures a fresh request), the run's signal and timeout, and the body cut at `maxBytes`.
 */
export async function httpCall(url: URL, options: HttpCallOptions): Promise<{ code: number; body: string }> {
  checksHttp ??= new OutboundHttp();
  const res = await checksHttp.request(url, {
    guard: options.outbound,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    tls: { insecure: options.insecure },
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
  });
  return { code: res.status, body: res.body.toString('utf8') };
}

// --- Types that call an HTTP API (prometheus, alertmanager, elasticsearch/opensearch) ------------------------------

export interface ApiUrlRules {
  /** Reads a written URL; null when it is not one the type takes (default: http(s) URLs only). */
  parse?: (raw: string) => URL | null;
  /** Spec fields that may hold it, first set wins (default `url`; prometheus also takes the deprecated `host`). */
  fields?: string[];
  /** What the message says a valid one is. */
  expected?: string;
}

const urlField = (spec: CheckSpec, fields: string[]) => fields.find((f) => spec[f] !== undefined && spec[f] !== null) ?? fields[0];

/** The spec rule of an API type's address: a URL the type takes in `url` (or `fields`), or a `connection://` reference. */
export function apiUrlProblem(spec: CheckSpec, rules: ApiUrlRules = {}): string | null {
  const { parse = httpUrl, fields = ['url'], expected = 'an http:// or https:// URL' } = rules;
  const field = urlField(spec, fields);
  const value = spec[field];
  if (value === undefined || value === null || value === '') return isConnectionRef(spec.connection) ? null : 'url: required';
  return typeof value === 'string' && parse(value) ? null : `${field}: must be ${expected}`;
}

/** An API type's base URL at run time: the written one, else its connection's; null when it is not one the type takes. */
export async function apiBase(spec: CheckSpec, ctx: CheckRunContext, rules: ApiUrlRules = {}): Promise<URL | null> {
  const { parse = httpUrl, fields = ['url'] } = rules;
  const written = fields.map((f) => spec[f]).find((v) => typeof v === 'string' && v !== '');
  const raw = (written ?? (await ctx.resolveSecret(spec.connection))) as string | null;
  return raw ? parse(raw) : null;
}

export interface ApiCredentials {
  username?: unknown;
  password?: unknown;
  /** A bearer token wins over username and password. */
  bearer?: unknown;
}

/**
 * `path` on the base URL, and the headers that authenticate it: a bearer token, else Basic from the spec's username
 * and password, else from the base URL's user info (which never travels in the URL itself).
 */
export async function apiTarget(
  base: URL,
  path: string,
  ctx: CheckRunContext,
  credentials: ApiCredentials | CheckSpec,
): Promise<{ target: URL; headers: Record<string, string> }> {
  const target = new URL(base.href.replace(/\/+$/, '') + path);
  const headers: Record<string, string> = { accept: 'application/json' };
  const username = (await resolveValue(credentials.username, ctx)) ?? (decodeURIComponent(base.username) || null);
  const password = (await resolveValue(credentials.password, ctx)) ?? (decodeURIComponent(base.password) || null);
  const bearer = await resolveValue(credentials.bearer, ctx);
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  else if (username) headers.authorization = 'Basic ' + Buffer.from(`${username}:${password ?? ''}`).toString('base64');
  target.username = '';
  target.password = '';
  return { target, headers };
}

export interface ApiRequest {
  /** How the type reads its address (see `apiUrlProblem`). */
  rules?: ApiUrlRules;
  /** Appended to the base URL's path. */
  path: string;
  /** Query parameters, in order (a name may repeat). */
  search?: Array<[string, string]>;
  method?: 'GET' | 'POST';
  /** A JSON body (sent with `content-type: application/json`). */
  body?: string;
  /** Default: the spec's `username`, `password` and `bearer`. */
  credentials?: ApiCredentials | CheckSpec;
  insecure: boolean;
}

/** What an API answered: status, text, the text as JSON (undefined when it is not), and the run's duration so far. */
export interface ApiAnswer {
  code: number;
  body: string;
  json: unknown;
  duration: number;
}

/**
 * The call of a type that queries an HTTP API: its base URL (written, else its connection's), the path and query,
 * its authorization, and one request with the run's guard, signal and timeout. A problem on the way (no URL, refused,
 * unreachable, timed out) comes back as the run's result instead of an answer.
 */
export async function apiCall(spec: CheckSpec, ctx: CheckRunContext, started: number, request: ApiRequest): Promise<ApiAnswer | CheckResult> {
  const base = await apiBase(spec, ctx, request.rules);
  if (!base) return failedResult(started, 'connection: could not be resolved to an http(s) URL', true);
  const { target, headers } = await apiTarget(base, request.path, ctx, request.credentials ?? spec);
  for (const [name, value] of request.search ?? []) target.searchParams.append(name, value);
  try {
    const res = await httpCall(target, {
      outbound: ctx.outbound,
      method: request.method,
      headers: request.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: request.body,
      insecure: request.insecure,
      signal: ctx.signal,
      timeoutMs: ctx.timeoutMs,
    });
    return { ...res, json: jsonOf(res.body), duration: Date.now() - started };
  } catch (err) {
    return callError(started, ctx, err);
  }
}

/** The answer as JSON, or undefined when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** How deep a result's details may nest; deeper parts are replaced by a note (a hostile answer nests thousands deep). */
export const MAX_DETAIL_DEPTH = 32;

/**
 * `details` with every part nested deeper than `MAX_DETAIL_DEPTH` replaced by '[nested too deep]', so that
 * expressions, redaction and storage (all of which walk it) never overflow the stack on what a target answered.
 */
export function limitDepth<T>(value: T, max = MAX_DETAIL_DEPTH): T {
  const walk = (v: unknown, depth: number): unknown => {
    if (!v || typeof v !== 'object') return v;
    if (depth >= max) return '[nested too deep]';
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
  };
  return walk(value, 0) as T;
}

/** A promise that rejects when the run's signal aborts (never resolves); race a driver's calls against it. */
export function abortedBy(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  return aborted;
}

/**
 * The spec rules the query-running types share (postgres, mysql, mssql): a connection (`connection`, else `url`;
 * `connectionProblem` judges a written one, a `connection://` reference is resolved at run time), an optional
 * non-empty `query`, an optional whole `results` ≥ 0.
 */
export function queryCheckProblems(spec: CheckSpec, connectionProblem: (connection: string) => string | null): string[] {
  const errors: string[] = [];
  const connection = spec.connection ?? spec.url;
  if (connection === undefined || connection === null || connection === '') errors.push('connection: required');
  else if (typeof connection === 'string' && !isConnectionRef(connection)) {
    const problem = connectionProblem(connection);
    if (problem) errors.push(problem);
  }
  if (spec.query !== undefined && (typeof spec.query !== 'string' || !spec.query.trim())) errors.push('query: must be a non-empty string');
  if (spec.results !== undefined && !(Number.isInteger(spec.results) && (spec.results as number) >= 0)) errors.push('results: must be an integer ≥ 0');
  return errors;
}

/** Rows kept in a query check's details (the count is always the full one): a check stores a sample, not a table. */
export const MAX_RESULT_ROWS = 100;

/** A query check's result: passes when the row count equals `results` (when set); a sample of the rows in details. */
export function rowCountResult(rows: Record<string, unknown>[], expected: number | undefined, started: number): CheckResult {
  const duration = Date.now() - started;
  const pass = expected === undefined || rows.length === expected;
  const message = pass ? `${rows.length} rows` : `got ${rows.length} rows, expected ${expected}`;
  return {
    pass,
    invalid: false,
    duration,
    message,
    error: pass ? null : message,
    details: { rows: rows.slice(0, MAX_RESULT_ROWS), count: rows.length, duration },
  };
}
