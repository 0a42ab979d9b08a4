import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A protocol peer for OpenSearch's `_search` API as a log store (OpenSearch cannot run on this machine): an HTTP
 * server on 127.0.0.1 over documents held in memory, implementing what the OpenSearch documentation specifies for the
 * parts a log search uses, and rejecting what OpenSearch rejects there:
 * - `GET|POST /{index}/_search` with a JSON body (`content-type: application/json`, else 406): `{index}` a name, a
 *   comma list, `*` patterns or `_all` (a missing concrete index is 404 `index_not_found_exception`, a pattern that
 *   matches nothing is an empty answer, an upper-case name 400 `invalid_index_name_exception`);
 * - body keys `query`, `size` (default 10), `from`, `sort`, `track_total_hits`, `_source` (others: 400
 *   `parsing_exception`); `from + size` over `index.max_result_window` (10000) is refused;
 * - queries `match_all`, `bool` (`must`/`filter`/`should`/`must_not`), `range` (`gte`/`gt`/`lte`/`lt` on dates as
 *   ISO 8601 or epoch millis, numbers or strings), `term`, `match_phrase`, `simple_query_string` (words, `"phrases"`,
 *   `-`, `+`, `|`, `prefix*`, `fields`, `default_operator`) and `query_string` (`term`, `field:value`,
 *   `field:"phrase"`, `value*`, `AND`/`OR`/`NOT`, `+`/`-`, parentheses; a syntax error is 400 `query_shard_exception`);
 * - fields are mapped on first sight as OpenSearch's dynamic mapping does (ISO dates → `date`, numbers → `long` or
 *   `float`, booleans, other strings → `text` with a `.keyword` sub-field), found by dotted path through nested objects
 *   and dotted keys alike; `text` is analysed into lower-case words as the standard analyser does;
 * - `sort` on a field (`'f'`, `{f: 'desc'}`, `{f: {order, unmapped_type}}`): a `text` field or an unmapped one without
 *   `unmapped_type` is refused as OpenSearch refuses it; sorted hits carry `sort` values and `_score: null`;
 * - answers `{took, timed_out, _shards, hits: {total?, max_score, hits: [{_index, _id, _score, _source, sort?}]}}`
 *   (`total` absent with `track_total_hits: false`), errors as `{error: {root_cause, type, reason, ...}, status}`;
 * - with `auth`, requests without those Basic credentials get the security plugin's 401 `Unauthorized`.
 */
export interface OpenSearchPeerOptions {
  auth?: { username: string; password: string };
}

export interface OpenSearchRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
  status: number;
}

export interface OpenSearchPeer {
  url: string;
  /** Every request's method, path, authorization, content type, parsed body and answered status, in order. */
  requests: OpenSearchRequest[];
  /** Adds documents to an index (created when missing); `_id` defaults to a generated one. */
  index(name: string, docs: Record<string, unknown>[]): void;
  stop(): Promise<void>;
}

type FieldType = 'date' | 'long' | 'float' | 'boolean' | 'text' | 'keyword';
type Source = Record<string, unknown>;
type Query = Record<string, unknown>;

interface Doc {
  _id: string;
  _source: Source;
  /** Every leaf value by its dotted path. */
  flat: Map<string, unknown[]>;
}

interface Index {
  docs: Doc[];
  mapping: Map<string, FieldType>;
}

class SearchError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string,
    readonly extra: Record<string, unknown> = {},
    /** The outer error when OpenSearch wraps the shard's (`search_phase_execution_exception`). */
    readonly wrapped = false,
  ) {
    super(reason);
  }
}

const MAX_RESULT_WINDOW = 10_000;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

export async function startOpenSearchPeer(options: OpenSearchPeerOptions = {}): Promise<OpenSearchPeer> {
  const indices = new Map<string, Index>();
  const requests: OpenSearchRequest[] = [];
  let nextId = 1;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://peer').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw === '' ? null : raw;
      try {
        if (raw !== '') body = JSON.parse(raw);
      } catch {
        // kept as text: answered below as a parse error
      }
      const record: OpenSearchRequest = {
        method: req.method ?? 'GET',
        path,
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        body,
        status: 0,
      };
      requests.push(record);
      const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
        res.writeHead(status, { 'content-type': typeof payload === 'string' ? 'text/plain; charset=UTF-8' : 'application/json; charset=UTF-8', ...headers });
        res.end(text);
      };
      if (!authorized(req.headers.authorization)) return reply(401, 'Unauthorized', { 'www-authenticate': 'Basic realm="OpenSearch Security"' });
      if (raw !== '' && !/^application\/(json|x-ndjson)\b/i.test(record.contentType ?? '')) {
        return reply(406, { error: `Content-Type header [${record.contentType ?? ''}] is not supported`, status: 406 });
      }
      try {
        const m = /^\/([^/]+)\/_search$/.exec(path);
        if (!m || (req.method !== 'GET' && req.method !== 'POST')) {
          throw new SearchError(405, 'illegal_argument_exception', `Incorrect HTTP method for uri [${path}] and method [${req.method}]`);
        }
        if (raw !== '' && (typeof body !== 'object' || body === null || Array.isArray(body))) {
          throw new SearchError(400, 'parsing_exception', `Failed to parse request body: ${raw.slice(0, 80)}`);
        }
        reply(200, search(decodeURIComponent(m[1]), (body ?? {}) as Query));
      } catch (err) {
        if (!(err instanceof SearchError)) return reply(500, { error: { type: 'peer_failure', reason: String(err) }, status: 500 });
        const cause = { type: err.type, reason: err.message, ...err.extra };
        const outer = err.wrapped
          ? {
              type: 'search_phase_execution_exception',
              reason: 'all shards failed',
              phase: 'query',
              grouped: true,
              failed_shards: [{ shard: 0, reason: cause }],
            }
          : cause;
        reply(err.status, { error: { root_cause: [cause], ...outer }, status: err.status });
      }
    });
  });

  function authorized(header: string | undefined): boolean {
    if (!options.auth) return true;
    if (!header?.startsWith('Basic ')) return false;
    return Buffer.from(header.slice(6), 'base64').toString('utf8') === `${options.auth.username}:${options.auth.password}`;
  }

  function search(target: string, body: Query) {
    const started = Date.now();
    for (const key of Object.keys(body)) {
      if (!['query', 'size', 'from', 'sort', 'track_total_hits', '_source'].includes(key)) {
        throw new SearchError(400, 'parsing_exception', `Unknown key for a ${typeof body[key] === 'object' ? 'START_OBJECT' : 'VALUE_STRING'} in [${key}].`, {
          line: 1,
          col: 1,
        });
      }
    }
    const size = body.size ?? 10;
    const from = body.from ?? 0;
    if (!Number.isInteger(size) || (size as number) < 0)
      throw new SearchError(400, 'illegal_argument_exception', `[size] parameter cannot be negative, found [${size}]`);
    if (!Number.isInteger(from) || (from as number) < 0)
      throw new SearchError(400, 'illegal_argument_exception', `[from] parameter cannot be negative, found [${from}]`);
    if ((size as number) + (from as number) > MAX_RESULT_WINDOW) {
      throw new SearchError(
        400,
        'illegal_argument_exception',
        `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${(size as number) + (from as number)}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
        {},
        true,
      );
    }
    const names = resolveIndices(target);
    const query = (body.query ?? { match_all: {} }) as Query;
    // With no index to search there is no shard to refuse the sort.
    const sorts = sortSpecs(body.sort, (field) =>
      names.length ? names.map((n) => mappedType(indices.get(n)!, field)).filter((t): t is FieldType => t !== null) : null,
    );
    const hits: { index: string; doc: Doc; sort: unknown[] }[] = [];
    for (const name of names) {
      const index = indices.get(name)!;
      for (const doc of index.docs) {
        if (evaluate(query, doc, index)) hits.push({ index: name, doc, sort: sorts.map((s) => sortValue(doc, index, s)) });
      }
    }
    if (sorts.length) {
      hits.sort((a, b) => {
        for (let i = 0; i < sorts.length; i++) {
          const [x, y] = [a.sort[i], b.sort[i]];
          if (x === undefined || y === undefined) {
            if (x === y) continue;
            return x === undefined ? 1 : -1;
          }
          const d = compare(x, y);
          if (d !== 0) return sorts[i].order === 'desc' ? -d : d;
        }
        return 0;
      });
    }
    const total = body.track_total_hits;
    const counted = total === false ? undefined : total === true ? hits.length : Math.min(hits.length, typeof total === 'number' ? total : MAX_RESULT_WINDOW);
    return {
      took: Date.now() - started,
      timed_out: false,
      _shards: { total: names.length, successful: names.length, skipped: 0, failed: 0 },
      hits: {
        ...(counted === undefined ? {} : { total: { value: counted, relation: counted < hits.length ? 'gte' : 'eq' } }),
        max_score: sorts.length || !hits.length ? null : 1,
        hits: hits.slice(from as number, (from as number) + (size as number)).map((h) => ({
          _index: h.index,
          _id: h.doc._id,
          _score: sorts.length ? null : 1,
          ...(body._source === false ? {} : { _source: filterSource(h.doc._source, body._source) }),
          // A missing value's sort value is Long.MIN_VALUE descending, Long.MAX_VALUE ascending.
          ...(sorts.length ? { sort: h.sort.map((v, i) => (v === undefined ? (sorts[i].order === 'desc' ? -(2 ** 63) : 2 ** 63 - 1) : v)) } : {}),
        })),
      },
    };
  }

  function resolveIndices(target: string): string[] {
    const out = new Set<string>();
    // `-name` after the first part takes out what the parts before it brought in.
    const toggle = (name: string, exclude: boolean) => (exclude ? out.delete(name) : out.add(name));
    const parts = target.split(',');
    for (const [i, part] of parts.entries()) {
      const exclude = i > 0 && part.startsWith('-');
      const name = exclude ? part.slice(1) : part;
      if (name !== '_all' && name !== name.toLowerCase()) {
        throw new SearchError(400, 'invalid_index_name_exception', `Invalid index name [${name}], must be lowercase`, { index: name, index_uuid: '_na_' });
      }
      if (name === '_all' || name.includes('*')) {
        const re = new RegExp('^' + (name === '_all' ? '.*' : name.split('*').map(escapeRegex).join('.*')) + '$');
        for (const existing of indices.keys()) if (re.test(existing)) toggle(existing, exclude);
      } else if (indices.has(name)) toggle(name, exclude);
      else if (!exclude) {
        throw new SearchError(404, 'index_not_found_exception', `no such index [${name}]`, {
          index: name,
          'resource.id': name,
          'resource.type': 'index_or_alias',
          index_uuid: '_na_',
        });
      }
    }
    return [...out];
  }

  const { port } = await new Promise<AddressInfo>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address() as AddressInfo)));
  const sockets = new Set<Socket>();
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    index(name, docs) {
      const index = indices.get(name) ?? { docs: [], mapping: new Map<string, FieldType>() };
      for (const doc of docs) {
        const source = Object.fromEntries(Object.entries(doc).filter(([k]) => k !== '_id'));
        const flat = flatten(source);
        for (const [path, values] of flat) {
          if (!index.mapping.has(path) && values.length) index.mapping.set(path, typeOf(values[0]));
        }
        index.docs.push({ _id: String(doc._id ?? `peer-${nextId++}`), _source: source, flat });
      }
      indices.set(name, index);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Dynamic mapping of a first-seen value. */
function typeOf(value: unknown): FieldType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'long' : 'float';
  if (typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))) return 'date';
  return 'text';
}

/** Leaf values by dotted path: `{a: {b: 1}}` and `{'a.b': 1}` are the same field; arrays give several values. */
function flatten(source: Source): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((v) => walk(v, path));
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    if (value === null || value === undefined) return;
    out.set(path, [...(out.get(path) ?? []), value]);
  };
  walk(source, '');
  return out;
}

/** The standard analyser, near enough: lower-case runs of letters and digits. */
const analyse = (v: unknown): string[] =>
  String(v)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Epoch millis of a date value (ISO 8601 or epoch millis), NaN when it is neither. */
function millis(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  if (typeof value === 'string' && DATE.test(value)) return Date.parse(value.replace(' ', 'T').replace(',', '.'));
  return NaN;
}

/** A field as a query names it: `f` or `f.keyword` (the text field's exact sub-field). */
function resolveField(index: Index, doc: Doc, field: string): { type: FieldType; values: unknown[] } | null {
  const type = mappedType(index, field);
  if (!type) return null;
  if (type === 'keyword') return { type, values: (doc.flat.get(field.slice(0, -8)) ?? []).map(String) };
  return { type, values: doc.flat.get(field) ?? [] };
}

/** Field names a query's field pattern (`*`, `message`, `kube*`, `title^2`) stands for, with their sub-fields. */
function fieldsMatching(index: Index, pattern: string): string[] {
  const name = pattern.replace(/\^[\d.]+$/, '');
  if (!name.includes('*')) return [name];
  const re = new RegExp('^' + name.split('*').map(escapeRegex).join('.*') + '$');
  return [...index.mapping.keys()].filter((f) => re.test(f));
}

interface TextTerm {
  kind: 'term' | 'phrase' | 'prefix';
  text: string;
}

/** Whether a word, phrase or prefix matches one field of a document. `lenient`: a value that cannot be compared is no match. */
function termMatches(index: Index, doc: Doc, field: string, term: TextTerm, operator: 'and' | 'or', lenient: boolean): boolean {
  const f = resolveField(index, doc, field);
  if (!f) return false;
  switch (f.type) {
    case 'text': {
      const wanted = analyse(term.text);
      if (!wanted.length) return false;
      return f.values.some((v) => {
        const have = analyse(v);
        if (term.kind === 'prefix') return wanted.length === 1 && have.some((t) => t.startsWith(wanted[0]));
        if (term.kind === 'phrase') return have.some((_, i) => wanted.every((w, j) => have[i + j] === w));
        return operator === 'and' ? wanted.every((w) => have.includes(w)) : wanted.some((w) => have.includes(w));
      });
    }
    case 'keyword':
      return f.values.some((v) => (term.kind === 'prefix' ? String(v).startsWith(term.text) : String(v) === term.text));
    case 'date': {
      const t = millis(term.text);
      if (Number.isNaN(t)) {
        if (lenient) return false;
        throw new SearchError(
          400,
          'query_shard_exception',
          `failed to create query: failed to parse date field [${term.text}] with format [strict_date_optional_time||epoch_millis]`,
          {},
          true,
        );
      }
      return f.values.some((v) => millis(v) === t);
    }
    case 'long':
    case 'float': {
      const n = Number(term.text);
      if (term.text.trim() === '' || Number.isNaN(n)) {
        if (lenient) return false;
        throw new SearchError(400, 'query_shard_exception', `failed to create query: For input string: "${term.text}"`, {}, true);
      }
      return f.values.some((v) => v === n);
    }
    case 'boolean':
      return f.values.some((v) => String(v) === term.text);
  }
}

function evaluate(query: Query, doc: Doc, index: Index): boolean {
  const [kind, ...others] = Object.keys(query ?? {});
  if (!kind || others.length) throw new SearchError(400, 'parsing_exception', `[_na] query malformed, must start with start_object`, { line: 1, col: 1 });
  const clause = query[kind] as Record<string, unknown>;
  switch (kind) {
    case 'match_all':
      return true;
    case 'bool': {
      const list = (key: string) => [clause?.[key] ?? []].flat() as Query[];
      for (const key of Object.keys(clause ?? {})) {
        if (!['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost'].includes(key)) {
          throw new SearchError(400, 'parsing_exception', `[bool] query does not support [${key}]`, { line: 1, col: 1 });
        }
      }
      if (![...list('must'), ...list('filter')].every((q) => evaluate(q, doc, index))) return false;
      if (list('must_not').some((q) => evaluate(q, doc, index))) return false;
      const should = list('should');
      const needed = clause.minimum_should_match !== undefined ? Number(clause.minimum_should_match) : list('must').length || list('filter').length ? 0 : 1;
      return !should.length || should.filter((q) => evaluate(q, doc, index)).length >= needed;
    }
    case 'term': {
      const [field, spec] = single(kind, clause);
      const value = spec && typeof spec === 'object' ? (spec as { value?: unknown }).value : spec;
      const f = resolveField(index, doc, field);
      if (!f) return false;
      // A term is not analysed: on a text field it matches one indexed (lower-case) word.
      return f.values.some((v) =>
        f.type === 'text' ? analyse(v).includes(String(value)) : f.type === 'date' ? millis(v) === millis(value) : String(v) === String(value),
      );
    }
    case 'match_phrase': {
      const [field, spec] = single(kind, clause);
      const text = spec && typeof spec === 'object' ? (spec as { query?: unknown }).query : spec;
      if (typeof text !== 'string' && typeof text !== 'number')
        throw new SearchError(400, 'parsing_exception', `[match_phrase] unknown token [START_ARRAY]`, { line: 1, col: 1 });
      return termMatches(index, doc, field, { kind: 'phrase', text: String(text) }, 'and', false);
    }
    case 'range': {
      const [field, spec] = single(kind, clause);
      const bounds = (spec ?? {}) as Record<string, unknown>;
      for (const key of Object.keys(bounds)) {
        if (!['gte', 'gt', 'lte', 'lt', 'format', 'time_zone', 'boost'].includes(key)) {
          throw new SearchError(400, 'parsing_exception', `[range] query does not support [${key}]`, { line: 1, col: 1 });
        }
      }
      const f = resolveField(index, doc, field);
      if (!f) return false;
      const asNumber = (v: unknown): number => {
        if (f.type !== 'date') return Number(v);
        if (typeof v === 'string' && /^now/.test(v)) throw new SearchError(400, 'parse_exception', 'the peer does not implement date math', {}, true);
        const t = millis(v);
        if (Number.isNaN(t))
          throw new SearchError(
            400,
            'parse_exception',
            `failed to parse date field [${String(v)}] with format [strict_date_optional_time||epoch_millis]`,
            {},
            true,
          );
        return t;
      };
      const ordered = f.type === 'date' || f.type === 'long' || f.type === 'float';
      return f.values.some((raw) => {
        const v = ordered ? (f.type === 'date' ? millis(raw) : Number(raw)) : String(raw);
        const cmp = (bound: unknown) => (ordered ? (v as number) - asNumber(bound) : String(v).localeCompare(String(bound)));
        return (
          (bounds.gte === undefined || cmp(bounds.gte) >= 0) &&
          (bounds.gt === undefined || cmp(bounds.gt) > 0) &&
          (bounds.lte === undefined || cmp(bounds.lte) <= 0) &&
          (bounds.lt === undefined || cmp(bounds.lt) < 0)
        );
      });
    }
    case 'simple_query_string':
      return simpleQueryString(clause, doc, index);
    case 'query_string':
      return queryString(clause, doc, index);
    default:
      throw new SearchError(400, 'parsing_exception', `unknown query [${kind}]`, { line: 1, col: 1 });
  }
}

function single(kind: string, clause: Record<string, unknown>): [string, unknown] {
  const entries = clause && typeof clause === 'object' ? Object.entries(clause) : [];
  if (entries.length !== 1)
    throw new SearchError(400, 'parsing_exception', `[${kind}] query doesn't support multiple fields, found [${entries.map(([k]) => k).join('] and [')}]`);
  return entries[0];
}

function operatorOf(kind: string, value: unknown): 'and' | 'or' {
  if (value === undefined) return 'or';
  const op = String(value).toLowerCase();
  if (op !== 'and' && op !== 'or')
    throw new SearchError(400, 'illegal_argument_exception', `No enum constant org.opensearch.index.query.Operator.${String(value).toUpperCase()}`);
  return op;
}

function checkParams(kind: string, clause: Record<string, unknown>, allowed: string[]) {
  if (!clause || typeof clause !== 'object') throw new SearchError(400, 'parsing_exception', `[${kind}] malformed query, expected [START_OBJECT]`);
  for (const key of Object.keys(clause)) {
    if (!allowed.includes(key)) throw new SearchError(400, 'parsing_exception', `[${kind}] unsupported field [${key}]`, { line: 1, col: 1 });
  }
  if (typeof clause.query !== 'string') throw new SearchError(400, 'parsing_exception', `[${kind}] requires 'query' field`, { line: 1, col: 1 });
}

/** `simple_query_string`: never a syntax error; read left to right, each operator combining what came before with the next clause. */
function simpleQueryString(clause: Record<string, unknown>, doc: Doc, index: Index): boolean {
  checkParams('simple_query_string', clause, ['query', 'fields', 'default_operator', 'analyze_wildcard', 'lenient', 'flags', 'boost']);
  const operator = operatorOf('simple_query_string', clause.default_operator);
  const patterns = (clause.fields as string[] | undefined) ?? ['*'];
  const fields = patterns.flatMap((p) => fieldsMatching(index, p));
  // Across several (or `*`) fields a value that a field cannot hold is no match.
  const lenient = clause.lenient === true || patterns.some((p) => p.includes('*')) || fields.length > 1;
  const anyField = (term: TextTerm) => fields.some((f) => termMatches(index, doc, f, term, operator, lenient));

  const text = clause.query as string;
  let pos = 0;
  let result: boolean | null = null;
  let pending: 'and' | 'or' | null = null;
  while (pos < text.length) {
    const c = text[pos];
    if (/\s/.test(c)) {
      pos++;
      continue;
    }
    if (c === '+' || c === '|') {
      pending = c === '+' ? 'and' : 'or';
      pos++;
      continue;
    }
    let negate = false;
    while (text[pos] === '-') {
      negate = !negate;
      pos++;
    }
    let term: TextTerm;
    if (text[pos] === '"') {
      const close = text.indexOf('"', pos + 1);
      term = { kind: 'phrase', text: text.slice(pos + 1, close < 0 ? undefined : close) };
      pos = close < 0 ? text.length : close + 1;
    } else {
      const m = /^[^\s+|"]+/.exec(text.slice(pos));
      if (!m) {
        pos++;
        continue;
      }
      pos += m[0].length;
      const word = m[0].replace(/[()]/g, '');
      term = word.endsWith('*') ? { kind: 'prefix', text: word.slice(0, -1) } : { kind: 'term', text: word };
      if (!term.text) continue;
    }
    const hit = anyField(term) !== negate;
    const op = pending ?? operator;
    result = result === null ? hit : op === 'and' ? result && hit : result || hit;
    pending = null;
  }
  return result ?? false;
}

type QNode = { op: 'and' | 'or'; items: QNode[] } | { op: 'not'; item: QNode } | { op: 'term'; field: string | null; term: TextTerm } | { op: 'all' };

/** `query_string`: Lucene's classic syntax (the parts listed above); anything it cannot parse is a 400. */
function queryString(clause: Record<string, unknown>, doc: Doc, index: Index): boolean {
  checkParams('query_string', clause, ['query', 'default_field', 'fields', 'default_operator', 'analyze_wildcard', 'lenient', 'boost']);
  const operator = operatorOf('query_string', clause.default_operator);
  const text = clause.query as string;
  const failed = (why: string): never => {
    throw new SearchError(400, 'query_shard_exception', `Failed to parse query [${text}]`, { caused_by: { type: 'parse_exception', reason: why } }, true);
  };

  // Tokens: ( ) AND OR NOT && || ! + - field: "phrase" word
  type Tok = { t: '(' | ')' | 'AND' | 'OR' | 'NOT' | '+' | '-' | 'field' | 'phrase' | 'word'; v: string };
  const toks: Tok[] = [];
  let pos = 0;
  while (pos < text.length) {
    const c = text[pos];
    if (/\s/.test(c)) {
      pos++;
    } else if (c === '(' || c === ')') {
      toks.push({ t: c, v: c });
      pos++;
    } else if (text.startsWith('&&', pos) || text.startsWith('||', pos)) {
      toks.push({ t: c === '&' ? 'AND' : 'OR', v: c + c });
      pos += 2;
    } else if ((c === '+' || c === '-' || c === '!') && pos + 1 < text.length && !/\s/.test(text[pos + 1])) {
      toks.push({ t: c === '!' ? 'NOT' : c, v: c });
      pos++;
    } else if (c === '"') {
      let out = '';
      pos++;
      while (pos < text.length && text[pos] !== '"') {
        if (text[pos] === '\\') pos++;
        out += text[pos++] ?? '';
      }
      if (pos >= text.length) failed(`Lexical error at line 1, column ${text.length + 1}.  Encountered: <EOF> after : "\\"${out}"`);
      pos++;
      toks.push({ t: 'phrase', v: out });
    } else {
      let out = '';
      while (pos < text.length && !/[\s()":]/.test(text[pos])) {
        if (text[pos] === '\\') pos++;
        out += text[pos++] ?? '';
      }
      if (text[pos] === ':') {
        if (!out) failed(`Cannot parse '${text}': Encountered " ":" ": "" at line 1, column ${pos}.`);
        pos++;
        toks.push({ t: 'field', v: out });
      } else if (out === 'AND' || out === 'OR' || out === 'NOT') toks.push({ t: out, v: out });
      else if (out) toks.push({ t: 'word', v: out });
      else failed(`Cannot parse '${text}': Encountered "${text[pos]}" at line 1, column ${pos}.`);
    }
  }

  // `dflt`: the field of an enclosing `field:( … )` group, null for the query's default fields.
  let i = 0;
  const peek = () => toks[i];
  const eof = (): never => failed(`Cannot parse '${text}': Encountered "<EOF>" at line 1, column ${text.length}.`);
  const expr = (dflt: string | null): QNode => {
    const items = [andExpr(dflt)];
    while (peek()?.t === 'OR') {
      i++;
      items.push(andExpr(dflt));
    }
    return items.length === 1 ? items[0] : { op: 'or', items };
  };
  // Terms side by side are joined by the default operator; AND binds tighter than OR.
  const andExpr = (dflt: string | null): QNode => {
    const groups: QNode[][] = [[unary(dflt)]];
    for (;;) {
      const t = peek();
      if (!t || t.t === ')' || t.t === 'OR') break;
      if (t.t === 'AND') {
        i++;
        groups[groups.length - 1].push(unary(dflt));
      } else if (operator === 'and') groups[groups.length - 1].push(unary(dflt));
      else groups.push([unary(dflt)]);
    }
    const ands = groups.map((g): QNode => (g.length === 1 ? g[0] : { op: 'and', items: g }));
    return ands.length === 1 ? ands[0] : { op: 'or', items: ands };
  };
  const unary = (dflt: string | null): QNode => {
    const t = peek();
    if (!t) return eof();
    if (t.t === 'NOT' || t.t === '-') {
      i++;
      return { op: 'not', item: unary(dflt) };
    }
    if (t.t === '+') {
      i++;
      return unary(dflt);
    }
    return primary(dflt, false);
  };
  const primary = (field: string | null, named: boolean): QNode => {
    const t = toks[i++];
    if (!t) return eof();
    if (t.t === 'field') {
      if (named) failed(`Cannot parse '${text}': Encountered " <TERM> "${t.v}" " at line 1.`);
      return primary(t.v, true);
    }
    if (t.t === '(') {
      const inner = expr(field);
      if (toks[i]?.t !== ')') return eof();
      i++;
      return inner;
    }
    if (t.t === 'phrase') return { op: 'term', field, term: { kind: 'phrase', text: t.v } };
    if (t.t === 'word') {
      if (t.v === '*' && field === null) return { op: 'all' };
      if (/^[[{]/.test(t.v) || /[?~]/.test(t.v) || t.v.slice(0, -1).includes('*')) failed(`the peer does not implement [${t.v}]`);
      return { op: 'term', field, term: t.v.endsWith('*') ? { kind: 'prefix', text: t.v.slice(0, -1) } : { kind: 'term', text: t.v } };
    }
    return failed(`Cannot parse '${text}': Encountered " <${t.t}> "${t.v}" " at line 1.`);
  };
  const tree = toks.length ? expr(null) : failed(`Cannot parse '${text}': Encountered "<EOF>" at line 1, column 0.`);
  if (i < toks.length) failed(`Cannot parse '${text}': Encountered " "${toks[i].v}" " at line 1.`);

  const defaults = clause.fields ? (clause.fields as string[]) : [typeof clause.default_field === 'string' ? clause.default_field : '*'];
  const run = (node: QNode): boolean => {
    switch (node.op) {
      case 'all':
        return true;
      case 'and':
        return node.items.every(run);
      case 'or':
        return node.items.some(run);
      case 'not':
        return !run(node.item);
      case 'term': {
        const patterns = node.field === null ? defaults : [node.field];
        const fields = patterns.flatMap((p) => fieldsMatching(index, p));
        const lenient = clause.lenient === true || patterns.some((p) => p.includes('*')) || fields.length > 1;
        return fields.some((f) => termMatches(index, doc, f, node.term, operator, lenient));
      }
    }
  };
  // A query of only negations matches what they exclude from everything.
  return run(tree);
}

interface SortSpec {
  field: string;
  order: 'asc' | 'desc';
}

/** The sort clauses, checked against the target indices' mappings (`typesOf`: the field's type in each index mapping it; null: no index). */
function sortSpecs(sort: unknown, typesOf: (field: string) => FieldType[] | null): SortSpec[] {
  if (sort === undefined) return [];
  const list = Array.isArray(sort) ? sort : [sort];
  return list.map((entry): SortSpec => {
    let field: string;
    let order: unknown = 'asc';
    let unmappedType: unknown;
    if (typeof entry === 'string') field = entry;
    else if (entry && typeof entry === 'object' && Object.keys(entry).length === 1) {
      [field] = Object.keys(entry);
      const spec = (entry as Record<string, unknown>)[field];
      if (typeof spec === 'string') order = spec;
      else if (spec && typeof spec === 'object') {
        order = (spec as { order?: unknown }).order ?? 'asc';
        unmappedType = (spec as { unmapped_type?: unknown }).unmapped_type;
      } else throw new SearchError(400, 'parsing_exception', `[${field}] failed to parse field [sort]`);
    } else throw new SearchError(400, 'parsing_exception', 'malformed sort format, within the sort array, an object, or an actual string are allowed');
    if (order !== 'asc' && order !== 'desc') throw new SearchError(400, 'illegal_argument_exception', `Unknown SortOrder [${String(order)}]`);
    if (field === '_score' || field === '_doc') throw new SearchError(400, 'illegal_argument_exception', `the peer does not implement sorting on [${field}]`);
    const types = typesOf(field);
    if (types === null) return { field, order };
    if (types.includes('text')) {
      throw new SearchError(
        400,
        'illegal_argument_exception',
        `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${field}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`,
        {},
        true,
      );
    }
    if (!types.length && unmappedType === undefined) {
      throw new SearchError(400, 'query_shard_exception', `No mapping found for [${field}] in order to sort on`, {}, true);
    }
    return { field, order };
  });
}

/** A field's mapped type in an index (`f.keyword` of a text field is a keyword), null when unmapped. */
function mappedType(index: Index, field: string): FieldType | null {
  const type = index.mapping.get(field);
  if (type) return type;
  return field.endsWith('.keyword') && index.mapping.get(field.slice(0, -8)) === 'text' ? 'keyword' : null;
}

function sortValue(doc: Doc, index: Index, sort: SortSpec): unknown {
  const f = resolveField(index, doc, sort.field);
  if (!f || !f.values.length) return undefined;
  const values = f.values.map((v) => (f.type === 'date' ? millis(v) : v));
  // A multi-valued field sorts by its largest value descending, its smallest ascending.
  return values.reduce((a, b) => (compare(a, b) * (sort.order === 'desc' ? 1 : -1) >= 0 ? a : b));
}

/** Values of one sort field; a document without the field sorts last in either order (OpenSearch's `missing: _last`). */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function filterSource(source: Source, spec: unknown): Source {
  if (spec === undefined || spec === true) return source;
  let includes: string[] = [];
  let excludes: string[] = [];
  if (typeof spec === 'string') includes = [spec];
  else if (Array.isArray(spec)) includes = spec.map(String);
  else if (spec && typeof spec === 'object') {
    const s = spec as { includes?: unknown; excludes?: unknown };
    includes = [s.includes ?? []].flat().map(String);
    excludes = [s.excludes ?? []].flat().map(String);
  }
  const re = (p: string) => new RegExp('^' + p.split('*').map(escapeRegex).join('.*') + '$');
  const inc = includes.map(re);
  const exc = excludes.map(re);
  const walk = (obj: Source, prefix: string): Source => {
    const out: Source = {};
    for (const [k, v] of Object.entries(obj)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (exc.some((r) => r.test(path))) continue;
      if (!inc.length || inc.some((r) => r.test(path))) out[k] = v;
      else if (v && typeof v === 'object' && !Array.isArray(v)) {
        const inner = walk(v as Source, path);
        if (Object.keys(inner).length) out[k] = inner;
      }
    }
    return out;
  };
  return walk(source, '');
}
