import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { callError, failedResult, httpCall, isConnectionRef, resolveValue } from '@gateway/core/checks/runner-kit';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

/** A query answer is data for expressions, not a download: cut beyond this. */
/** One series (or the scalar/string) of an instant query: its labels flattened next to `value`. */
export type PrometheusSample = Record<string, unknown> & { value: number | string | null };

interface PrometheusResponse {
  status?: string;
  error?: string;
  errorType?: string;
  data?: { resultType?: string; result?: unknown };
}

/**
 * Check type `prometheus`: one instant query (`GET {url}/api/v1/query`). Passes when Prometheus answers
 * `status: success`; the results (labels + value per series) are details for `test`/`display`/`transform`.
 */
@Injectable()
@Extension(CHECK_RUNNERS, 'prometheus')
export class PrometheusCheckRunner implements CheckRunner {
  readonly type = 'prometheus';

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const url = spec.url ?? spec.host;
    if (url === undefined || url === null || url === '') {
      if (!isConnectionRef(spec.connection)) errors.push('url: required');
    } else if (typeof url !== 'string' || !baseUrl(url)) errors.push(`${spec.url !== undefined ? 'url' : 'host'}: must be an http:// or https:// URL`);
    if (spec.query === undefined || spec.query === null || spec.query === '') errors.push('query: required');
    else if (typeof spec.query !== 'string') errors.push('query: must be a PromQL string');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return failedResult(started, problems.join('; '), true);

    const rawUrl = (spec.url || spec.host || (await ctx.resolveSecret(spec.connection))) as string | null;
    const base = rawUrl ? baseUrl(rawUrl) : null;
    if (!base) return failedResult(started, 'connection: could not be resolved to an http(s) URL', true);
    const target = new URL(base.href.replace(/\/+$/, '') + '/api/v1/query');
    target.searchParams.set('query', spec.query as string);

    const headers: Record<string, string> = { accept: 'application/json' };
    const username = (await resolveValue(spec.username, ctx)) ?? (decodeURIComponent(base.username) || null);
    const password = (await resolveValue(spec.password, ctx)) ?? (decodeURIComponent(base.password) || null);
    const bearer = await resolveValue(spec.bearer, ctx);
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    else if (username) headers.authorization = 'Basic ' + Buffer.from(`${username}:${password ?? ''}`).toString('base64');
    target.username = '';
    target.password = '';

    let response: { code: number; body: string };
    try {
      response = await httpCall(target, { outbound: ctx.outbound, headers, insecure: insecureOf(spec), signal: ctx.signal });
    } catch (err) {
      return callError(started, ctx, err);
    }
    const duration = Date.now() - started;
    let json: PrometheusResponse;
    try {
      json = JSON.parse(response.body) as PrometheusResponse;
    } catch {
      const message = `HTTP ${response.code}: not a Prometheus API answer: ${response.body.slice(0, 200).trim()}`;
      return { pass: false, invalid: false, duration, message, error: message, details: { code: response.code } };
    }
    if (json.status !== 'success') {
      const message = json.error ? String(json.error) : `HTTP ${response.code}: status ${json.status ?? 'missing'}`;
      return { pass: false, invalid: false, duration, message, error: message, details: { code: response.code, json } };
    }
    const results = samplesOf(json.data?.resultType, json.data?.result);
    const message = `${results.length} result${results.length === 1 ? '' : 's'}`;
    return { pass: true, invalid: false, duration, message, error: null, details: { results, value: results[0]?.value ?? null, json } };
  }
}

/** vector → one entry per series; matrix → last sample as `value` plus `values`; scalar/string → one entry. */
export function samplesOf(resultType: string | undefined, result: unknown): PrometheusSample[] {
  const sampleValue = (pair: unknown): number | string | null => {
    if (!Array.isArray(pair) || pair.length < 2) return null;
    const raw = String(pair[1]);
    if (resultType === 'string') return raw;
    const n = Number(raw);
    return Number.isNaN(n) && raw !== 'NaN' ? raw : n;
  };
  if (resultType === 'scalar' || resultType === 'string') return [{ value: sampleValue(result) }];
  if (!Array.isArray(result)) return [];
  return result.map((series: { metric?: Record<string, string>; value?: unknown; values?: unknown[] }) => {
    if (resultType === 'matrix') {
      const values = (series.values ?? []).map(sampleValue);
      return { ...series.metric, value: values.length ? values[values.length - 1] : null, values };
    }
    return { ...series.metric, value: sampleValue(series.value) };
  });
}

/** `url`, or canary-checker's deprecated `host` (which users often write without a scheme). */
function baseUrl(raw: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

function insecureOf(spec: CheckSpec): boolean {
  const tls = spec.tlsConfig as { insecureSkipVerify?: unknown } | undefined;
  return spec.insecure === true || spec.insecureSkipVerify === true || tls?.insecureSkipVerify === true;
}

