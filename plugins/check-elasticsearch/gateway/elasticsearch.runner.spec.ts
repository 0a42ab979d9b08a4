import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { itReportsUnreachableAndSilentPeers } from '../../../test/support/http-check-failures';
import { startSearchEnginePeer, type SearchEnginePeer } from '../../../test/support/peers/search-engine';
import { ElasticsearchCheckRunner } from './elasticsearch.runner';

const context = (timeoutMs = 2000): CheckRunContext =>
  checkContext(timeoutMs, async (ref) => (ref as { valueFrom?: { literal?: string } })?.valueFrom?.literal ?? null);

const LOGS = [
  { _id: 'a', system: { role: 'api' }, message: 'disk full on node-1' },
  { _id: 'b', system: { role: 'db' }, message: 'slow query' },
  { _id: 'c', system: { role: 'api' }, message: 'request served' },
];
const byRole = (role: string) => JSON.stringify({ query: { term: { 'system.role': role } } });

describe('elasticsearch check', () => {
  const runner = new ElasticsearchCheckRunner();
  let es: SearchEnginePeer;
  let secured: SearchEnginePeer;
  let legacy: SearchEnginePeer;

  beforeAll(async () => {
    es = await startSearchEnginePeer();
    es.index('logs', LOGS);
    secured = await startSearchEnginePeer({ auth: { username: 'elastic', password: 's3cret' } });
    secured.index('logs', LOGS);
    legacy = await startSearchEnginePeer({ legacyTotal: true });
    legacy.index('logs', LOGS);
  });
  afterAll(async () => {
    await Promise.all([es?.stop(), secured?.stop(), legacy?.stop()]);
  });

  it('passes when the hit count equals results, posting the query as the search body', async () => {
    const r = await runner.run({ name: 'e', url: es.url, index: 'logs', query: byRole('api'), results: 2 }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, message: '2 hits', details: { count: 2 } });
    expect((r.details.hits as { _id: string }[]).map((h) => h._id).sort()).toEqual(['a', 'c']);
    expect(r.details.json).toMatchObject({ timed_out: false, hits: { total: { value: 2, relation: 'eq' } } });
    expect(es.requests[es.requests.length - 1]).toMatchObject({ method: 'POST', path: '/logs/_search', body: { query: { term: { 'system.role': 'api' } } } });
  });

  it('fails naming both numbers when the count differs', async () => {
    const r = await runner.run({ name: 'e', url: es.url, index: 'logs', query: byRole('api'), results: 1 }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'query returned 2 hits, expected 1', details: { count: 2 } });
    expect((await runner.run({ name: 'e', url: es.url, index: 'logs', query: byRole('cache'), results: 0 }, context())).pass).toBe(true);
  });

  it('counts the total, not the page, and takes the query as an object', async () => {
    const r = await runner.run({ name: 'e', url: es.url, index: 'log*', query: { query: { match: { message: 'DISK' } }, size: 0 }, results: '1' }, context());
    expect(r).toMatchObject({ pass: true, details: { count: 1, hits: [] } });
    const all = await runner.run({ name: 'e', url: es.url, index: 'logs', results: 3 }, context());
    expect(all).toMatchObject({ pass: true, details: { count: 3 } });
  });

  it('reads the legacy numeric hits.total', async () => {
    const r = await runner.run({ name: 'e', url: legacy.url, index: 'logs', query: byRole('db'), results: 1 }, context());
    expect(r).toMatchObject({ pass: true, details: { count: 1, json: { hits: { total: 1 } } } });
  });

  it("fails with the server's reason on a missing index or a query it rejects", async () => {
    const missing = await runner.run({ name: 'e', url: es.url, index: 'missing', query: byRole('api'), results: 1 }, context());
    expect(missing).toMatchObject({ pass: false, invalid: false, message: 'no such index [missing]', details: { code: 404 } });
    const bad = await runner.run({ name: 'e', url: es.url, index: 'logs', query: '{"query":{"fuzzy_thing":{}}}', results: 1 }, context());
    expect(bad).toMatchObject({ pass: false, message: 'unknown query [fuzzy_thing]', details: { code: 400 } });
  });

  it('sends basic auth from username/password or the older auth block, and fails without it', async () => {
    const none = await runner.run({ name: 'e', url: secured.url, index: 'logs', results: 3 }, context());
    expect(none).toMatchObject({ pass: false, message: 'missing authentication credentials for REST request [/logs/_search]', details: { code: 401 } });
    const wrong = await runner.run({ name: 'e', url: secured.url, index: 'logs', results: 3, username: 'elastic', password: 'nope' }, context());
    expect(wrong.message).toBe('unable to authenticate user [elastic] for REST request [/logs/_search]');
    const ok = await runner.run(
      { name: 'e', url: secured.url, index: 'logs', results: 3, username: { value: 'elastic' }, password: { valueFrom: { literal: 's3cret' } } },
      context(),
    );
    expect(ok).toMatchObject({ pass: true, details: { count: 3 } });
    expect(secured.requests[secured.requests.length - 1].authorization).toBe('Basic ' + Buffer.from('elastic:s3cret').toString('base64'));
    const older = await runner.run(
      { name: 'e', url: secured.url, index: 'logs', results: 3, auth: { username: { value: 'elastic' }, password: { value: 's3cret' } } },
      context(),
    );
    expect(older.pass).toBe(true);
  });

  itReportsUnreachableAndSilentPeers(runner, (url) => ({ name: 'e', url, index: 'logs', results: 1 }));

  it('is invalid, naming the field', async () => {
    expect(runner.validate({ name: 'e' })).toEqual(['url: required', 'index: required']);
    expect(runner.validate({ name: 'e', url: 'es:9200', index: 'a b', query: '{"query":', results: -1 })).toEqual([
      'url: must be an http:// or https:// URL',
      'index: must be an index name, pattern or comma list',
      'query: not valid JSON (Unexpected end of JSON input)',
      'results: must be an integer ≥ 0',
    ]);
    expect(runner.validate({ name: 'e', connection: 'connection://elasticsearch/main', index: 'logs', query: '[1]' })).toEqual([
      'query: must be a JSON object (the search body)',
    ]);
    expect(await runner.run({ name: 'e', url: es.url }, context())).toMatchObject({ pass: false, invalid: true, message: 'index: required' });
  });
});

describe('elasticsearch check registration', () => {
  it("contributes to the 'checks' extension point as 'elasticsearch'", () => {
    expect(extensionsOf(ElasticsearchCheckRunner)).toEqual([{ point: 'checks', id: 'elasticsearch' }]);
    expect(new ElasticsearchCheckRunner().type).toBe('elasticsearch');
  });
});
