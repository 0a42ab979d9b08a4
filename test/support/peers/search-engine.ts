import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A protocol peer for the Elasticsearch / OpenSearch `_search` API (neither server can run on this machine): an HTTP
 * server on 127.0.0.1 over in-memory documents seeded by the test. It implements the documented request and answer
 * shapes the check types use, nothing more:
 * - `GET /` → cluster info; `version.distribution: 'opensearch'` when started as OpenSearch;
 * - `GET|POST /{index}/_search` with a JSON body: `query.match_all`, `query.match` (any analysed token), `query.term`
 *   (exact value), `query.bool` (`must`/`filter`/`should`/`must_not` of those), `size` (default 10), `from`;
 *   `{index}` may be a comma list, use `*` wildcards, or be `_all`;
 * - answers `{took, timed_out, _shards, hits: {total: {value, relation: 'eq'}, max_score, hits: [{_index, _id, _score,
 *   _source}]}}` (`hits.total` a bare number with `legacyTotal`, as Elasticsearch 6 did);
 * - errors as the servers write them: 404 `index_not_found_exception`, 400 `parsing_exception`, 401
 *   `security_exception` when basic auth is configured and missing or wrong, each with `error.reason` and `status`.
 */
export interface SearchEnginePeerOptions {
  distribution?: 'elasticsearch' | 'opensearch';
  /** Require HTTP basic auth with these credentials. */
  auth?: { username: string; password: string };
  /** Answer `hits.total` as a number (Elasticsearch < 7). */
  legacyTotal?: boolean;
}

export interface SearchEnginePeer {
  url: string;
  /** Every request's method, path, authorization header and parsed body, in order. */
  requests: { method: string; path: string; authorization: string | null; body: unknown }[];
  /** Adds documents to an index (created when missing); `_id` defaults to the position in the index. */
  index(name: string, docs: Record<string, unknown>[]): void;
  stop(): Promise<void>;
}

type Doc = { _id: string; _source: Record<string, unknown> };
type Query = Record<string, unknown>;

class SearchError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

export async function startSearchEnginePeer(options: SearchEnginePeerOptions = {}): Promise<SearchEnginePeer> {
  const indices = new Map<string, Doc[]>();
  const requests: SearchEnginePeer['requests'] = [];
  const opensearch = options.distribution === 'opensearch';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://peer').pathname);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw === '' ? null : raw;
      try {
        if (raw !== '') body = JSON.parse(raw);
      } catch {
        // kept as text: answered below as a parse error
      }
      requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization ?? null, body });
      try {
        authorize(req.headers.authorization, path);
        answer(res, 200, route(req.method ?? 'GET', path, raw, body));
      } catch (err) {
        if (!(err instanceof SearchError)) return answer(res, 500, { error: { type: 'peer_failure', reason: String(err) }, status: 500 });
        const cause = { type: err.type, reason: err.message, ...err.extra };
        const headers: Record<string, string> = err.status === 401 ? { 'www-authenticate': 'Basic realm="security" charset="UTF-8"' } : {};
        answer(res, err.status, { error: { root_cause: [cause], ...cause }, status: err.status }, headers);
      }
    });
  });

  function authorize(header: string | undefined, path: string) {
    if (!options.auth) return;
    if (!header?.startsWith('Basic ')) throw new SearchError(401, 'security_exception', `missing authentication credentials for REST request [${path}]`);
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? decoded : decoded.slice(0, colon);
    if (user !== options.auth.username || decoded.slice(colon + 1) !== options.auth.password) {
      throw new SearchError(401, 'security_exception', `unable to authenticate user [${user}] for REST request [${path}]`);
    }
  }

  function route(method: string, path: string, raw: string, body: unknown): unknown {
    if (path === '/' && method === 'GET') {
      return opensearch
        ? {
            name: 'peer',
            cluster_name: 'peer',
            version: { distribution: 'opensearch', number: '2.11.0' },
            tagline: 'The OpenSearch Project: https://opensearch.org/',
          }
        : { name: 'peer', cluster_name: 'peer', version: { number: '8.11.0', build_flavor: 'default' }, tagline: 'You Know, for Search' };
    }
    const m = /^\/([^/]+)\/_search$/.exec(path);
    if (!m || (method !== 'GET' && method !== 'POST')) {
      throw new SearchError(405, 'illegal_argument_exception', `Incorrect HTTP method for uri [${path}] and method [${method}]`);
    }
    if (raw !== '' && typeof body !== 'object') throw new SearchError(400, 'x_content_parse_exception', `Failed to parse request body: ${raw.slice(0, 80)}`);
    return search(m[1], (body ?? {}) as Query);
  }

  function search(target: string, body: Query) {
    const started = Date.now();
    const names = resolveIndices(target);
    const query = (body.query ?? { match_all: {} }) as Query;
    const scored: { index: string; doc: Doc; score: number }[] = [];
    for (const name of names) {
      for (const doc of indices.get(name)!) {
        const score = evaluate(query, doc._source);
        if (score !== null) scored.push({ index: name, doc, score });
      }
    }
    scored.sort((a, b) => b.score - a.score);
    const from = typeof body.from === 'number' ? body.from : 0;
    const size = typeof body.size === 'number' ? body.size : 10;
    const page = scored.slice(from, from + size);
    return {
      took: Date.now() - started,
      timed_out: false,
      _shards: { total: names.length, successful: names.length, skipped: 0, failed: 0 },
      hits: {
        total: options.legacyTotal ? scored.length : { value: scored.length, relation: 'eq' },
        max_score: scored.length ? scored[0].score : null,
        hits: page.map((h) => ({ _index: h.index, _id: h.doc._id, _score: h.score, _source: h.doc._source })),
      },
    };
  }

  function resolveIndices(target: string): string[] {
    const out = new Set<string>();
    for (const part of target.split(',')) {
      if (part === '_all' || part.includes('*')) {
        const re = new RegExp('^' + (part === '_all' ? '.*' : part.split('*').map(escapeRegex).join('.*')) + '$');
        for (const name of indices.keys()) if (re.test(name)) out.add(name);
      } else if (indices.has(part)) out.add(part);
      else
        throw new SearchError(404, 'index_not_found_exception', `no such index [${part}]`, {
          'resource.type': 'index_or_alias',
          'resource.id': part,
          index: part,
        });
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
      const list = indices.get(name) ?? [];
      for (const source of docs)
        list.push({ _id: String(source._id ?? list.length + 1), _source: Object.fromEntries(Object.entries(source).filter(([k]) => k !== '_id')) });
      indices.set(name, list);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

function answer(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field by dotted path: nested objects (`system.role` → `{system: {role}}`) or a flat dotted key. */
function fieldValues(source: Record<string, unknown>, path: string): unknown[] {
  if (path in source) return [source[path]].flat();
  let current: unknown[] = [source];
  for (const part of path.split('.')) {
    current = current.flatMap((v) => (v && typeof v === 'object' ? [(v as Record<string, unknown>)[part]].flat() : [])).filter((v) => v !== undefined);
  }
  return current;
}

const tokens = (v: unknown) =>
  String(v)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The document's score for the query, or null when it does not match. */
function evaluate(query: Query, source: Record<string, unknown>): number | null {
  const [kind, ...others] = Object.keys(query);
  if (!kind || others.length) throw new SearchError(400, 'parsing_exception', '[query] must hold exactly one query, got ' + JSON.stringify(Object.keys(query)));
  const clause = query[kind] as Record<string, unknown>;
  switch (kind) {
    case 'match_all':
      return 1;
    case 'match': {
      const [field, spec] = single(kind, clause);
      const wanted = tokens(spec && typeof spec === 'object' ? (spec as { query?: unknown }).query : spec);
      const have = new Set(fieldValues(source, field).flatMap(tokens));
      const hits = wanted.filter((t) => have.has(t)).length;
      return hits ? hits / wanted.length : null;
    }
    case 'term': {
      const [field, spec] = single(kind, clause);
      const wanted = spec && typeof spec === 'object' ? (spec as { value?: unknown }).value : spec;
      return fieldValues(source, field).some((v) => v === wanted || String(v) === String(wanted)) ? 1 : null;
    }
    case 'bool': {
      const list = (key: string) => [clause?.[key] ?? []].flat() as Query[];
      let score = 0;
      for (const q of [...list('must'), ...list('filter')]) {
        const s = evaluate(q, source);
        if (s === null) return null;
        score += s;
      }
      if (list('must_not').some((q) => evaluate(q, source) !== null)) return null;
      const should = list('should')
        .map((q) => evaluate(q, source))
        .filter((s): s is number => s !== null);
      if (list('should').length && !should.length && !list('must').length && !list('filter').length) return null;
      return score + should.reduce((a, b) => a + b, 0) || 1;
    }
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
