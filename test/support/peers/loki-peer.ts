import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A protocol peer for Loki's query API (Loki cannot run on this machine): an HTTP server on 127.0.0.1 over log lines
 * held in memory, implementing what the Loki HTTP API reference documents for `GET /loki/api/v1/query_range` with a
 * log query, and rejecting what Loki rejects:
 * - `query`: a stream selector `{k="v", k2=~"re", k3!="x", k4!~"re"}` (label values as Go strings: "..." with escapes
 *   or `raw`; regexes fully anchored, RE2 syntax) followed by line filters `|= "s"`, `!= "s"`, `|~ "re"`, `!~ "re"` and
 *   label filters `| k="v"` (also `!=`, `=~`, `!~`). `{}` is a syntax error; a selector whose every matcher accepts the
 *   empty value is refused ("queries require at least one regexp or equality matcher..."); an invalid regex is refused;
 *   metric queries and parsers (`| json`) are not implemented and answer 400 saying so;
 * - `start` (inclusive, default an hour before `end`) and `end` (exclusive, default now) as nanosecond epochs, float
 *   seconds or RFC 3339; `end` before `start` is refused;
 * - `limit` (default 100) across all streams, refused above `max_entries_limit_per_query` (default 5000) with Loki's
 *   message; `direction` `backward` (default: newest first) or `forward`;
 * - answers `{status: 'success', data: {resultType: 'streams', result: [{stream, values: [[ns, line]...]}], stats}}`,
 *   each stream's values in the direction's order; errors are 400 with a plain-text body, as Loki writes them;
 * - with `auth`, requests without the Basic credentials or bearer token get 401 (the proxy in front of Loki); with
 *   `multiTenant` (`auth_enabled: true`), requests without `X-Scope-OrgID` get 401 `no org id`, and a query sees only
 *   its tenants' lines (`a|b` queries several). Without it the header is ignored and every line is tenant `fake`.
 */
export interface LokiPeerOptions {
  auth?: { username: string; password: string } | { bearer: string };
  multiTenant?: boolean;
  /** `limits_config.max_entries_limit_per_query` (default 5000). */
  maxEntriesLimitPerQuery?: number;
}

export interface LokiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  authorization: string | null;
  orgId: string | null;
  status: number;
}

export interface LokiPeer {
  url: string;
  /** Every request with its parameters, credentials, tenant header and the status answered, in order. */
  requests: LokiRequest[];
  /** Adds lines to a stream (created when missing): `[time, line]` with the time a Date or nanoseconds (bigint or string). */
  push(labels: Record<string, string>, entries: [Date | bigint | string, string][], tenant?: string): void;
  stop(): Promise<void>;
}

interface Entry {
  ts: bigint;
  line: string;
}

interface Stream {
  tenant: string;
  labels: Record<string, string>;
  entries: Entry[];
}

type Op = '=' | '!=' | '=~' | '!~';

interface Matcher {
  name: string;
  op: Op;
  value: string;
  regex: RegExp | null;
}

type Stage = { kind: 'line'; op: '|=' | '!=' | '|~' | '!~'; value: string; regex: RegExp | null } | { kind: 'label'; matcher: Matcher };

/** A 400 with Loki's plain-text message. */
class BadRequest extends Error {}

const NS_PER_MS = 1_000_000n;

export async function startLokiPeer(options: LokiPeerOptions = {}): Promise<LokiPeer> {
  const streams: Stream[] = [];
  const requests: LokiRequest[] = [];
  const maxEntries = options.maxEntriesLimitPerQuery ?? 5000;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const params = Object.fromEntries(url.searchParams);
    const record: LokiRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      authorization: req.headers.authorization ?? null,
      orgId: (req.headers['x-scope-orgid'] as string | undefined) ?? null,
      status: 0,
    };
    requests.push(record);
    const reply = (status: number, body: string, type = 'text/plain; charset=utf-8', headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    req.resume();
    req.on('end', () => {
      if (!authorized(req.headers.authorization)) {
        return reply(401, '<html><body><h1>401 Unauthorized</h1></body></html>', 'text/html', { 'www-authenticate': 'Basic realm="loki"' });
      }
      let tenants = ['fake'];
      if (options.multiTenant) {
        if (!record.orgId) return reply(401, 'no org id\n');
        tenants = record.orgId.split('|');
      }
      if (url.pathname !== '/loki/api/v1/query_range') return reply(404, '404 page not found\n');
      if (req.method !== 'GET') return reply(405, 'method not allowed\n');
      try {
        const data = queryRange(url.searchParams, tenants);
        reply(200, JSON.stringify({ status: 'success', data }), 'application/json; charset=UTF-8');
      } catch (err) {
        if (!(err instanceof BadRequest)) return reply(500, String(err));
        reply(400, err.message + '\n');
      }
    });
  });

  function authorized(header: string | undefined): boolean {
    const auth = options.auth;
    if (!auth) return true;
    if ('bearer' in auth) return header === `Bearer ${auth.bearer}`;
    if (!header?.startsWith('Basic ')) return false;
    return Buffer.from(header.slice(6), 'base64').toString('utf8') === `${auth.username}:${auth.password}`;
  }

  function queryRange(params: URLSearchParams, tenants: string[]) {
    const query = params.get('query') ?? '';
    const end = params.has('end') ? timestamp(params.get('end')!, 'end') : BigInt(Date.now()) * NS_PER_MS;
    const start = params.has('start') ? timestamp(params.get('start')!, 'start') : end - 3600n * 1000n * NS_PER_MS;
    if (end < start) throw new BadRequest('end timestamp must not be before or equal to start time');
    const limitText = params.get('limit') ?? '100';
    if (!/^-?\d+$/.test(limitText)) throw new BadRequest(`strconv.ParseUint: parsing ${JSON.stringify(limitText)}: invalid syntax`);
    const limit = Number(limitText);
    if (limit <= 0) throw new BadRequest('limit must be a positive value');
    const direction = (params.get('direction') ?? 'backward').toLowerCase();
    if (direction !== 'backward' && direction !== 'forward') throw new BadRequest('invalid direction');
    const { matchers, stages } = parseLogQuery(query);
    if (limit > maxEntries) throw new BadRequest(`max entries limit per query exceeded, limit > max_entries_limit_per_query (${limit} > ${maxEntries})`);

    const found: { stream: Stream; entry: Entry }[] = [];
    for (const stream of streams) {
      if (!tenants.includes(stream.tenant) || !matchers.every((m) => matches(m, stream.labels[m.name] ?? ''))) continue;
      if (!stages.filter((s) => s.kind === 'label').every((s) => matches(s.matcher, stream.labels[s.matcher.name] ?? ''))) continue;
      for (const entry of stream.entries) {
        if (entry.ts < start || entry.ts >= end) continue;
        if (stages.every((s) => s.kind === 'label' || lineMatches(s, entry.line))) found.push({ stream, entry });
      }
    }
    const sign = direction === 'backward' ? -1 : 1;
    found.sort((a, b) => sign * (a.entry.ts < b.entry.ts ? -1 : a.entry.ts > b.entry.ts ? 1 : 0));
    const kept = found.slice(0, limit);
    // Grouped by stream again, streams ordered by their labels (not by time: a client merges them itself).
    const byStream = new Map<Stream, Entry[]>();
    for (const { stream, entry } of kept) byStream.set(stream, [...(byStream.get(stream) ?? []), entry]);
    const result = [...byStream]
      .sort(([a], [b]) => labelsKey(a.labels).localeCompare(labelsKey(b.labels)))
      .map(([stream, entries]) => ({ stream: stream.labels, values: entries.map((e) => [String(e.ts), e.line]) }));
    return { resultType: 'streams', result, stats: { summary: { totalEntriesReturned: kept.length } } };
  }

  const { port } = await new Promise<AddressInfo>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address() as AddressInfo)));
  const sockets = new Set<Socket>();
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    push(labels, entries, tenant = 'fake') {
      let stream = streams.find((s) => s.tenant === tenant && labelsKey(s.labels) === labelsKey(labels));
      if (!stream) streams.push((stream = { tenant, labels: { ...labels }, entries: [] }));
      for (const [time, line] of entries) stream.entries.push({ ts: time instanceof Date ? BigInt(time.getTime()) * NS_PER_MS : BigInt(time), line });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

const labelsKey = (labels: Record<string, string>) =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(',');

/** Loki's timestamps: an integer is nanoseconds, a float seconds, else RFC 3339 (Go's RFC3339Nano). */
function timestamp(value: string, name: string): bigint {
  if (/^-?\d+$/.test(value)) return BigInt(value);
  if (/^-?\d+\.\d*$/.test(value)) {
    const [whole, fraction] = value.split('.');
    return BigInt(whole) * 1_000_000_000n + BigInt((fraction + '000000000').slice(0, 9)) * (value.startsWith('-') ? -1n : 1n);
  }
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  const ms = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (!m || Number.isNaN(ms)) throw new BadRequest(`invalid parameter "${name}": cannot parse "${value}" to a valid timestamp`);
  return BigInt(ms) * NS_PER_MS + BigInt(((m[2] ?? '') + '000000000').slice(0, 9));
}

function matches(m: Matcher, value: string): boolean {
  switch (m.op) {
    case '=':
      return value === m.value;
    case '!=':
      return value !== m.value;
    case '=~':
      return m.regex!.test(value);
    case '!~':
      return !m.regex!.test(value);
  }
}

function lineMatches(stage: Extract<Stage, { kind: 'line' }>, line: string): boolean {
  switch (stage.op) {
    case '|=':
      return line.includes(stage.value);
    case '!=':
      return !line.includes(stage.value);
    case '|~':
      return stage.regex!.test(line);
    case '!~':
      return !stage.regex!.test(line);
  }
}

/**
 * An RE2 pattern as a JavaScript RegExp: leading flags `(?i)`/`(?s)`/`(?m)` become RegExp flags, `(?P<name>` a named
 * group; what RE2 does not support (lookaround, backreferences) is refused as Go's regexp/syntax refuses it. Label
 * matchers are fully anchored.
 */
function re2(pattern: string, anchored: boolean): RegExp {
  let flags = '';
  let body = pattern;
  const leading = /^\(\?([imsU]+)\)/.exec(body);
  if (leading) {
    if (leading[1].includes('U')) throw new BadRequest('error parsing regexp: the peer does not implement the U flag');
    flags = [...new Set(leading[1])].join('');
    body = body.slice(leading[0].length);
  }
  const perl = /\(\?(?:=|!|<=|<!)/.exec(body);
  if (perl) throw new BadRequest(`error parsing regexp: invalid or unsupported Perl syntax: \`${perl[0]}\``);
  const backref = /(?:^|[^\\])(?:\\\\)*(\\[1-9])/.exec(body);
  if (backref) throw new BadRequest(`error parsing regexp: invalid escape sequence: \`${backref[1]}\``);
  body = body.replace(/\(\?P</g, '(?<');
  try {
    return new RegExp(anchored ? `^(?:${body})$` : body, flags);
  } catch (err) {
    throw new BadRequest(`error parsing regexp: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}: \`${pattern}\``);
  }
}

/** The log query's parser: a stream selector, then line filters and label filters. Errors as Loki words them. */
function parseLogQuery(query: string): { matchers: Matcher[]; stages: Stage[] } {
  let pos = 0;
  const fail = (what: string): never => {
    throw new BadRequest(`parse error at line 1, col ${pos + 1}: syntax error: ${what}`);
  };
  // The token found, as Loki's grammar names it.
  const found = () => (pos >= query.length ? '$end' : /[a-zA-Z_]/.test(query[pos]) ? 'IDENTIFIER' : /["`]/.test(query[pos]) ? 'STRING' : query[pos]);
  const unexpected = (expecting: string): never => fail(`unexpected ${found()}, expecting ${expecting}`);
  const space = () => {
    while (pos < query.length && /\s/.test(query[pos])) pos++;
  };
  const identifier = (): string => {
    const m = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(query.slice(pos));
    if (!m) unexpected('IDENTIFIER');
    pos += m![0].length;
    return m![0];
  };
  const operator = (ops: readonly string[]): string => {
    const op = ops.find((o) => query.startsWith(o, pos));
    if (!op) unexpected(ops.join(' or '));
    pos += op!.length;
    return op!;
  };
  const string = (): string => {
    const quote = query[pos];
    if (quote === '`') {
      const close = query.indexOf('`', pos + 1);
      if (close < 0) fail('literal not terminated');
      const raw = query.slice(pos + 1, close);
      pos = close + 1;
      return raw;
    }
    if (quote !== '"') unexpected('STRING');
    let out = '';
    pos++;
    for (;;) {
      if (pos >= query.length || query[pos] === '\n') fail('literal not terminated');
      const c = query[pos++];
      if (c === '"') return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = query[pos++];
      const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"' };
      if (e in simple) out += simple[e];
      else if (e === 'x' || e === 'u' || e === 'U') {
        const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = query.slice(pos, pos + n);
        if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) fail('invalid char escape');
        const code = parseInt(hex, 16);
        // \x is a byte; the peer only takes ASCII bytes (a lone UTF-8 byte is not a character).
        if ((e === 'x' && code > 0x7f) || code > 0x10ffff || (code >= 0xd800 && code < 0xe000)) fail('invalid char escape');
        out += String.fromCodePoint(code);
        pos += n;
      } else if (/[0-7]/.test(e)) {
        const oct = query.slice(pos - 1, pos + 2);
        if (!/^[0-7]{3}$/.test(oct) || parseInt(oct, 8) > 0x7f) fail('invalid char escape');
        out += String.fromCharCode(parseInt(oct, 8));
        pos += 2;
      } else fail('invalid char escape');
    }
  };
  const matcher = (): Matcher => {
    const name = identifier();
    space();
    const op = operator(['=~', '!~', '!=', '=']) as Op;
    space();
    const value = string();
    return { name, op, value, regex: op === '=~' || op === '!~' ? re2(value, true) : null };
  };

  space();
  if (query[pos] !== '{') {
    if (/^[a-z_]+\s*\(/.test(query.slice(pos))) fail('the peer implements log queries only, not metric queries');
    unexpected('{');
  }
  pos++;
  space();
  const matchers: Matcher[] = [matcher()];
  space();
  while (query[pos] === ',') {
    pos++;
    space();
    matchers.push(matcher());
    space();
  }
  if (query[pos] !== '}') unexpected(', or }');
  pos++;
  if (!matchers.some((m) => (m.op === '=' && m.value !== '') || (m.op === '=~' && !m.regex!.test('')))) {
    throw new BadRequest(
      'parse error : queries require at least one regexp or equality matcher that does not have an empty-compatible value. For instance, app=~".*" does not meet this requirement, but app=~".+" will',
    );
  }

  const stages: Stage[] = [];
  for (;;) {
    space();
    if (pos >= query.length) break;
    const filter = ['|=', '!=', '|~', '!~'].find((o) => query.startsWith(o, pos)) as Extract<Stage, { kind: 'line' }>['op'] | undefined;
    if (filter) {
      pos += 2;
      space();
      const value = string();
      stages.push({ kind: 'line', op: filter, value, regex: filter === '|~' || filter === '!~' ? re2(value, false) : null });
      continue;
    }
    if (query[pos] !== '|') unexpected('|');
    pos++;
    space();
    const word = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(query.slice(pos))?.[0];
    if (word && ['json', 'logfmt', 'regexp', 'pattern', 'unpack', 'line_format', 'label_format', 'decolorize', 'drop', 'keep', 'unwrap'].includes(word)) {
      fail(`the peer does not implement the ${word} stage`);
    }
    stages.push({ kind: 'label', matcher: matcher() });
  }
  return { matchers, stages };
}
