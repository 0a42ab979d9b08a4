import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { apiCall, apiUrlProblem, failedResult } from '@gateway/core/checks/runner-kit';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

/** One series (or the scalar/string) of an instant query: its labels flattened next to `value`. */
export type PrometheusSample = Record<string, unknown> & { value: number | string | null };

interface PrometheusResponse {
  status?: string;
  error?: string;
  errorType?: string;
  data?: { resultType?: string; result?: unknown };
}

/** `url`, or canary-checker's deprecated `host` (which users often write without a scheme). */
const URL_RULES = { fields: ['url', 'host'], parse: baseUrl };

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
    const url = apiUrlProblem(spec, URL_RULES);
    if (url) errors.push(url);
    if (spec.query === undefined || spec.query === null || spec.query === '') errors.push('query: required');
    else if (typeof spec.query !== 'string') errors.push('query: must be a PromQL string');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return failedResult(started, problems.join('; '), true);

    const response = await apiCall(spec, ctx, started, {
      rules: URL_RULES,
      path: '/api/v1/query',
      search: [['query', spec.query as string]],
      insecure: insecureOf(spec),
    });
    if ('pass' in response) return response;
    const { duration } = response;
    const json = response.json as PrometheusResponse | undefined;
    if (!json || typeof json !== 'object') {
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
