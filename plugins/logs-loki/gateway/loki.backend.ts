import { Injectable, Optional } from '@nestjs/common';
import type { LogBackendQuery, LogBackendSpec, LogBackendType, LogLine, LogSearchContext } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { LOG_BACKENDS } from '@gateway/core/logs';
import { jsonOf } from '@gateway/core/checks/runner-kit';
import {
  backendUrlProblem,
  callHttpBackend,
  credentialProblems,
  httpBackendTarget,
  isSet,
  mib,
  type HttpBackendSpec,
  type HttpBackendTarget,
} from '@gateway/core/logs/http-backend';
import { OutboundError, OutboundHttp, type OutboundResponse } from '@gateway/core/outbound';

const FIELDS = ['url', 'username', 'password', 'bearer', 'tenant', 'selector', 'insecureSkipVerify'];
/** Loki's default `max_entries_limit_per_query`: a query asking for more is refused (a lower limit is learnt from the refusal). */
export const LOKI_MAX_ENTRIES = 5000;
/** The most one answer may weigh; past it the batch is halved and asked again. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const NS_PER_MS = 1_000_000n;
/** Loki's tenant ids (`|` joins several for a multi-tenant query). */
const TENANT = /^[A-Za-z0-9!\-_.*'()|]{1,150}$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

interface LokiSpec extends HttpBackendSpec {
  tenant?: unknown;
  selector?: unknown;
}

interface Entry {
  ts: bigint;
  line: string;
  labels: Record<string, string>;
}

/**
 * Log-backend type `loki`: a component's lines from `GET {url}/loki/api/v1/query_range`, newest first. The LogQL is
 * the component entry's `query` (a stream selector) or the backend's `selector`, the entry's `labels` as label
 * filters, and the user's text as a case-insensitive line filter. Every call goes through the one outbound client
 * with the search's guard (address policy, credential binding), signal and timeout; each answer is capped.
 */
@Injectable()
@Extension(LOG_BACKENDS, 'loki')
export class LokiLogBackend implements LogBackendType {
  readonly type = 'loki';
  /** The cap of one answer (a test lowers it). */
  maxAnswerBytes = MAX_ANSWER_BYTES;

  // The one outbound client (global in the app); a bare instance (a test) gets its own.
  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  validate(spec: LogBackendSpec): string[] {
    const s = (spec && typeof spec === 'object' && !Array.isArray(spec) ? spec : {}) as LokiSpec;
    const errors: string[] = [];
    const url = backendUrlProblem(s.url);
    if (url) errors.push(url);
    errors.push(...credentialProblems(s, { bearer: true }));
    if (isSet(s.tenant) && (typeof s.tenant !== 'string' || !TENANT.test(s.tenant))) {
      errors.push("tenant: must be a Loki tenant id (letters, digits and ! - _ . * ' ( ), at most 150; a|b for several)");
    }
    if (isSet(s.selector)) {
      const problem = typeof s.selector === 'string' ? selectorProblem(s.selector) : 'must be a LogQL stream selector such as {app="checkout"}';
      if (problem) errors.push(`selector: ${problem}`);
    }
    if (s.insecureSkipVerify !== undefined && typeof s.insecureSkipVerify !== 'boolean') errors.push('insecureSkipVerify: must be true or false');
    for (const key of Object.keys(s)) if (!FIELDS.includes(key)) errors.push(`${key}: unknown field (loki takes ${FIELDS.join(', ')})`);
    return errors;
  }

  async *search(spec: LogBackendSpec, query: LogBackendQuery, ctx: LogSearchContext): AsyncIterable<LogLine> {
    const problems = this.validate(spec);
    if (problems.length) throw new Error(problems.join('; '));
    const s = spec as LokiSpec;
    const logql = logQuery(streamSelector(query, s), query.selector.labels, query.text);
    const call = await this.target(s, ctx);

    const wanted = query.limit + 1;
    const start = BigInt(query.start.getTime()) * NS_PER_MS;
    // Loki's `end` is exclusive: up to the end's millisecond inclusive, as the other backends read it.
    let end = BigInt(query.end.getTime() + 1) * NS_PER_MS;
    let batchMax = LOKI_MAX_ENTRIES;
    let yielded = 0;
    // The next batch ends just after the oldest line read, so lines sharing its nanosecond are not lost; those
    // already yielded are skipped (as logcli pages a query).
    let boundary = null as { ts: bigint; seen: Set<string> } | null;

    while (yielded < wanted && end > start) {
      const batch = Math.min(wanted - yielded + (boundary?.seen.size ?? 0), batchMax);
      const answer = await this.queryRange(call, { query: logql, start, end, limit: batch }, ctx);
      if ('retryWith' in answer) {
        if (answer.retryWith >= batch || answer.retryWith < 1) throw new Error(answer.message);
        batchMax = answer.retryWith;
        continue;
      }
      const entries = answer.entries;
      let fresh = 0;
      for (const entry of entries) {
        if (boundary && entry.ts === boundary.ts && boundary.seen.has(entryKey(entry))) continue;
        yield toLogLine(entry);
        fresh++;
        if (++yielded >= wanted) return;
      }
      if (entries.length < batch) return;
      const oldest = entries[entries.length - 1].ts;
      if (fresh === 0) {
        // A whole batch at one nanosecond, all read before: move past it.
        end = oldest;
        boundary = null;
        continue;
      }
      const seen = new Set(entries.filter((e) => e.ts === oldest).map(entryKey));
      if (boundary?.ts === oldest) for (const key of boundary.seen) seen.add(key);
      boundary = { ts: oldest, seen };
      end = oldest + 1n;
    }
  }

  /** The base URL and authorization (core's), with the tenant's header. */
  private async target(s: LokiSpec, ctx: LogSearchContext): Promise<HttpBackendTarget> {
    const target = await httpBackendTarget(s, ctx, { bearer: true });
    if (typeof s.tenant === 'string' && s.tenant) target.headers['x-scope-orgid'] = s.tenant;
    return target;
  }

  /** One `query_range` call; a refusal that names a smaller batch (entries limit, answer cap) says what to retry with. */
  private async queryRange(
    call: HttpBackendTarget,
    params: { query: string; start: bigint; end: bigint; limit: number },
    ctx: LogSearchContext,
  ): Promise<{ entries: Entry[] } | { retryWith: number; message: string }> {
    const url = new URL(call.base.href.replace(/\/+$/, '') + '/loki/api/v1/query_range');
    url.search = new URLSearchParams({
      query: params.query,
      start: String(params.start),
      end: String(params.end),
      limit: String(params.limit),
      direction: 'backward',
    }).toString();
    let res: OutboundResponse;
    try {
      res = await callHttpBackend(this.http, call, url, ctx, { product: 'Loki', maxBytes: this.maxAnswerBytes });
    } catch (err) {
      if (err instanceof OutboundError && err.code === 'TOO_LARGE') {
        return { retryWith: Math.floor(params.limit / 2), message: `Loki answered more than ${mib(this.maxAnswerBytes)} for one line` };
      }
      throw err;
    }
    const text = res.body.toString('utf8');
    if (res.status < 200 || res.status > 299) {
      const message = `Loki answered HTTP ${res.status}${errorText(text) ? `: ${errorText(text)}` : ''}`;
      // Older Loki says `max_entries_limit`, newer `max_entries_limit_per_query`.
      const limit = /max entries limit per query exceeded, limit > max_entries_limit(?:_per_query)? \((\d+) > (\d+)\)/.exec(text);
      if (res.status === 400 && limit) return { retryWith: Number(limit[2]), message };
      throw new Error(message);
    }
    return { entries: parseStreams(jsonOf(text), text) };
  }
}

/** A backend's selector: a stream selector `{...}` naming at least one label (Loki refuses `{}`), optionally with stages after it. */
function selectorProblem(selector: string): string | null {
  const s = selector.trim();
  if (/^\{\s*\}/.test(s)) return '{} selects no stream in Loki: name at least one label, such as {app="checkout"}';
  return /^\{[^}]*=[\s\S]*\}/.test(s) ? null : 'must be a LogQL stream selector such as {app="checkout"}';
}

/** The stream selector: the entry's query, else the backend's, else one made of the entry's labels. */
function streamSelector(query: LogBackendQuery, s: LokiSpec): string {
  const entry = query.selector.query?.trim();
  if (entry) {
    const problem = selectorProblem(entry);
    if (problem) throw new Error(`the log query of '${query.selector.name}' ${problem}: ${entry}`);
    return entry;
  }
  if (typeof s.selector === 'string' && s.selector.trim()) return s.selector.trim();
  const labels = Object.entries(query.selector.labels ?? {});
  if (labels.length) return `{${labels.map(([k, v]) => `${labelName(k)}=${logqlString(v)}`).join(', ')}}`;
  throw new Error(`'${query.selector.name}' has no query and the backend no selector: Loki needs a stream selector such as {app="checkout"}`);
}

/** The LogQL: the selector, the user's text as a case-insensitive line filter, the entry's labels as label filters. */
export function logQuery(selector: string, labels: Record<string, string> | undefined, text: string): string {
  let q = selector;
  // Blank text is no filter; other text is matched as written, spaces included.
  if (text.trim()) q += ` |~ ${logqlString('(?i)' + quoteMeta(text))}`;
  // Labels already in a selector made of them filter again harmlessly.
  for (const [k, v] of Object.entries(labels ?? {})) q += ` | ${labelName(k)}=${logqlString(v)}`;
  return q;
}

function labelName(name: string): string {
  if (!LABEL_NAME.test(name)) throw new Error(`labels: ${name} is not a Loki label name (letters, digits and _)`);
  return name;
}

/** RE2's QuoteMeta: the text matched literally inside a regex. */
export const quoteMeta = (text: string) => text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');

/**
 * A LogQL string literal. LogQL reads Go's quoted strings, and a JSON string is one (`\"`, `\\`, `\n`, `\uXXXX`), once
 * lone surrogates (which Go refuses) are replaced.
 */
export const logqlString = (value: string) =>
  JSON.stringify(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** The text of an error answer: Loki's plain text, or a proxy's page without its markup. */
function errorText(text: string): string {
  const json = jsonOf(text) as { error?: unknown; message?: unknown } | undefined;
  const raw = json && typeof json === 'object' ? String(json.error ?? json.message ?? text) : text;
  return raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

/** `data.result[]` of a streams answer as entries, newest first across streams. */
function parseStreams(json: unknown, text: string): Entry[] {
  const body = json as { status?: unknown; error?: unknown; data?: { resultType?: unknown; result?: unknown } } | undefined;
  if (!body || typeof body !== 'object') throw new Error(`Loki answered something other than JSON: ${errorText(text).slice(0, 200)}`);
  if (body.status !== 'success') throw new Error(`Loki answered status ${String(body.status)}${body.error ? `: ${String(body.error)}` : ''}`);
  const data = body.data;
  if (data?.resultType !== 'streams') {
    throw new Error(`the query is not a log query: Loki answered a ${String(data?.resultType)} result (a metric query such as rate(...) gives no lines)`);
  }
  if (!Array.isArray(data.result)) throw new Error('Loki answered streams without a result list');
  const entries: Entry[] = [];
  for (const stream of data.result as { stream?: unknown; values?: unknown }[]) {
    const labels: Record<string, string> = {};
    if (stream?.stream && typeof stream.stream === 'object') for (const [k, v] of Object.entries(stream.stream)) labels[k] = String(v);
    for (const value of Array.isArray(stream?.values) ? stream.values : []) {
      if (!Array.isArray(value) || typeof value[0] !== 'string' || !/^\d+$/.test(value[0]) || typeof value[1] !== 'string') continue;
      entries.push({ ts: BigInt(value[0]), line: value[1], labels });
    }
  }
  // Each stream comes newest first; merged across streams, ties keeping Loki's order.
  return entries.sort((a, b) => (a.ts === b.ts ? 0 : a.ts > b.ts ? -1 : 1));
}

const entryKey = (e: Entry) =>
  Object.keys(e.labels)
    .sort()
    .map((k) => `${k}=${e.labels[k]}`)
    .join('\u0000') +
  '\u0001' +
  e.line;

function toLogLine(e: Entry): LogLine {
  const line: LogLine = { timestamp: new Date(Number(e.ts / NS_PER_MS)).toISOString(), message: e.line, labels: e.labels };
  const level = e.labels.level ?? e.labels.detected_level ?? e.labels.severity;
  if (level) line.level = level;
  return line;
}
