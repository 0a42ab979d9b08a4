import { startOpenSearchPeer, type OpenSearchPeer } from '../../../test/support/peers/opensearch-peer';

/**
 * The OpenSearch peer the type is tested against keeps to OpenSearch's documented behaviour: what OpenSearch refuses,
 * it refuses with OpenSearch's error shape, and what it answers has OpenSearch's shape. (Requests straight to the
 * peer, not through the type.)
 */
describe('the OpenSearch peer', () => {
  let peer: OpenSearchPeer;

  beforeAll(async () => {
    peer = await startOpenSearchPeer();
    peer.index('logs', [
      { _id: '1', '@timestamp': '2024-05-01T10:00:00Z', message: 'Payment accepted', service: 'checkout' },
      { _id: '2', '@timestamp': '2024-05-01T11:00:00Z', message: 'payment failed', service: 'checkout', http: { status: 500 } },
      { _id: '3', '@timestamp': '2024-05-01T12:00:00Z', message: 'cart emptied', service: 'cart', http: { status: 200 } },
    ]);
  });
  afterAll(() => peer.stop());

  async function search(body: unknown, index = 'logs', headers: Record<string, string> = { 'content-type': 'application/json' }) {
    const res = await fetch(`${peer.url}/${index}/_search`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json() };
  }
  const ids = (r: { json: { hits: { hits: { _id: string }[] } } }) => r.json.hits.hits.map((h) => h._id);

  it('answers hits in the documented shape: sorted hits carry their sort values, totals unless turned off', async () => {
    const sorted = await search({ sort: [{ '@timestamp': 'desc' }], size: 2, _source: ['message'] });
    expect(sorted.json).toMatchObject({
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: { value: 3, relation: 'eq' },
        max_score: null,
        hits: [
          { _index: 'logs', _id: '3', _score: null, _source: { message: 'cart emptied' }, sort: [Date.parse('2024-05-01T12:00:00Z')] },
          { _index: 'logs', _id: '2', _score: null, _source: { message: 'payment failed' }, sort: [Date.parse('2024-05-01T11:00:00Z')] },
        ],
      },
    });
    const untracked = await search({ track_total_hits: false, size: 1 });
    expect(untracked.json.hits).not.toHaveProperty('total');
    expect(untracked.json.hits.hits[0]._source).toEqual({ '@timestamp': '2024-05-01T10:00:00Z', message: 'Payment accepted', service: 'checkout' });
  });

  it('runs range, match_phrase, simple_query_string and query_string as documented', async () => {
    const q = (query: unknown) => search({ query, sort: [{ '@timestamp': 'asc' }] }).then(ids);
    expect(await q({ range: { '@timestamp': { gt: '2024-05-01T10:00:00Z', lte: Date.parse('2024-05-01T11:00:00Z') } } })).toEqual(['2']);
    expect(await q({ range: { 'http.status': { gte: 500 } } })).toEqual(['2']);
    expect(await q({ match_phrase: { message: 'PAYMENT failed' } })).toEqual(['2']);
    expect(await q({ match_phrase: { message: 'failed payment' } })).toEqual([]);
    expect(await q({ simple_query_string: { query: 'payment -failed', fields: ['message'], default_operator: 'AND' } })).toEqual(['1']);
    expect(await q({ simple_query_string: { query: 'accepted | emptied', fields: ['message'] } })).toEqual(['1', '3']);
    expect(await q({ simple_query_string: { query: 'pay*', fields: ['message'] } })).toEqual(['1', '2']);
    expect(await q({ query_string: { query: 'service:checkout AND NOT message:accepted' } })).toEqual(['2']);
    expect(await q({ query_string: { query: 'service:(cart OR nothing) OR http.status:500' } })).toEqual(['2', '3']);
    expect(await q({ query_string: { query: 'service.keyword:checkout AND emp*' } })).toEqual([]);
    expect(await q({ query_string: { query: 'Emptied' } })).toEqual(['3']);
    expect(await q({ bool: { filter: [{ term: { 'service.keyword': 'cart' } }], must_not: [{ match_phrase: { message: 'accepted' } }] } })).toEqual(['3']);
  });

  it("refuses what OpenSearch refuses, with OpenSearch's error shape", async () => {
    const missing = await search({}, 'nope');
    expect(missing).toEqual({
      status: 404,
      json: {
        error: {
          root_cause: [
            {
              type: 'index_not_found_exception',
              reason: 'no such index [nope]',
              index: 'nope',
              'resource.id': 'nope',
              'resource.type': 'index_or_alias',
              index_uuid: '_na_',
            },
          ],
          type: 'index_not_found_exception',
          reason: 'no such index [nope]',
          index: 'nope',
          'resource.id': 'nope',
          'resource.type': 'index_or_alias',
          index_uuid: '_na_',
        },
        status: 404,
      },
    });
    const reason = async (body: unknown, index = 'logs') => {
      const r = await search(body, index);
      return [r.status, r.json.error.root_cause[0].type, r.json.error.root_cause[0].reason];
    };
    expect(await reason({ aggs: {} })).toEqual([400, 'parsing_exception', 'Unknown key for a START_OBJECT in [aggs].']);
    expect(await reason({ size: 10_001 })).toEqual([
      400,
      'illegal_argument_exception',
      'Result window is too large, from + size must be less than or equal to: [10000] but was [10001]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.',
    ]);
    expect(await reason({ sort: ['message'] })).toEqual([400, 'illegal_argument_exception', expect.stringMatching(/^Text fields are not optimised/)]);
    expect(await reason({ sort: [{ ts: 'desc' }] })).toEqual([400, 'query_shard_exception', 'No mapping found for [ts] in order to sort on']);
    expect(await reason({ query: { query_string: { query: 'service:(cart' } } })).toEqual([
      400,
      'query_shard_exception',
      'Failed to parse query [service:(cart]',
    ]);
    expect(await reason({ query: { wildcard: { message: 'pay*' } } })).toEqual([400, 'parsing_exception', 'unknown query [wildcard]']);
    expect(await reason({ query: { range: { '@timestamp': { gte: 'yesterday' } } } })).toEqual([
      400,
      'parse_exception',
      'failed to parse date field [yesterday] with format [strict_date_optional_time||epoch_millis]',
    ]);
    expect(await reason({}, 'Logs')).toEqual([400, 'invalid_index_name_exception', 'Invalid index name [Logs], must be lowercase']);
    // An unmapped sort field is fine with unmapped_type, and a pattern that matches nothing is an empty answer.
    expect((await search({ sort: [{ ts: { order: 'desc', unmapped_type: 'date' } }] })).status).toBe(200);
    expect(ids(await search({ sort: [{ ts: 'desc' }] }, 'none-*'))).toEqual([]);
  });

  it('wants a JSON content type, and Basic credentials when secured', async () => {
    const res = await fetch(`${peer.url}/logs/_search`, { method: 'POST', body: '{}' });
    expect([res.status, await res.json()]).toEqual([406, { error: 'Content-Type header [text/plain;charset=UTF-8] is not supported', status: 406 }]);
    const secured = await startOpenSearchPeer({ auth: { username: 'u', password: 'p' } });
    try {
      const denied = await fetch(`${secured.url}/logs/_search`);
      expect([denied.status, denied.headers.get('www-authenticate'), await denied.text()]).toEqual([401, 'Basic realm="OpenSearch Security"', 'Unauthorized']);
    } finally {
      await secured.stop();
    }
  });
});
