import type { LogBackendQuery } from '@contracts';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { LOG_BACKENDS } from '@gateway/core/logs';
import { AddressPolicy, CredentialLedger, RunGuard } from '@gateway/core/outbound';
import { freePort } from '../../../test/support/free-port';
import { collect, failure, logSearchContext as context } from '../../../test/support/log-search';
import { startOpenSearchPeer, type OpenSearchPeer } from '../../../test/support/peers/opensearch-peer';
import { fieldAt, indexProblem, OpenSearchLogBackend } from './opensearch.backend';

const T = Date.parse('2024-05-01T12:00:00.000Z');
const at = (minutesAgo: number) => new Date(T - minutesAgo * 60_000);
const iso = (minutesAgo: number) => at(minutesAgo).toISOString();

function request(overrides: Partial<LogBackendQuery> = {}): LogBackendQuery {
  return { text: '', selector: { name: 'api' }, start: at(60), end: at(0), limit: 100, ...overrides };
}

describe('opensearch log backend: validate', () => {
  const os = new OpenSearchLogBackend();

  it('is the `opensearch` log-backend type', () => {
    expect(extensionsOf(OpenSearchLogBackend)).toEqual([{ point: LOG_BACKENDS.id, id: 'opensearch' }]);
    expect(os.type).toBe('opensearch');
  });

  it('takes a URL or a connection, an index, Basic credentials, the fields a line shows and a default query', () => {
    expect(os.validate({ url: 'https://search:9200', index: 'logs' })).toEqual([]);
    expect(
      os.validate({
        url: 'connection://search',
        index: 'logs-*,-logs-old,audit',
        username: 'reader',
        password: { valueFrom: { secretKeyRef: { name: 'search', key: 'password' } } },
        timeField: 'event.created',
        messageField: 'log.original',
        levelField: 'log.level',
        labelFields: ['service', 'kubernetes.pod.name'],
        query: 'service:checkout',
        insecureSkipVerify: false,
      }),
    ).toEqual([]);
  });

  it('names each field that is wrong', () => {
    expect(os.validate({})).toEqual(['url: required', 'index: required']);
    expect(os.validate({ url: 'search:9200', index: 'logs' })).toEqual(['url: must be an http:// or https:// URL or a connection:// reference']);
    expect(os.validate({ url: 'http://s', index: 'Logs' })).toEqual(['index: Logs must be lower case']);
    expect(os.validate({ url: 'http://s', index: ['logs'] })).toEqual(['index: must be an index name, a pattern such as logs-* or a comma-separated list']);
    expect(os.validate({ url: 'http://s', index: 'logs,' })).toEqual(['index: logs, has an empty name']);
    expect(os.validate({ url: 'http://s', index: 'remote:logs' })).toEqual(['index: remote:logs may not contain spaces or \\ / ? " < > | # :']);
    expect(os.validate({ url: 'http://s', index: '_internal' })).toEqual(['index: _internal may not start with _, - or +']);
    expect(os.validate({ url: 'http://s', index: 'logs', password: 'p' })).toEqual(['username: required with a password']);
    expect(os.validate({ url: 'http://s', index: 'logs', username: ['u'] })).toEqual([
      'username: must be a value or a secret reference ({valueFrom: {secretKeyRef: {name, key}}})',
    ]);
    expect(os.validate({ url: 'http://s', index: 'logs', timeField: '', messageField: 3 })).toEqual([
      'timeField: must be a field name (dotted for a nested field)',
      'messageField: must be a field name (dotted for a nested field)',
    ]);
    expect(os.validate({ url: 'http://s', index: 'logs', labelFields: 'service' })).toEqual(['labelFields: must be a list of field names']);
    expect(os.validate({ url: 'http://s', index: 'logs', query: ' ' })).toEqual(['query: must be a query string such as service:checkout']);
    expect(os.validate({ url: 'http://s', index: 'logs', indices: 'x' })).toEqual([
      'indices: unknown field (opensearch takes url, index, username, password, timeField, messageField, levelField, labelFields, query, insecureSkipVerify)',
    ]);
  });

  it('follows OpenSearch index naming', () => {
    expect(indexProblem('logs-2024.05.*')).toBeNull();
    expect(indexProblem('_all')).toBeNull();
    expect(indexProblem('..')).toBe('.. is not an index name');
    expect(indexProblem('x'.repeat(256))).toBe('xxxxxxxxxxxxxxxxxxxx… is longer than 255 bytes');
    expect(indexProblem('-logs')).toBe('-logs may not start with _, - or +');
    expect(indexProblem('logs a')).toBe('logs a may not contain spaces or \\ / ? " < > | # :');
  });

  it('finds a dotted field through nested objects, dotted keys or both', () => {
    const source = { kubernetes: { pod: { name: 'nested' } }, 'a.b': { c: 'mixed' }, 'x.y': 'flat', list: [{ v: 1 }, { v: 2 }] };
    expect(fieldAt(source, 'kubernetes.pod.name')).toBe('nested');
    expect(fieldAt(source, 'a.b.c')).toBe('mixed');
    expect(fieldAt(source, 'x.y')).toBe('flat');
    expect(fieldAt(source, 'list.v')).toBe(1);
    expect(fieldAt(source, 'kubernetes.pod.uid')).toBeUndefined();
  });
});

describe('opensearch log backend: search against an OpenSearch peer', () => {
  const os = new OpenSearchLogBackend();
  let peer: OpenSearchPeer;
  const spec = (extra: Record<string, unknown> = {}) => ({
    url: peer.url,
    index: 'logs-*',
    levelField: 'log.level',
    labelFields: ['service', 'kubernetes.pod.name'],
    ...extra,
  });

  beforeAll(async () => {
    peer = await startOpenSearchPeer();
    peer.index('logs-2024.04.30', [
      { _id: 'a1', '@timestamp': iso(50), message: 'GET /cart 200', log: { level: 'info' }, service: 'checkout', kubernetes: { pod: { name: 'checkout-1' } } },
      {
        _id: 'a2',
        '@timestamp': iso(30),
        message: 'Payment accepted for order 7',
        log: { level: 'info' },
        service: 'checkout',
        'kubernetes.pod.name': 'checkout-2',
      },
      { _id: 'a3', '@timestamp': iso(90), message: 'payment too old', log: { level: 'info' }, service: 'checkout' },
    ]);
    peer.index('logs-2024.05.01', [
      { _id: 'b1', '@timestamp': iso(40), message: 'payment FAILED: card declined', log: { level: 'error' }, service: 'checkout' },
      { _id: 'b2', '@timestamp': iso(0), message: 'shutting down', 'log.level': 'warn', service: 'cart', kubernetes: { pod: { name: 'cart-1' } } },
      { _id: 'b3', '@timestamp': iso(60), message: 'started', log: { level: 'info' }, service: 'cart' },
      { _id: 'b4', '@timestamp': at(20).getTime(), message: 'failed payment retried', log: { level: 'warn' }, service: 'checkout' },
    ]);
    peer.index('metrics', [{ _id: 'm1', '@timestamp': iso(10), message: 'not a log index' }]);
  });
  afterAll(() => peer.stop());
  beforeEach(() => (peer.requests.length = 0));

  it('answers the hits newest first across indices, with ids, levels and label fields', async () => {
    const lines = await collect(os.search(spec(), request(), context()));
    expect(lines.map((l) => [l.id, l.timestamp, l.message, l.level, l.labels])).toEqual([
      ['b2', iso(0), 'shutting down', 'warn', { service: 'cart', 'kubernetes.pod.name': 'cart-1' }],
      ['b4', iso(20), 'failed payment retried', 'warn', { service: 'checkout' }],
      ['a2', iso(30), 'Payment accepted for order 7', 'info', { service: 'checkout', 'kubernetes.pod.name': 'checkout-2' }],
      ['b1', iso(40), 'payment FAILED: card declined', 'error', { service: 'checkout' }],
      ['a1', iso(50), 'GET /cart 200', 'info', { service: 'checkout', 'kubernetes.pod.name': 'checkout-1' }],
      ['b3', iso(60), 'started', 'info', { service: 'cart' }],
    ]);
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]).toMatchObject({ method: 'POST', path: '/logs-*/_search', contentType: 'application/json', authorization: null, status: 200 });
    expect(peer.requests[0].body).toEqual({
      query: { bool: { filter: [{ range: { '@timestamp': { gte: iso(60), lte: iso(0), format: 'strict_date_optional_time' } } }] } },
      sort: [{ '@timestamp': 'desc' }],
      size: 101,
      track_total_hits: false,
      _source: ['@timestamp', 'message', 'log.level', 'service', 'kubernetes.pod.name'],
    });
  });

  it("matches the user's words in the message field, whatever their case", async () => {
    const payment = await collect(os.search(spec(), request({ text: 'PAYMENT' }), context()));
    expect(payment.map((l) => l.id)).toEqual(['b4', 'a2', 'b1']);
    const both = await collect(os.search(spec(), request({ text: 'Payment failed' }), context()));
    expect(both.map((l) => l.id)).toEqual(['b4', 'b1']);
    const phrase = await collect(os.search(spec(), request({ text: '"failed payment"' }), context()));
    expect(phrase.map((l) => l.id)).toEqual(['b4']);
    expect(peer.requests[0].body).toMatchObject({
      query: { bool: { filter: [{ range: {} }, { simple_query_string: { query: 'PAYMENT', fields: ['message'], default_operator: 'and' } }] } },
    });
    // A word in another field is not in the message.
    expect(await collect(os.search(spec(), request({ text: 'checkout' }), context()))).toEqual([]);
  });

  it('keeps to the time range, both ends included', async () => {
    const lines = await collect(os.search(spec(), request({ start: at(40), end: at(20) }), context()));
    expect(lines.map((l) => l.timestamp)).toEqual([iso(20), iso(30), iso(40)]);
  });

  it('asks for limit + 1 hits so that the caller knows the answer is cut', async () => {
    const lines = await collect(os.search(spec(), request({ limit: 2 }), context()));
    expect(lines.map((l) => l.id)).toEqual(['b2', 'b4', 'a2']);
    expect(peer.requests[0].body).toMatchObject({ size: 3 });
  });

  it("filters by the entry's query (else the backend's) as a query string, and by the entry's labels", async () => {
    const cart = await collect(os.search(spec(), request({ selector: { name: 'cart', query: 'service:cart' } }), context()));
    expect(cart.map((l) => l.id)).toEqual(['b2', 'b3']);
    const fallback = await collect(os.search(spec({ query: 'service:checkout AND NOT log.level:info' }), request(), context()));
    expect(fallback.map((l) => l.id)).toEqual(['b4', 'b1']);
    const entryWins = await collect(os.search(spec({ query: 'service:checkout' }), request({ selector: { name: 'cart', query: 'service:cart' } }), context()));
    expect(entryWins.map((l) => l.id)).toEqual(['b2', 'b3']);
    const labelled = await collect(os.search(spec(), request({ selector: { name: 'pod', labels: { 'kubernetes.pod.name': 'checkout-2' } } }), context()));
    expect(labelled.map((l) => l.id)).toEqual(['a2']);
    expect((peer.requests[3].body as { query: { bool: { filter: unknown[] } } }).query.bool.filter[1]).toEqual({
      match_phrase: { 'kubernetes.pod.name': 'checkout-2' },
    });
  });

  it('reads a time given as epoch millis, and other time and message fields', async () => {
    peer.index('app-events', [
      // The first document maps the field as a date; a date field takes epoch millis too.
      { _id: 'e2', event: { created: iso(15) }, log: { original: 'second' } },
      { _id: 'e1', event: { created: at(5).getTime() }, log: { original: 'nested message' } },
    ]);
    const lines = await collect(
      os.search({ url: peer.url, index: 'app-events', timeField: 'event.created', messageField: 'log.original' }, request(), context()),
    );
    expect(lines).toEqual([
      { id: 'e1', timestamp: iso(5), message: 'nested message', labels: {} },
      { id: 'e2', timestamp: iso(15), message: 'second', labels: {} },
    ]);
  });

  it("reports OpenSearch's own reason when it refuses the search", async () => {
    expect(await failure(os.search(spec({ index: 'nope' }), request(), context()))).toBe('OpenSearch answered HTTP 404: no such index [nope]');
    expect(await failure(os.search(spec(), request({ selector: { name: 'api', query: 'service:(' } }), context()))).toMatch(
      /^OpenSearch answered HTTP 400: Failed to parse query \[service:\(\]: /,
    );
    expect(await failure(os.search(spec({ timeField: 'message' }), request(), context()))).toMatch(
      /^OpenSearch answered HTTP 400: Text fields are not optimised for operations that require per-document field data/,
    );
    expect(await failure(os.search(spec({ timeField: 'ts' }), request(), context()))).toBe(
      'OpenSearch answered HTTP 400: No mapping found for [ts] in order to sort on',
    );
    expect(peer.requests.map((r) => r.status)).toEqual([404, 400, 400, 400]);
    // A pattern that matches no index is no lines, as OpenSearch answers it.
    expect(await collect(os.search(spec({ index: 'nothing-*' }), request(), context()))).toEqual([]);
  });

  it('sends Basic credentials from the fields or from a connection, never in the URL', async () => {
    const guarded = await startOpenSearchPeer({ auth: { username: 'reader', password: 'p@ss:word' } });
    try {
      guarded.index('logs', [{ _id: 'x', '@timestamp': iso(1), message: 'hello' }]);
      const withAuth = guarded.url.replace('http://', 'http://reader:p%40ss%3Aword@');
      const viaConnection = await collect(os.search({ url: 'connection://search', index: 'logs' }, request(), context({ 'connection://search': withAuth })));
      expect(viaConnection.map((l) => l.message)).toEqual(['hello']);
      const viaFields = await collect(
        os.search({ url: guarded.url, index: 'logs', username: 'reader', password: { valueFrom: { literal: 'p@ss:word' } } }, request(), context()),
      );
      expect(viaFields).toHaveLength(1);
      const basic = 'Basic ' + Buffer.from('reader:p@ss:word').toString('base64');
      expect(guarded.requests.map((r) => [r.path, r.authorization])).toEqual([
        ['/logs/_search', basic],
        ['/logs/_search', basic],
      ]);
      expect(await failure(os.search({ url: guarded.url, index: 'logs' }, request(), context()))).toBe('OpenSearch answered HTTP 401: Unauthorized');
      expect(await failure(os.search({ url: guarded.url, index: 'logs', username: 'reader', password: 'nope' }, request(), context()))).toBe(
        'OpenSearch answered HTTP 401: Unauthorized',
      );
      expect(await failure(os.search({ url: guarded.url, index: 'logs', username: { valueFrom: {} } }, request(), context()))).toBe(
        'username: could not be resolved',
      );
    } finally {
      await guarded.stop();
    }
  });

  it('refuses an answer past the cap', async () => {
    const capped = new OpenSearchLogBackend();
    capped.maxAnswerBytes = 512;
    expect(await failure(capped.search(spec(), request(), context()))).toBe(
      'OpenSearch answered more than 512 bytes: ask for fewer lines or fewer label fields',
    );
    expect((await collect(capped.search(spec(), request({ limit: 0 }), context()))).map((l) => l.id)).toEqual(['b2']);
  });

  it('does not call an address the outbound policy refuses, nor send a credential of another connection', async () => {
    const port = Number(new URL(peer.url).port);
    const self = new RunGuard(new AddressPolicy({ listenPort: port, database: null, allow: [] }));
    expect(await failure(os.search(spec(), request(), context({}, self)))).toBe(
      `127.0.0.1:${port} is not reachable from checks: it is this console. An administrator can allow it.`,
    );
    const ledger = new CredentialLedger();
    ledger.record('vault-secret-123', { name: 'vault', url: 'https://vault.example' });
    const bound = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }), ledger);
    expect(await failure(os.search(spec({ username: 'reader', password: 'vault-secret-123' }), request(), context({}, bound)))).toBe(
      `the credential from connection 'vault' may only be sent to https://vault.example:443, not http://127.0.0.1:${port}`,
    );
    expect(peer.requests).toHaveLength(0);
  });

  it('says when OpenSearch cannot be reached', async () => {
    const closed = await freePort();
    expect(await failure(os.search({ url: `http://127.0.0.1:${closed}`, index: 'logs' }, request(), context()))).toBe(
      `cannot reach OpenSearch at http://127.0.0.1:${closed}: connect ECONNREFUSED 127.0.0.1:${closed}`,
    );
  });
});
