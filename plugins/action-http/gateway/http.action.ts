import { Injectable, Optional } from '@nestjs/common';
import type { ActionContext, ActionOutcome, ActionSpec, ActionType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ACTION_TYPES, judgedLater, stopReason, unknownFieldProblems, valueFieldProblems } from '@gateway/core/playbooks';
import { httpUrl, isConnectionRef, jsonOf, resolveValue } from '@gateway/core/checks/runner-kit';
import { OutboundError, OutboundHttp, OutboundRefused, type OutboundResponse } from '@gateway/core/outbound';

/** Answer bytes kept in the result: an action reads a status or a small document, not a download. */
export const MAX_BODY_BYTES = 64 * 1024;
const FIELDS = ['url', 'method', 'headers', 'body', 'username', 'password', 'insecureSkipVerify'];

/**
 * Action type `http`: one request (`method`, default GET) to `url` (http(s), or a stored connection's URL) with
 * `headers`, `body` and Basic credentials, through the one outbound client and the run's guard (address policy,
 * credential binding). Redirects are answers, not followed. Fails on a status ≥ 400 or when no answer came.
 */
@Injectable()
@Extension(ACTION_TYPES, 'http')
export class HttpAction implements ActionType {
  readonly type = 'http';
  /**
   * False for every method: it is a property of the type, not of one action's body, and a POST, PUT or DELETE that
   * was interrupted may already have taken effect.
   */
  readonly retrySafe = false;

  // The one outbound client (global in the app); a bare instance (a test) gets its own.
  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  /** At save time, a field written as a template (`{{ .params.url }}`, `$(…)`) is judged when the action runs. */
  validate(body: ActionSpec): string[] {
    return this.problems(body, false);
  }

  async run(body: ActionSpec, ctx: ActionContext): Promise<ActionOutcome> {
    const problems = this.problems(body, true);
    if (problems.length) return { error: problems.join('; '), result: {} };

    const written = body.url as string;
    const raw = isConnectionRef(written) ? await ctx.resolveSecret(written) : written;
    const url = raw ? httpUrl(raw) : null;
    if (!url) return { error: raw ? `url: ${written} is not an http(s) URL` : `url: ${written} could not be resolved`, result: {} };

    const headers: Record<string, string> = {};
    for (const [name, value] of headerEntries(body.headers) ?? []) {
      const resolved = await resolveValue(value, ctx);
      if (resolved === null) return { error: `headers: ${name} could not be resolved`, result: {} };
      headers[name] = resolved;
    }
    // Credentials: the written fields, else the URL's own (a connection's URL carries them); never sent in the URL.
    const username = (await resolveValue(body.username, ctx)) ?? (decodeURIComponent(url.username) || null);
    const password = (await resolveValue(body.password, ctx)) ?? (decodeURIComponent(url.password) || null);
    url.username = '';
    url.password = '';
    const hasHeader = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
    if (username !== null && !hasHeader('authorization')) headers.authorization = 'Basic ' + Buffer.from(`${username}:${password ?? ''}`).toString('base64');
    let payload: string | undefined;
    if (typeof body.body === 'string') payload = body.body;
    else if (body.body !== undefined && body.body !== null) {
      payload = JSON.stringify(body.body);
      if (typeof body.body === 'object' && !hasHeader('content-type')) headers['content-type'] = 'application/json';
    }

    const method = String(body.method ?? 'GET').toUpperCase();
    ctx.log(`${method} ${url.href}`);
    let res: OutboundResponse;
    try {
      res = await this.http.request(url, {
        guard: ctx.outbound,
        sending: { username, password },
        method,
        headers,
        body: payload,
        tls: { insecure: body.insecureSkipVerify === true || body.insecureSkipVerify === 'true' },
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
        maxBytes: MAX_BODY_BYTES,
        oversize: 'truncate',
      });
    } catch (err) {
      if (err instanceof OutboundRefused) return { error: err.message, result: {} };
      if (ctx.signal.aborted) return { error: stopReason(ctx), result: {} };
      return { error: err instanceof OutboundError ? err.message : `request failed: ${(err as Error).message}`, result: {} };
    }

    const text = res.body.toString('utf8');
    const json = res.truncated || !text.trim() ? undefined : jsonOf(text);
    const result: Record<string, unknown> = { code: res.status, headers: res.headers, body: text };
    if (json !== undefined) result.json = json;
    if (res.truncated) {
      result.truncated = true;
      ctx.log(`body cut at ${MAX_BODY_BYTES / 1024} KiB`);
    }
    ctx.log(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    return { error: res.status >= 400 ? `HTTP ${res.status}` : null, result };
  }

  private problems(body: ActionSpec, atRun: boolean): string[] {
    const errors: string[] = [];
    const later = judgedLater(atRun);
    const { url, method, headers } = body;
    if (url === undefined || url === null || url === '') errors.push('url: required');
    else if (!later(url) && (typeof url !== 'string' || (!isConnectionRef(url) && !httpUrl(url)))) {
      errors.push('url: must be an http:// or https:// URL or a connection:// reference');
    }
    if (method !== undefined && !later(method) && (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method))) {
      errors.push('method: must be an HTTP method such as GET or POST');
    }
    if (headers !== undefined && !later(headers) && !headerEntries(headers)) errors.push('headers: must be a map or a list of {name, value | valueFrom}');
    errors.push(...valueFieldProblems(body, ['username', 'password']));
    const insecure = body.insecureSkipVerify;
    if (insecure !== undefined && !later(insecure) && ![true, false, 'true', 'false'].includes(insecure as string | boolean)) {
      errors.push('insecureSkipVerify: must be true or false');
    }
    errors.push(...unknownFieldProblems(body, 'http', FIELDS));
    return errors;
  }
}

/** Headers as a map (values or references) or a list of `{name, value | valueFrom}`; null for other shapes. */
function headerEntries(value: unknown): [string, unknown][] | null {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) {
    const ok = value.every((h) => h && typeof h === 'object' && typeof h.name === 'string' && h.name && (typeof h.value === 'string' || h.valueFrom));
    return ok ? value.map((h: { name: string; value?: string; valueFrom?: unknown }) => [h.name, h.value ?? { valueFrom: h.valueFrom }]) : null;
  }
  if (typeof value !== 'object') return null;
  const entries = Object.entries(value);
  return entries.every(([, v]) => typeof v === 'string' || typeof v === 'number' || (v && typeof v === 'object')) ? entries : null;
}
