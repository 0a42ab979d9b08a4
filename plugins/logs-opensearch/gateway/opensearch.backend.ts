import { Injectable, Optional } from '@nestjs/common';
import type { LogBackendQuery, LogBackendSpec, LogBackendType, LogLine, LogSearchContext } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { LOG_BACKENDS } from '@gateway/core/logs';
import { jsonOf } from '@gateway/core/checks/runner-kit';
import { backendUrlProblem, callHttpBackend, credentialProblems, httpBackendTarget, isSet, mib, type HttpBackendSpec } from '@gateway/core/logs/http-backend';
import { OutboundError, OutboundHttp, type OutboundResponse } from '@gateway/core/outbound';

const FIELDS = ['url', 'index', 'username', 'password', 'timeField', 'messageField', 'levelField', 'labelFields', 'query', 'insecureSkipVerify'];
/** The most one answer may weigh: only the fields a line shows are asked for, so this is thousands of long lines. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Characters OpenSearch refuses in an index name (`*` is a pattern's wildcard, `,` separates a list). */
const INDEX_FORBIDDEN = /[\s\\/?"<>|#:]/;

interface OpenSearchSpec extends HttpBackendSpec {
  index?: unknown;
  timeField?: unknown;
  messageField?: unknown;
  levelField?: unknown;
  labelFields?: unknown;
  query?: unknown;
}

interface Hit {
  _id?: unknown;
  _index?: unknown;
  _source?: unknown;
  sort?: unknown;
}

/**
 * Log-backend type `opensearch`: a component's lines from `POST {url}/{index}/_search`, newest first: a bool query of
 * the time range, the user's text (`simple_query_string` on the message field), the component entry's `query` (or the
 * backend's) as a `query_string` filter and its labels as phrase filters, sorted on the time field, `limit + 1` hits.
 * The call goes through the one outbound client with the search's guard (address policy, credential binding), signal
 * and timeout, and its answer is capped.
 */
@Injectable()
@Extension(LOG_BACKENDS, 'opensearch')
export class OpenSearchLogBackend implements LogBackendType {
  readonly type = 'opensearch';
  /** The cap of the answer (a test lowers it). */
  maxAnswerBytes = MAX_ANSWER_BYTES;

  // The one outbound client (global in the app); a bare instance (a test) gets its own.
  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  validate(spec: LogBackendSpec): string[] {
    const s = (spec && typeof spec === 'object' && !Array.isArray(spec) ? spec : {}) as OpenSearchSpec;
    const errors: string[] = [];
    const url = backendUrlProblem(s.url);
    if (url) errors.push(url);
    const index = indexProblem(s.index);
    if (index) errors.push(`index: ${index}`);
    errors.push(...credentialProblems(s, { bearer: false }));
    for (const field of ['timeField', 'messageField', 'levelField'] as const) {
      if (s[field] !== undefined && !isFieldName(s[field])) errors.push(`${field}: must be a field name (dotted for a nested field)`);
    }
    if (s.labelFields !== undefined && !(Array.isArray(s.labelFields) && s.labelFields.every(isFieldName))) {
      errors.push('labelFields: must be a list of field names');
    }
    if (s.query !== undefined && (typeof s.query !== 'string' || !s.query.trim())) errors.push('query: must be a query string such as service:checkout');
    if (s.insecureSkipVerify !== undefined && typeof s.insecureSkipVerify !== 'boolean') errors.push('insecureSkipVerify: must be true or false');
    for (const key of Object.keys(s)) if (!FIELDS.includes(key)) errors.push(`${key}: unknown field (opensearch takes ${FIELDS.join(', ')})`);
    return errors;
  }

  async *search(spec: LogBackendSpec, query: LogBackendQuery, ctx: LogSearchContext): AsyncIterable<LogLine> {
    const problems = this.validate(spec);
    if (problems.length) throw new Error(problems.join('; '));
    const s = spec as OpenSearchSpec;
    const fields = {
      time: (s.timeField as string | undefined) ?? '@timestamp',
      message: (s.messageField as string | undefined) ?? 'message',
      level: s.levelField as string | undefined,
      labels: (s.labelFields as string[] | undefined) ?? [],
    };
    const call = await httpBackendTarget(s, ctx, { bearer: false });
    // `,` separates indices and `*` is a wildcard in the path; everything else is escaped.
    const index = encodeURIComponent(s.index as string).replace(/%2C/gi, ',');
    const url = new URL(call.base.href.replace(/\/+$/, '') + `/${index}/_search`);
    const body = searchBody(query, fields, s.query as string | undefined);

    let res: OutboundResponse;
    try {
      res = await callHttpBackend(this.http, call, url, ctx, {
        product: 'OpenSearch',
        maxBytes: this.maxAnswerBytes,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      if (err instanceof OutboundError && err.code === 'TOO_LARGE') {
        throw new Error(`OpenSearch answered more than ${mib(this.maxAnswerBytes)}: ask for fewer lines or fewer label fields`);
      }
      throw err;
    }
    const text = res.body.toString('utf8');
    const json = jsonOf(text) as { hits?: { hits?: unknown } } | undefined;
    if (res.status < 200 || res.status > 299) {
      const reason = errorReason(json) ?? plain(text);
      throw new Error(`OpenSearch answered HTTP ${res.status}${reason ? `: ${reason}` : ''}`);
    }
    if (!json || typeof json !== 'object' || !Array.isArray(json.hits?.hits)) {
      throw new Error(`OpenSearch answered something other than search hits: ${plain(text).slice(0, 200)}`);
    }
    let yielded = 0;
    for (const hit of json.hits.hits as Hit[]) {
      if (ctx.signal.aborted || yielded > query.limit) return;
      yield toLogLine(hit, fields);
      yielded++;
    }
  }
}

/** The `_search` body: filters only (the order is the time's, so nothing is scored), the fields a line shows. */
export function searchBody(
  query: LogBackendQuery,
  fields: { time: string; message: string; level?: string; labels: string[] },
  defaultQuery: string | undefined,
): Record<string, unknown> {
  const filter: unknown[] = [
    { range: { [fields.time]: { gte: query.start.toISOString(), lte: query.end.toISOString(), format: 'strict_date_optional_time' } } },
  ];
  const written = query.selector.query?.trim() || defaultQuery?.trim();
  if (written) filter.push({ query_string: { query: written } });
  for (const [field, value] of Object.entries(query.selector.labels ?? {})) filter.push({ match_phrase: { [field]: value } });
  // The user's words must all be in the message (simple_query_string: "a phrase", -word, prefix* also work).
  if (query.text.trim()) filter.push({ simple_query_string: { query: query.text, fields: [fields.message], default_operator: 'and' } });
  return {
    query: { bool: { filter } },
    sort: [{ [fields.time]: 'desc' }],
    size: query.limit + 1,
    track_total_hits: false,
    _source: [...new Set([fields.time, fields.message, ...(fields.level ? [fields.level] : []), ...fields.labels])],
  };
}

const isFieldName = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v === v.trim() && !v.includes('*');

/**
 * OpenSearch's index name rules, for a name, a `*` pattern or a comma list (`-name` after the first excludes): lower
 * case, none of `\ / ? " < > | # :` or spaces, not starting with `_` `-` `+` (except `_all`), not `.` or `..`, at
 * most 255 bytes. Remote clusters (`cluster:index`) are not taken.
 */
export function indexProblem(index: unknown): string | null {
  if (!isSet(index)) return 'required';
  if (typeof index !== 'string') return 'must be an index name, a pattern such as logs-* or a comma-separated list';
  for (const [i, raw] of index.split(',').entries()) {
    const name = i > 0 && raw.startsWith('-') ? raw.slice(1) : raw;
    if (!name) return `${index} has an empty name`;
    if (name === '_all') continue;
    if (name !== name.toLowerCase()) return `${name} must be lower case`;
    if (INDEX_FORBIDDEN.test(name)) return `${name} may not contain spaces or \\ / ? " < > | # :`;
    if (/^[_\-+]/.test(name)) return `${name} may not start with _, - or +`;
    if (name === '.' || name === '..') return `${name} is not an index name`;
    if (Buffer.byteLength(name) > 255) return `${name.slice(0, 20)}… is longer than 255 bytes`;
  }
  return null;
}

/** OpenSearch's cause: the first root cause (a shard's), its `caused_by`, else the top error; the security plugin's text otherwise. */
function errorReason(json: unknown): string | null {
  const e = (json as { error?: unknown } | undefined)?.error;
  if (typeof e === 'string') return e;
  if (!e || typeof e !== 'object') return null;
  type Cause = { reason?: unknown; caused_by?: Cause; root_cause?: Cause[] };
  const top = e as Cause;
  const root = top.root_cause?.[0] ?? top;
  const reason = typeof root.reason === 'string' ? root.reason : typeof top.reason === 'string' ? top.reason : null;
  const cause = root.caused_by?.reason ?? top.caused_by?.reason;
  return reason && typeof cause === 'string' && cause !== reason ? `${reason}: ${cause}` : reason;
}

const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);

/**
 * A field of `_source` by dotted path, whichever way the document holds it: nested objects (`{kubernetes: {pod:
 * {name}}}`), a dotted key (`{'kubernetes.pod.name': …}`) or a mix; the first value of a list.
 */
export function fieldAt(source: unknown, path: string): unknown {
  if (Array.isArray(source)) return source.length ? fieldAt(source[0], path) : undefined;
  if (!source || typeof source !== 'object') return undefined;
  const obj = source as Record<string, unknown>;
  if (path in obj) return obj[path];
  const parts = path.split('.');
  // The longest key first: `a.b` before `a` when both could lead there.
  for (let i = parts.length - 1; i >= 1; i--) {
    const key = parts.slice(0, i).join('.');
    if (key in obj) {
      const found = fieldAt(obj[key], parts.slice(i).join('.'));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((v) => text(v) ?? '').join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The hit's time: the time field as ISO 8601 or epoch millis, else its sort value (epoch millis for a date). */
function timestampOf(value: unknown, sort: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  const parsed = typeof first === 'number' ? first : typeof first === 'string' ? (/^-?\d+$/.test(first) ? Number(first) : Date.parse(first)) : Number.NaN;
  const ms = Number.isFinite(parsed) ? parsed : Array.isArray(sort) && typeof sort[0] === 'number' ? sort[0] : Number.NaN;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
}

function toLogLine(hit: Hit, fields: { time: string; message: string; level?: string; labels: string[] }): LogLine {
  const source = hit._source ?? {};
  const labels: Record<string, string> = {};
  for (const field of fields.labels) {
    const value = text(fieldAt(source, field));
    if (value !== undefined) labels[field] = value;
  }
  const line: LogLine = { timestamp: timestampOf(fieldAt(source, fields.time), hit.sort), message: text(fieldAt(source, fields.message)) ?? '', labels };
  const level = fields.level ? text(fieldAt(source, fields.level)) : undefined;
  if (level) line.level = level;
  if (typeof hit._id === 'string') line.id = hit._id;
  return line;
}
