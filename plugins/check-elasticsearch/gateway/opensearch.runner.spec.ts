import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { itReportsUnreachableAndSilentPeers } from '../../../test/support/http-check-failures';
import { startSearchEnginePeer, type SearchEnginePeer } from '../../../test/support/peers/search-engine';
import { OpenSearchCheckRunner } from './elasticsearch.runner';

/** Secrets as canary-checker writes them (`valueFrom.secretKeyRef`), resolved by the run context. */
const SECRETS: Record<string, string> = { OPENSEARCH_USERNAME: 'admin', OPENSEARCH_PASSWORD: 'Adm1n!pass' };
const context = (timeoutMs = 2000): CheckRunContext =>
  checkContext(timeoutMs, async (ref) => SECRETS[(ref as { valueFrom?: { secretKeyRef?: { key?: string } } })?.valueFrom?.secretKeyRef?.key ?? ''] ?? null);
const secretRef = (key: string) => ({ valueFrom: { secretKeyRef: { name: 'search', key } } });

describe('opensearch check', () => {
  const runner = new OpenSearchCheckRunner();
  let os: SearchEnginePeer;
  // canary-checker's opensearch_pass fixture, pointed at the peer.
  const check = (overrides: Record<string, unknown> = {}) => ({
    name: 'opensearch_pass',
    url: os.url,
    index: 'index',
    query: '{\n  "query": {\n    "term": {\n      "system.version": "v1.0"\n    }\n  }\n}\n',
    results: 1,
    username: secretRef('OPENSEARCH_USERNAME'),
    password: secretRef('OPENSEARCH_PASSWORD'),
    ...overrides,
  });

  beforeAll(async () => {
    os = await startSearchEnginePeer({ distribution: 'opensearch', auth: { username: 'admin', password: 'Adm1n!pass' } });
    os.index('index', [
      { system: { version: 'v1.0' }, app: 'shop' },
      { system: { version: 'v2.0' }, app: 'shop' },
    ]);
  });
  afterAll(async () => {
    await os?.stop();
  });

  it('runs against a peer that identifies as OpenSearch', async () => {
    const res = await fetch(`${os.url}/`, { headers: { authorization: 'Basic ' + Buffer.from('admin:Adm1n!pass').toString('base64') } });
    expect(await res.json()).toMatchObject({ version: { distribution: 'opensearch' } });
  });

  it('passes when the hit count equals results, authenticated with secret references', async () => {
    const r = await runner.run(check(), context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, message: '1 hit', details: { count: 1 } });
    expect(r.details.hits).toEqual([{ _index: 'index', _id: '1', _score: 1, _source: { system: { version: 'v1.0' }, app: 'shop' } }]);
    expect(os.requests[os.requests.length - 1]).toMatchObject({
      method: 'POST',
      path: '/index/_search',
      authorization: 'Basic ' + Buffer.from('admin:Adm1n!pass').toString('base64'),
    });
  });

  it('fails naming both numbers when the count differs', async () => {
    const r = await runner.run(check({ query: '{"query":{"match":{"app":"shop"}}}' }), context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'query returned 2 hits, expected 1', details: { count: 2 } });
  });

  it("fails with the server's reason on a missing index and on missing credentials", async () => {
    expect(await runner.run(check({ index: 'gone' }), context())).toMatchObject({ pass: false, message: 'no such index [gone]' });
    const anonymous = await runner.run(check({ username: undefined, password: undefined }), context());
    expect(anonymous).toMatchObject({ pass: false, message: 'missing authentication credentials for REST request [/index/_search]', details: { code: 401 } });
  });

  itReportsUnreachableAndSilentPeers(runner, (url) => check({ url }));

  it('is invalid, naming the field', async () => {
    expect(runner.validate({ name: 'o' })).toEqual(['url: required', 'index: required']);
    expect(runner.validate({ name: 'o', url: 'http://os:9200', index: 'logs', query: 'term:x', results: 1.5 })).toEqual([
      expect.stringMatching(/^query: not valid JSON \(/),
      'results: must be an integer ≥ 0',
    ]);
    expect(await runner.run({ name: 'o', index: 'logs' }, context())).toMatchObject({ pass: false, invalid: true, message: 'url: required' });
  });
});

describe('opensearch check registration', () => {
  it("contributes to the 'checks' extension point as 'opensearch'", () => {
    expect(extensionsOf(OpenSearchCheckRunner)).toEqual([{ point: 'checks', id: 'opensearch' }]);
    expect(new OpenSearchCheckRunner().type).toBe('opensearch');
  });
});
