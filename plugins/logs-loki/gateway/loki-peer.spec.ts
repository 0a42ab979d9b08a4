import { startLokiPeer, type LokiPeer } from '../../../test/support/peers/loki-peer';

/**
 * The Loki peer the type is tested against keeps to Loki's documented behaviour: what Loki refuses, it refuses with
 * Loki's message, and what it answers has Loki's shape and order. (Requests straight to the peer, not through the type.)
 */
describe('the Loki peer', () => {
  let peer: LokiPeer;
  const T = 1_714_564_800_000_000_000n; // 2024-05-01T12:00:00Z in nanoseconds

  beforeAll(async () => {
    peer = await startLokiPeer();
    peer.push({ app: 'checkout', env: 'prod' }, [
      [T - 3n, 'one'],
      [T - 2n, 'two'],
    ]);
    peer.push({ app: 'cart', env: 'prod' }, [[T - 1n, 'three']]);
  });
  afterAll(() => peer.stop());

  async function get(params: Record<string, string>) {
    const res = await fetch(`${peer.url}/loki/api/v1/query_range?${new URLSearchParams({ start: String(T - 10n), end: String(T), ...params })}`);
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), text, json: res.status === 200 ? JSON.parse(text) : null };
  }

  it('answers streams in the documented shape, each stream in the direction asked, limited across streams', async () => {
    const back = await get({ query: '{env="prod"}', limit: '2' });
    expect(back.json).toEqual({
      status: 'success',
      data: {
        resultType: 'streams',
        result: [
          { stream: { app: 'cart', env: 'prod' }, values: [[String(T - 1n), 'three']] },
          { stream: { app: 'checkout', env: 'prod' }, values: [[String(T - 2n), 'two']] },
        ],
        stats: { summary: { totalEntriesReturned: 2 } },
      },
    });
    const forward = await get({ query: '{env="prod"}', limit: '2', direction: 'FORWARD' });
    expect(forward.json.data.result).toEqual([
      {
        stream: { app: 'checkout', env: 'prod' },
        values: [
          [String(T - 3n), 'one'],
          [String(T - 2n), 'two'],
        ],
      },
    ]);
  });

  it('reads start inclusive and end exclusive, as nanoseconds, float seconds or RFC 3339', async () => {
    const ns = await get({ query: '{app="checkout"}', start: String(T - 2n), end: String(T - 1n) });
    expect(ns.json.data.result[0].values.map((v: string[]) => v[1])).toEqual(['two']);
    const rfc = await get({ query: '{app="checkout"}', start: '2024-05-01T11:59:59.999999997Z', end: '2024-05-01T11:59:59.999999998Z' });
    expect(rfc.json.data.result[0].values.map((v: string[]) => v[1])).toEqual(['one']);
    const seconds = await get({ query: '{app="checkout"}', start: '1714564799.5', end: '1714564800.0' });
    expect(seconds.json.data.result[0].values).toHaveLength(2);
    // An integer is nanoseconds, even one that looks like seconds.
    expect((await get({ query: '{app="checkout"}', start: '1714564799.5', end: '1714564800' })).text.trim()).toBe(
      'end timestamp must not be before or equal to start time',
    );
  });

  it('anchors label regexes and applies line and label filters', async () => {
    expect((await get({ query: '{app=~"check"}' })).json.data.result).toEqual([]);
    const filtered = await get({ query: '{app=~"c.*"} |~ "(?i)T[HW]" != "two" | env="prod"' });
    expect(filtered.json.data.result.map((s: { values: string[][] }) => s.values[0][1])).toEqual(['three']);
  });

  it("refuses what Loki refuses, in Loki's plain-text words", async () => {
    const refused = async (params: Record<string, string>) => {
      const r = await get(params);
      expect(r.status).toBe(400);
      expect(r.type).toMatch(/^text\/plain/);
      return r.text.trim();
    };
    expect(await refused({ query: '{}' })).toBe('parse error at line 1, col 2: syntax error: unexpected }, expecting IDENTIFIER');
    expect(await refused({ query: '{app!="x"}' })).toMatch(/^parse error : queries require at least one regexp or equality matcher/);
    expect(await refused({ query: '{app=~".*"}' })).toMatch(/^parse error : queries require at least one regexp or equality matcher/);
    expect(await refused({ query: '{app="x"} |~ "(?=x)"' })).toBe('error parsing regexp: invalid or unsupported Perl syntax: `(?=`');
    expect(await refused({ query: '{app="x"} |~ "(a)\\\\1"' })).toBe('error parsing regexp: invalid escape sequence: `\\1`');
    expect(await refused({ query: '{app="x"} |= "bad \\q escape"' })).toBe('parse error at line 1, col 21: syntax error: invalid char escape');
    expect(await refused({ query: '{app="x"}', limit: '5001' })).toBe(
      'max entries limit per query exceeded, limit > max_entries_limit_per_query (5001 > 5000)',
    );
    expect(await refused({ query: '{app="x"}', start: String(T), end: String(T - 1n) })).toBe('end timestamp must not be before or equal to start time');
    expect(await refused({ query: '{app="x"}', direction: 'sideways' })).toBe('invalid direction');
  });

  it('asks for the tenant when multi-tenant, and for credentials when a proxy guards it', async () => {
    const guarded = await startLokiPeer({ multiTenant: true, auth: { username: 'u', password: 'p' } });
    try {
      const url = `${guarded.url}/loki/api/v1/query_range?query=${encodeURIComponent('{app="x"}')}`;
      expect((await fetch(url)).status).toBe(401);
      const basic = { authorization: 'Basic ' + Buffer.from('u:p').toString('base64') };
      const noTenant = await fetch(url, { headers: basic });
      expect([noTenant.status, (await noTenant.text()).trim()]).toEqual([401, 'no org id']);
      expect((await fetch(url, { headers: { ...basic, 'x-scope-orgid': 'a' } })).status).toBe(200);
    } finally {
      await guarded.stop();
    }
  });
});
