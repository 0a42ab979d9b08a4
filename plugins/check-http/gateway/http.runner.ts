import { Injectable, Optional } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { expandTemplate, expandUrlTemplate, hasTemplate, templateProblem, templateSample } from '@gateway/core/checks/connection-template';
import { assertionsResult, isConnectionRef, resolveValue } from '@gateway/core/checks/runner-kit';
import { OutboundHttp, OutboundRefused, type OutboundConnection } from '@gateway/core/outbound';
import { authenticateHeader, negotiateHeader, ntlmCredentials, type NtlmOptions } from './ntlm';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

/** Bodies beyond this are cut: a check reads a health page, not a download. */
const MAX_CONTENT_BYTES = 5 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

interface HttpResponse {
  code: number;
  headers: Record<string, string>;
  content: string;
  sslAgeDays: number | null;
}

/** Check type `http`: one request; passes when code, content, latency and certificate expiry all hold. */
@Injectable()
@Extension(CHECK_RUNNERS, 'http')
export class HttpCheckRunner implements CheckRunner {
  readonly type = 'http';

  // The one outbound client (global in the app); a bare instance (a test) gets its own.
  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const url = spec.url ?? spec.endpoint;
    // `connection: connection://name` instead of url: the stored connection's URL (canary files use both).
    if ((url === undefined || url === '') && spec.connection !== undefined) {
      if (!isConnectionRef(spec.connection) && !(typeof spec.connection === 'string' && /^https?:\/\//i.test(spec.connection))) {
        errors.push('connection: must be a connection:// reference or an http(s):// URL');
      }
    } else if (typeof url !== 'string' || !url) errors.push('url: required');
    else if (!/^https?:\/\//i.test(url)) errors.push('url: must start with http:// or https://');
    else if (hasTemplate(url) && templateProblem(url, 'url', envNames(spec.env))) errors.push(templateProblem(url, 'url', envNames(spec.env))!);
    else {
      try {
        // `$(username)` / `$(password)` and the names of `env` stand for the check's own values, filled in when it runs.
        new URL(hasTemplate(url) ? templateSample(url, envNames(spec.env)) : url);
      } catch {
        errors.push('url: not a valid URL');
      }
    }
    if (spec.method !== undefined && (typeof spec.method !== 'string' || !/^[A-Za-z]+$/.test(spec.method))) errors.push('method: must be an HTTP method');
    for (const field of ['thresholdMillis', 'maxSSLExpiry'] as const) {
      const v = spec[field];
      if (v !== undefined && (typeof v !== 'number' || v < 0)) errors.push(`${field}: must be a number ≥ 0`);
    }
    if (spec.responseCodes !== undefined && (!Array.isArray(spec.responseCodes) || spec.responseCodes.some((c) => !Number.isInteger(c)))) {
      errors.push('responseCodes: must be a list of status codes');
    }
    if (spec.responseContent !== undefined && typeof spec.responseContent !== 'string') errors.push('responseContent: must be a string');
    if (spec.headers !== undefined && !headersOf(spec.headers)) errors.push('headers: must be a map or a list of {name, value}');
    if (spec.env !== undefined && !headersOf(spec.env)) errors.push('env: must be a list of {name, value | valueFrom}');
    if (spec.templateBody === true && typeof spec.body === 'string' && hasTemplate(spec.body)) {
      const problem = templateProblem(spec.body, 'body', envNames(spec.env));
      if (problem) errors.push(problem);
    }
    for (const flag of ['ntlm', 'ntlmv2'] as const) {
      if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') errors.push(`${flag}: must be true or false`);
    }
    if ((spec.ntlm === true || spec.ntlmv2 === true) && (spec.username === undefined || spec.username === null || spec.username === '')) {
      errors.push(`username: required for ${spec.ntlmv2 === true ? 'NTLMv2' : 'NTLM'} authentication`);
    }
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return result(started, { invalid: true, message: problems.join('; '), error: problems.join('; ') });

    const target = spec.url ?? spec.endpoint ?? (isConnectionRef(spec.connection) ? await ctx.resolveSecret(spec.connection) : spec.connection);
    if (typeof target !== 'string' || !/^https?:\/\//i.test(target)) {
      const message = `connection: ${spec.connection} has no http(s) URL`;
      return result(started, { invalid: true, message, error: message });
    }
    const headers: Record<string, string> = { ...(await resolveHeaders(spec.headers, ctx)) };
    const username = await resolveValue(spec.username, ctx);
    const password = await resolveValue(spec.password, ctx);
    // `env` (a list like headers: values or secret references) names more values for `$(name)` in url and body.
    const values = { ...(await resolveHeaders(spec.env, ctx)), username, password };
    const url = new URL(hasTemplate(target) ? expandUrlTemplate(target, values) : target);
    // Authentication (spec 03: None, Basic, NTLM, NTLMv2): username alone means Basic; `ntlm`/`ntlmv2` switch to NTLM.
    const ntlmVersion = spec.ntlmv2 === true ? 2 : spec.ntlm === true ? 1 : null;
    if (username !== null && ntlmVersion === null) headers.authorization = 'Basic ' + Buffer.from(`${username}:${password ?? ''}`).toString('base64');
    const rawBody = typeof spec.body === 'string' ? spec.body : spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const body = rawBody !== undefined && spec.templateBody === true && hasTemplate(rawBody) ? expandTemplate(rawBody, values) : rawBody;

    // Asked once before anything is sent (a refusal is the run's result), and again by the client before each request.
    await ctx.outbound.check(url, { url: url.href, headers, body, username, password });
    let response: HttpResponse;
    try {
      const options: RequestOptions = {
        method: String(spec.method ?? 'GET').toUpperCase(),
        headers,
        body,
        insecure: spec.insecure === true || spec.insecureSkipVerify === true,
        ctx,
        credentials: { username, password },
      };
      response =
        ntlmVersion === null
          ? await this.request(url, options)
          : await this.ntlmExchange(url, options, ntlmCredentials(username ?? '', password ?? ''), ntlmVersion);
    } catch (err) {
      if (err instanceof OutboundRefused) throw err;
      const message = ctx.signal.aborted ? `timed out after ${ctx.timeoutMs}ms` : (err as Error).message;
      return result(started, { message, error: message });
    }

    const duration = Date.now() - started;
    const json = parseJson(response.content, response.headers['content-type']);
    const details: Record<string, unknown> = { ...response, json, duration };
    const failures: string[] = [];
    const codes = spec.responseCodes as number[] | undefined;
    if (codes?.length ? !codes.includes(response.code) : response.code < 200 || response.code > 299) {
      failures.push(`response code ${response.code} not in ${codes?.length ? codes.join(',') : '2xx'}`);
    }
    if (typeof spec.responseContent === 'string' && spec.responseContent && !response.content.includes(spec.responseContent)) {
      failures.push(`response does not contain '${spec.responseContent}'`);
    }
    const threshold = spec.thresholdMillis as number | undefined;
    if (threshold && duration > threshold) failures.push(`took ${duration}ms, more than the threshold of ${threshold}ms`);
    const maxSSLExpiry = spec.maxSSLExpiry as number | undefined;
    if (maxSSLExpiry && response.sslAgeDays !== null && response.sslAgeDays < maxSSLExpiry) {
      failures.push(`certificate expires in ${response.sslAgeDays} days, fewer than ${maxSSLExpiry}`);
    }
    return assertionsResult(failures, '', duration, details);
  }

  /**
   * NTLM over one connection: the negotiate message, the server's 401 challenge, then the request itself with the
   * authenticate message (NTLMv1 or NTLMv2 responses). A server that answers the first request without a challenge
   * gets that answer taken as the result.
   */
  private ntlmExchange(url: URL, opts: RequestOptions, credentials: NtlmOptions, version: 1 | 2): Promise<HttpResponse> {
    return this.http.withConnection(url, { insecure: opts.insecure }, async (connection) => {
      const first = await this.request(url, {
        ...opts,
        body: undefined,
        connection,
        headers: { ...opts.headers, authorization: negotiateHeader(credentials) },
      });
      const challenge = /NTLM [A-Za-z0-9+/=]+/.exec(first.headers['www-authenticate'] ?? '')?.[0];
      if (!challenge) {
        if (first.code === 401) throw new Error(`${version === 2 ? 'NTLMv2' : 'NTLM'}: the server answered 401 without an NTLM challenge`);
        return first;
      }
      return this.request(url, { ...opts, connection, headers: { ...opts.headers, authorization: authenticateHeader(challenge, credentials, version) } });
    });
  }

  /** One request through the outbound client: the run's guard, signal and timeout; a fresh connection unless NTLM's. */
  private async request(url: URL, opts: RequestOptions): Promise<HttpResponse> {
    const res = await this.http.request(url, {
      guard: opts.ctx.outbound,
      sending: opts.credentials,
      method: opts.method,
      headers: opts.headers,
      body: opts.body,
      tls: { insecure: opts.insecure },
      signal: opts.ctx.signal,
      timeoutMs: opts.ctx.timeoutMs,
      maxBytes: MAX_CONTENT_BYTES,
      connection: opts.connection,
    });
    const sslAgeDays = res.certificateExpires ? Math.floor((res.certificateExpires.getTime() - Date.now()) / DAY_MS) : null;
    return { code: res.status, headers: res.headers, content: res.body.toString('utf8'), sslAgeDays };
  }
}

function result(started: number, r: { invalid?: boolean; message: string; error: string | null; details?: Record<string, unknown> }): CheckResult {
  return { pass: false, invalid: r.invalid ?? false, duration: Date.now() - started, message: r.message, error: r.error, details: r.details ?? {} };
}

/** The names an http check's `env` list gives to `$(name)`. */
function envNames(env: unknown): string[] {
  return (headersOf(env) ?? []).map(([name]) => name);
}

function headersOf(value: unknown): [string, unknown][] | null {
  if (Array.isArray(value)) {
    return value.every((h) => h && typeof h === 'object' && typeof (h as { name?: unknown }).name === 'string')
      ? value.map((h) => [(h as { name: string }).name, h])
      : null;
  }
  if (value && typeof value === 'object') return Object.entries(value);
  return null;
}

/** Headers as a map (`{X: 'v'}`) or as canary-checker's list of `{name, value | valueFrom}`. */
async function resolveHeaders(value: unknown, ctx: CheckRunContext): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, v] of headersOf(value) ?? []) {
    const resolved = await resolveValue(v, ctx);
    if (resolved !== null) out[name] = resolved;
  }
  return out;
}

function parseJson(content: string, contentType: string | undefined): unknown {
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{]/.test(content);
  if (!looksJson) return null;
  try {
    return JSON.parse(content);
  } catch {
    return null;
  }
}

interface RequestOptions {
  method: string;
  headers: Record<string, string>;
  body?: string;
  insecure: boolean;
  ctx: CheckRunContext;
  /** Shown to the run's guard with each request (they travel hashed in NTLM). */
  credentials: { username: string | null; password: string | null };
  /** NTLM authenticates a connection: its two requests share one kept-alive socket. Default: a fresh socket. */
  connection?: OutboundConnection;
}
