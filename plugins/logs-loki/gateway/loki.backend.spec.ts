import type { LogBackendQuery } from '@contracts';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { LOG_BACKENDS } from '@gateway/core/logs';
import { AddressPolicy, CredentialLedger, RunGuard } from '@gateway/core/outbound';
import { freePort } from '../../../test/support/free-port';
import { collect, failure, logSearchContext as context } from '../../../test/support/log-search';
import { startLokiPeer, type LokiPeer } from '../../../test/support/peers/loki-peer';
import { LokiLogBackend, logQuery, logqlString, quoteMeta } from './loki.backend';

const T = Date.parse('2024-05-01T12:00:00.000Z');
const at = (minutesAgo: number) => new Date(T - minutesAgo * 60_000);
const ns = (d: Date) => BigInt(d.getTime()) * 1_000_000n;

function request(overrides: Partial<LogBackendQuery> = {}): LogBackendQuery {
  return { text: '', selector: { name: 'api', query: '{app="checkout"}' }, start: at(60), end: at(0), limit: 100, ...overrides };
}

describe('loki log backend: validate', () => {
  const loki = new LokiLogBackend();

  it('is the `loki` log-backend type', () => {
    expect(extensionsOf(LokiLogBackend)).toEqual([{ point: LOG_BACKENDS.id, id: 'loki' }]);
    expect(loki.type).toBe('loki');
  });

  it('takes a URL or a connection, credentials as values or secret references, a tenant and a selector', () => {
    expect(loki.validate({ url: 'http://loki:3100' })).toEqual([]);
    expect(
      loki.validate({
        url: 'connection://loki',
        username: 'reader',
        password: { valueFrom: { secretKeyRef: { name: 'loki', key: 'password' } } },
        tenant: 'team-a|team-b',
        selector: '{namespace="default", app=~"api|web"}',
        insecureSkipVerify: true,
      }),
    ).toEqual([]);
    expect(loki.validate({ url: { valueFrom: { secretKeyRef: { name: 'loki', key: 'url' } } }, bearer: 'token-1' })).toEqual([]);
  });

  it('names each field that is wrong', () => {
    expect(loki.validate({})).toEqual(['url: required']);
    expect(loki.validate(null as unknown as Record<string, unknown>)).toEqual(['url: required']);
    expect(loki.validate({ url: 'ftp://loki' })).toEqual(['url: must be an http:// or https:// URL or a connection:// reference']);
    expect(loki.validate({ url: ['http://loki'] })).toEqual(['url: must be a URL, a connection:// reference or a secret reference']);
    expect(loki.validate({ url: 'http://loki', username: ['a'] })).toEqual([
      'username: must be a value or a secret reference ({valueFrom: {secretKeyRef: {name, key}}})',
    ]);
    expect(loki.validate({ url: 'http://loki', username: 'a', bearer: 't' })).toEqual([
      'bearer: give either a bearer token or a username and password, not both',
    ]);
    expect(loki.validate({ url: 'http://loki', password: 'p' })).toEqual(['username: required with a password']);
    expect(loki.validate({ url: 'http://loki', tenant: 'team a' })).toEqual([
      "tenant: must be a Loki tenant id (letters, digits and ! - _ . * ' ( ), at most 150; a|b for several)",
    ]);
    expect(loki.validate({ url: 'http://loki', selector: '{}' })).toEqual([
      'selector: {} selects no stream in Loki: name at least one label, such as {app="checkout"}',
    ]);
    expect(loki.validate({ url: 'http://loki', selector: 'app="checkout"' })).toEqual(['selector: must be a LogQL stream selector such as {app="checkout"}']);
    expect(loki.validate({ url: 'http://loki', selector: 3 })).toEqual(['selector: must be a LogQL stream selector such as {app="checkout"}']);
    expect(loki.validate({ url: 'http://loki', insecureSkipVerify: 'yes' })).toEqual(['insecureSkipVerify: must be true or false']);
    expect(loki.validate({ url: 'http://loki', uri: 'http://loki' })).toEqual([
      'uri: unknown field (loki takes url, username, password, bearer, tenant, selector, insecureSkipVerify)',
    ]);
  });
});

describe('loki log backend: the LogQL it sends', () => {
  it('matches the text literally and case-insensitively, quoted for LogQL and escaped for RE2', () => {
    expect(quoteMeta('a.b*c(d)[e]{f}|g^h$i+j?k\\l')).toBe('a\\.b\\*c\\(d\\)\\[e\\]\\{f\\}\\|g\\^h\\$i\\+j\\?k\\\\l');
    expect(logqlString('say "hi" \\ now\n')).toBe('"say \\"hi\\" \\\\ now\\n"');
    expect(logqlString('broken \uD800 half')).toBe('"broken \uFFFD half"');
    expect(logQuery('{app="x"}', { pod: 'a-1' }, 'Price $1.50')).toBe('{app="x"} |~ "(?i)Price \\\\$1\\\\.50" | pod="a-1"');
    expect(logQuery('{app="x"}', undefined, '')).toBe('{app="x"}');
    expect(logQuery('{app="x"}', undefined, '  ')).toBe('{app="x"}');
    expect(() => logQuery('{app="x"}', { 'pod-name': 'a' }, '')).toThrow('labels: pod-name is not a Loki label name (letters, digits and _)');
  });
});

describe('loki log backend: search against a Loki peer', () => {
  const loki = new LokiLogBackend();
  let peer: LokiPeer;

  beforeAll(async () => {
    peer = await startLokiPeer();
    peer.push({ app: 'checkout', pod: 'a', level: 'info' }, [
      [at(50), 'GET /cart 200'],
      [at(30), 'payment accepted for order 7'],
      [at(10), 'GET /cart 200'],
    ]);
    peer.push({ app: 'checkout', pod: 'b', level: 'error' }, [
      [at(40), 'Payment FAILED: card declined (code=51) price $1.50'],
      [at(20), 'say "hi" \\ now'],
      [at(0), 'shutting down'],
      [at(90), 'too old'],
    ]);
    peer.push({ app: 'cart' }, [[at(5), 'payment queued elsewhere']]);
  });
  afterAll(() => peer.stop());
  beforeEach(() => (peer.requests.length = 0));

  it('answers the streams merged newest first, with their labels, levels and times', async () => {
    const lines = await collect(loki.search({ url: peer.url }, request(), context()));
    expect(lines.map((l) => [l.timestamp, l.message, l.labels.pod, l.level])).toEqual([
      [at(0).toISOString(), 'shutting down', 'b', 'error'],
      [at(10).toISOString(), 'GET /cart 200', 'a', 'info'],
      [at(20).toISOString(), 'say "hi" \\ now', 'b', 'error'],
      [at(30).toISOString(), 'payment accepted for order 7', 'a', 'info'],
      [at(40).toISOString(), 'Payment FAILED: card declined (code=51) price $1.50', 'b', 'error'],
      [at(50).toISOString(), 'GET /cart 200', 'a', 'info'],
    ]);
    expect(lines[0]).toEqual({
      timestamp: at(0).toISOString(),
      message: 'shutting down',
      labels: { app: 'checkout', pod: 'b', level: 'error' },
      level: 'error',
    });
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]).toMatchObject({
      method: 'GET',
      path: '/loki/api/v1/query_range',
      status: 200,
      params: { query: '{app="checkout"}', start: String(ns(at(60))), end: String(ns(at(0)) + 1_000_000n), limit: '101', direction: 'backward' },
      authorization: null,
      orgId: null,
    });
  });

  it('filters by the text as a case-insensitive substring, whatever characters it holds', async () => {
    const payment = await collect(loki.search({ url: peer.url }, request({ text: 'PAYMENT' }), context()));
    expect(payment.map((l) => l.message)).toEqual(['payment accepted for order 7', 'Payment FAILED: card declined (code=51) price $1.50']);
    const special = await collect(loki.search({ url: peer.url }, request({ text: '(code=51) PRICE $1.50' }), context()));
    expect(special.map((l) => l.message)).toEqual(['Payment FAILED: card declined (code=51) price $1.50']);
    const quoted = await collect(loki.search({ url: peer.url }, request({ text: 'say "HI" \\ n' }), context()));
    expect(quoted.map((l) => l.message)).toEqual(['say "hi" \\ now']);
    // A regex character is not a wildcard: '.' does not match the space.
    expect(await collect(loki.search({ url: peer.url }, request({ text: 'GET./cart' }), context()))).toEqual([]);
    expect(peer.requests.every((r) => r.status === 200)).toBe(true);
  });

  it('keeps to the time range: start inclusive, end inclusive to its millisecond', async () => {
    const lines = await collect(loki.search({ url: peer.url }, request({ start: at(40), end: at(20) }), context()));
    expect(lines.map((l) => l.timestamp)).toEqual([at(20), at(30), at(40)].map((d) => d.toISOString()));
  });

  it('asks for limit + 1 lines so that the caller knows the answer is cut', async () => {
    const lines = await collect(loki.search({ url: peer.url }, request({ limit: 2 }), context()));
    expect(lines.map((l) => l.message)).toEqual(['shutting down', 'GET /cart 200', 'say "hi" \\ now']);
    expect(peer.requests.map((r) => r.params.limit)).toEqual(['3']);
  });

  it("uses the backend's selector when the entry has no query, and the entry's labels as label filters", async () => {
    const spec = { url: peer.url, selector: '{app=~"cart|checkout"}' };
    const all = await collect(loki.search(spec, request({ selector: { name: 'all' }, text: 'payment' }), context()));
    expect(all.map((l) => l.message)).toEqual([
      'payment queued elsewhere',
      'payment accepted for order 7',
      'Payment FAILED: card declined (code=51) price $1.50',
    ]);
    const podA = await collect(loki.search(spec, request({ selector: { name: 'a', labels: { pod: 'a' } } }), context()));
    expect(podA.map((l) => l.timestamp)).toEqual([at(10), at(30), at(50)].map((d) => d.toISOString()));
    expect(peer.requests[1].params.query).toBe('{app=~"cart|checkout"} | pod="a"');
    // The entry's query wins over the backend's selector; labels alone make a selector.
    const cart = await collect(loki.search(spec, request({ selector: { name: 'cart', query: '{app="cart"}' } }), context()));
    expect(cart.map((l) => l.message)).toEqual(['payment queued elsewhere']);
    const byLabels = await collect(loki.search({ url: peer.url }, request({ selector: { name: 'b', labels: { app: 'checkout', pod: 'b' } } }), context()));
    expect(byLabels.map((l) => l.timestamp)).toEqual([at(0), at(20), at(40)].map((d) => d.toISOString()));
    expect(peer.requests[3].params.query).toBe('{app="checkout", pod="b"} | app="checkout" | pod="b"');
  });

  it('refuses a search without a stream selector, or with one that is not a selector, before calling Loki', async () => {
    expect(await failure(loki.search({ url: peer.url }, request({ selector: { name: 'api' } }), context()))).toBe(
      `'api' has no query and the backend no selector: Loki needs a stream selector such as {app="checkout"}`,
    );
    expect(await failure(loki.search({ url: peer.url }, request({ selector: { name: 'api', query: 'rate({app="x"}[5m])' } }), context()))).toBe(
      `the log query of 'api' must be a LogQL stream selector such as {app="checkout"}: rate({app="x"}[5m])`,
    );
    expect(await failure(loki.search({ url: 'ftp://x' }, request(), context()))).toBe('url: must be an http:// or https:// URL or a connection:// reference');
    expect(peer.requests).toHaveLength(0);
  });

  it("reports Loki's own message when it refuses the query", async () => {
    expect(await failure(loki.search({ url: peer.url }, request({ selector: { name: 'api', query: '{app=~".*"}' } }), context()))).toBe(
      'Loki answered HTTP 400: parse error : queries require at least one regexp or equality matcher that does not have an empty-compatible value. For instance, app=~".*" does not meet this requirement, but app=~".+" will',
    );
    expect(await failure(loki.search({ url: peer.url }, request({ selector: { name: 'api', query: '{app=~"(unclosed"}' } }), context()))).toMatch(
      /^Loki answered HTTP 400: error parsing regexp: .*`\(unclosed`$/,
    );
    expect(await failure(loki.search({ url: peer.url }, request({ selector: { name: 'api', query: '{app="checkout"} |= unquoted' } }), context()))).toBe(
      'Loki answered HTTP 400: parse error at line 1, col 21: syntax error: unexpected IDENTIFIER, expecting STRING',
    );
  });

  it('sends the URL of a connection, with its credentials as Basic and not in the URL', async () => {
    const guarded = await startLokiPeer({ auth: { username: 'reader', password: 's3cret:pw' } });
    try {
      guarded.push({ app: 'checkout' }, [[at(1), 'hello']]);
      const withAuth = guarded.url.replace('http://', 'http://reader:s3cret%3Apw@');
      const lines = await collect(loki.search({ url: 'connection://loki' }, request(), context({ 'connection://loki': withAuth })));
      expect(lines.map((l) => l.message)).toEqual(['hello']);
      expect(guarded.requests[0].authorization).toBe('Basic ' + Buffer.from('reader:s3cret:pw').toString('base64'));

      const fromFields = await collect(
        loki.search({ url: guarded.url, username: 'reader', password: { valueFrom: { literal: 's3cret:pw' } } }, request(), context()),
      );
      expect(fromFields).toHaveLength(1);

      expect(await failure(loki.search({ url: guarded.url, username: 'reader', password: 'wrong' }, request(), context()))).toBe(
        'Loki answered HTTP 401: 401 Unauthorized',
      );
      expect(await failure(loki.search({ url: guarded.url, username: 'reader', password: { valueFrom: {} } }, request(), context()))).toBe(
        'password: could not be resolved',
      );
      expect(await failure(loki.search({ url: 'connection://missing' }, request(), context()))).toBe('url: connection://missing could not be resolved');
    } finally {
      await guarded.stop();
    }
  });

  it('sends a bearer token and the tenant, and a multi-tenant Loki answers only that tenant', async () => {
    const tenants = await startLokiPeer({ auth: { bearer: 'tok-123' }, multiTenant: true });
    try {
      tenants.push({ app: 'checkout' }, [[at(1), 'team a line']], 'team-a');
      tenants.push({ app: 'checkout' }, [[at(2), 'team b line']], 'team-b');
      expect(await failure(loki.search({ url: tenants.url, bearer: 'tok-123' }, request(), context()))).toBe('Loki answered HTTP 401: no org id');
      const a = await collect(loki.search({ url: tenants.url, bearer: { valueFrom: { literal: 'tok-123' } }, tenant: 'team-a' }, request(), context()));
      expect(a.map((l) => l.message)).toEqual(['team a line']);
      const both = await collect(loki.search({ url: tenants.url, bearer: 'tok-123', tenant: 'team-a|team-b' }, request(), context()));
      expect(both.map((l) => l.message)).toEqual(['team a line', 'team b line']);
      expect(tenants.requests.slice(1).map((r) => [r.authorization, r.orgId])).toEqual([
        ['Bearer tok-123', 'team-a'],
        ['Bearer tok-123', 'team-a|team-b'],
      ]);
    } finally {
      await tenants.stop();
    }
  });

  it("pages past Loki's entries limit without losing or repeating lines that share a nanosecond", async () => {
    const small = await startLokiPeer({ maxEntriesLimitPerQuery: 4 });
    try {
      // 9 lines: three share one nanosecond, astride the first page's end.
      const same = ns(at(30)) + 123n;
      small.push({ app: 'checkout', pod: 'a' }, [
        [at(10), 'l1'],
        [at(20), 'l2'],
        [same, 'l3 same'],
        [same, 'l4 same'],
        [at(40), 'l6'],
      ]);
      small.push({ app: 'checkout', pod: 'b' }, [
        [same, 'l5 same'],
        [at(50), 'l7'],
        [at(55), 'l8'],
        [at(59), 'l9'],
      ]);
      const lines = await collect(loki.search({ url: small.url }, request({ limit: 7 }), context()));
      expect(lines.map((l) => l.message)).toEqual(['l1', 'l2', 'l3 same', 'l4 same', 'l5 same', 'l6', 'l7', 'l8']);
      expect(small.requests.map((r) => [r.params.limit, r.status])).toEqual([
        ['8', 400],
        ['4', 200],
        ['4', 200],
        // 8 wanted, 6 read, one line of the page before repeats.
        ['3', 200],
      ]);
      // Each next page ends just after the oldest line of the one before.
      expect(small.requests[2].params.end).toBe(String(same + 1n));

      const all = await collect(loki.search({ url: small.url }, request({ limit: 100 }), context()));
      expect(all.map((l) => l.message)).toEqual(['l1', 'l2', 'l3 same', 'l4 same', 'l5 same', 'l6', 'l7', 'l8', 'l9']);
    } finally {
      await small.stop();
    }
  });

  it('stops calling Loki when the caller stops reading, and when the signal is aborted', async () => {
    const small = await startLokiPeer({ maxEntriesLimitPerQuery: 2 });
    try {
      small.push(
        { app: 'checkout' },
        [1, 2, 3, 4, 5].map((m): [Date, string] => [at(m), `line ${m}`]),
      );
      for await (const line of loki.search({ url: small.url }, request(), context())) {
        expect(line.message).toBe('line 1');
        break;
      }
      // The refused first ask and one page.
      expect(small.requests.map((r) => r.status)).toEqual([400, 200]);

      const aborted = { ...context(), signal: AbortSignal.abort() };
      expect(await failure(loki.search({ url: small.url }, request(), aborted))).toBe('the call was cancelled');
      expect(small.requests).toHaveLength(2);
    } finally {
      await small.stop();
    }
  });

  it('asks for half as many lines when an answer passes the cap, and fails when one line does', async () => {
    const capped = new LokiLogBackend();
    // The peer's answer is about 540 bytes for these 6 lines, 370 for 3.
    capped.maxAnswerBytes = 450;
    const lines = await collect(capped.search({ url: peer.url }, request({ limit: 5 }), context()));
    expect(lines.map((l) => l.timestamp)).toEqual([at(0), at(10), at(20), at(30), at(40), at(50)].map((d) => d.toISOString()));
    const limits = peer.requests.map((r) => Number(r.params.limit));
    expect(limits[0]).toBe(6);
    expect(limits[1]).toBe(3);

    capped.maxAnswerBytes = 50;
    peer.requests.length = 0;
    expect(await failure(capped.search({ url: peer.url }, request(), context()))).toBe('Loki answered more than 50 bytes for one line');
  });

  it('does not call an address the outbound policy refuses, nor send a credential of another connection', async () => {
    const port = Number(new URL(peer.url).port);
    const self = new RunGuard(new AddressPolicy({ listenPort: port, database: null, allow: [] }));
    expect(await failure(loki.search({ url: peer.url }, request(), context({}, self)))).toBe(
      `127.0.0.1:${port} is not reachable from checks: it is this console. An administrator can allow it.`,
    );
    const ledger = new CredentialLedger();
    ledger.record('vault-token-123', { name: 'vault', url: 'https://vault.example' });
    const bound = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }), ledger);
    expect(await failure(loki.search({ url: peer.url, bearer: 'vault-token-123' }, request(), context({}, bound)))).toBe(
      `the credential from connection 'vault' may only be sent to https://vault.example:443, not http://127.0.0.1:${port}`,
    );
    expect(peer.requests).toHaveLength(0);
  });

  it('says when Loki cannot be reached', async () => {
    const closed = await freePort();
    expect(await failure(loki.search({ url: `http://127.0.0.1:${closed}` }, request(), context()))).toBe(
      `cannot reach Loki at http://127.0.0.1:${closed}: connect ECONNREFUSED 127.0.0.1:${closed}`,
    );
  });
});
