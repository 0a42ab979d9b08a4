import { Injectable } from '@nestjs/common';
import type { CheckResult, CheckRunContext, CheckRunner, CheckSpec } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { apiCall, apiUrlProblem, failedResult } from '@gateway/core/checks/runner-kit';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';

interface SearchResponse {
  hits?: { total?: number | { value?: number }; hits?: unknown[] };
  error?: string | { reason?: string; type?: string; root_cause?: { reason?: string }[] };
}

/**
 * One search (`POST {url}/{index}/_search` with the check's `query` as the body); passes when the total hit count
 * equals `results` (when given). The server's `error.reason` is the failure message. OpenSearch kept Elasticsearch's
 * search API, so both check types run this.
 */
abstract class SearchCheckRunner implements CheckRunner {
  abstract readonly type: string;

  validate(spec: CheckSpec): string[] {
    const errors: string[] = [];
    const url = apiUrlProblem(spec);
    if (url) errors.push(url);
    if (spec.index === undefined || spec.index === null || spec.index === '') errors.push('index: required');
    else if (typeof spec.index !== 'string' || /[\s/]/.test(spec.index)) errors.push('index: must be an index name, pattern or comma list');
    const body = searchBody(spec.query);
    if ('error' in body) errors.push(`query: ${body.error}`);
    if (expectedOf(spec.results) === undefined) errors.push('results: must be an integer ≥ 0');
    return errors;
  }

  async run(spec: CheckSpec, ctx: CheckRunContext): Promise<CheckResult> {
    const started = Date.now();
    const problems = this.validate(spec);
    if (problems.length) return failedResult(started, problems.join('; '), true);

    const index = encodeURIComponent(spec.index as string).replace(/%2C/gi, ',');
    // canary-checker's older `auth: {username, password}` is read too, so existing canaries load unchanged.
    const auth = (spec.auth ?? {}) as { username?: unknown; password?: unknown };
    const response = await apiCall(spec, ctx, started, {
      path: `/${index}/_search`,
      method: 'POST',
      body: JSON.stringify((searchBody(spec.query) as { body: unknown }).body),
      credentials: { username: spec.username ?? auth.username, password: spec.password ?? auth.password },
      insecure: spec.insecure === true,
    });
    if ('pass' in response) return response;
    const { duration } = response;
    const json = response.json as SearchResponse | undefined;
    if (!json || typeof json !== 'object') {
      const message = `HTTP ${response.code}: not a search answer: ${response.body.slice(0, 200).trim()}`;
      return { pass: false, invalid: false, duration, message, error: message, details: { code: response.code } };
    }
    if (json.error !== undefined || response.code < 200 || response.code > 299) {
      const message = reasonOf(json) ?? `HTTP ${response.code}`;
      return { pass: false, invalid: false, duration, message, error: message, details: { code: response.code, json } };
    }
    const total = json.hits?.total;
    const count = typeof total === 'number' ? total : typeof total?.value === 'number' ? total.value : (json.hits?.hits?.length ?? 0);
    const hits = json.hits?.hits ?? [];
    const details = { count, hits, json };
    const expected = expectedOf(spec.results);
    if (expected !== null && count !== expected) {
      const message = `query returned ${count} hit${count === 1 ? '' : 's'}, expected ${expected}`;
      return { pass: false, invalid: false, duration, message, error: message, details };
    }
    return { pass: true, invalid: false, duration, message: `${count} hit${count === 1 ? '' : 's'}`, error: null, details };
  }
}

/** The expected hit count: null when not set, undefined when not an integer ≥ 0 (YAML may quote it). */
function expectedOf(results: unknown): number | null | undefined {
  if (results === undefined || results === null || results === '') return null;
  const n = typeof results === 'string' && /^\d+$/.test(results.trim()) ? Number(results) : results;
  return Number.isInteger(n) && (n as number) >= 0 ? (n as number) : undefined;
}

/** The search body: `query` as JSON text (canary-checker's form) or an object; none → all documents. */
function searchBody(query: unknown): { body: unknown } | { error: string } {
  if (query === undefined || query === null || query === '') return { body: { query: { match_all: {} } } };
  if (typeof query === 'object' && !Array.isArray(query)) return { body: query };
  if (typeof query !== 'string') return { error: 'must be a JSON search body' };
  try {
    const body: unknown = JSON.parse(query);
    return body && typeof body === 'object' && !Array.isArray(body) ? { body } : { error: 'must be a JSON object (the search body)' };
  } catch (err) {
    return { error: `not valid JSON (${(err as Error).message})` };
  }
}

/** Elasticsearch and OpenSearch put the cause in `error.reason` (older versions: `error` as a string). */
function reasonOf(json: SearchResponse): string | null {
  const e = json.error;
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object') return e.reason ?? e.root_cause?.[0]?.reason ?? e.type ?? null;
  return null;
}

/** Check type `elasticsearch`. */
@Injectable()
@Extension(CHECK_RUNNERS, 'elasticsearch')
export class ElasticsearchCheckRunner extends SearchCheckRunner {
  readonly type = 'elasticsearch';
}

/** Check type `opensearch`: the same search API. */
@Injectable()
@Extension(CHECK_RUNNERS, 'opensearch')
export class OpenSearchCheckRunner extends SearchCheckRunner {
  readonly type = 'opensearch';
}
