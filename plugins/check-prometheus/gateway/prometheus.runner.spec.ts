import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import type { CheckResult, CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { itReportsUnreachableAndSilentPeers } from '../../../test/support/http-check-failures';
import { startHttpPeer, type HttpPeer } from '../../../test/support/peers/http-peer';
import { startPrometheus, type PrometheusPeer } from '../../../test/support/peers/prometheus';
// The health area's own expression pipeline, so the `test` below is evaluated exactly as a scheduled run would be.
import { ExpressionEvaluator } from '@gateway/core/cel';
import { applyExpressions } from '@gateway/core/checks/expressions';
import { PrometheusCheckRunner } from './prometheus.runner';

const context = (timeoutMs = 5000): CheckRunContext =>
  checkContext(timeoutMs, async (ref) => (ref as { valueFrom?: { literal?: string } })?.valueFrom?.literal ?? null);

describe('prometheus check against the real Prometheus', () => {
  const runner = new PrometheusCheckRunner();
  let prometheus: PrometheusPeer | null = null;
  /** The first `up` answer with a sample: Prometheus scrapes itself a few seconds after it is ready. */
  let up: CheckResult | null = null;

  beforeAll(async () => {
    prometheus = await startPrometheus();
    if (!prometheus) return;
    for (;;) {
      const r = await runner.run({ name: 'up', url: prometheus.url, query: 'up' }, context());
      if (!r.pass || (r.details.results as unknown[]).length > 0) {
        up = r;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(async () => {
    await prometheus?.stop();
  });

  it('passes on `up` once the first scrape is stored, with labels and value per series', () => {
    if (!prometheus) return;
    expect(up).toMatchObject({ pass: true, invalid: false, error: null, message: '1 result' });
    expect(up!.details.results).toEqual([{ __name__: 'up', instance: prometheus.url.replace('http://', ''), job: 'prometheus', value: 1 }]);
    expect(up!.details.value).toBe(1);
    expect(up!.details.json).toMatchObject({ status: 'success', data: { resultType: 'vector' } });
  });

  it('accepts the deprecated `host` field and a scalar query', async () => {
    if (!prometheus) return;
    const r = await runner.run({ name: 's', host: prometheus.url.replace('http://', ''), query: 'scalar(vector(42))' }, context());
    expect(r).toMatchObject({ pass: true, details: { results: [{ value: 42 }], value: 42 } });
  });

  it("fails with Prometheus' own parse error on a bad query", async () => {
    if (!prometheus) return;
    const r = await runner.run({ name: 'bad', url: prometheus.url, query: 'up{' }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/parse error/);
    expect(r.message).toContain('unexpected end of input inside braces');
    expect(r.error).toBe(r.message);
  });

  it('lets the `test` expression judge the results', async () => {
    if (!prometheus) return;
    const expressions = new ExpressionEvaluator({ expressions: { timeoutMs: 5000, workers: 1 } });
    const holds = await applyExpressions({ name: 'up', test: { expr: "results.exists(r, r.job == 'prometheus') && size(results) == 1" } }, up!, expressions);
    expect(holds).toMatchObject({ pass: true, invalid: false });
    const fails = await applyExpressions({ name: 'up', test: { expr: "results.exists(r, r.job == 'node')" } }, up!, expressions);
    await expressions.onModuleDestroy();
    expect(fails).toMatchObject({ pass: false, invalid: false });
    expect(fails.message).toBe('1 result');
    expect(fails.error).toBe("test failed: results.exists(r, r.job == 'node')");
  });
});

describe('prometheus check', () => {
  const runner = new PrometheusCheckRunner();
  let peer: HttpPeer;
  beforeAll(async () => {
    peer = await startHttpPeer((app) => {
      app.get('/prom/api/v1/query', (_req, res) => res.json({ status: 'success', data: { resultType: 'vector', result: [] } }));
    });
  });
  afterAll(async () => {
    await peer?.stop();
  });

  it('sends basic auth from username/password, or the bearer token, and keeps the URL path prefix', async () => {
    await runner.run({ name: 'a', url: `${peer.url}/prom/`, query: 'sum(up) by (job)', username: 'alice', password: { value: 's3cret' } }, context());
    const basic = peer.requests[peer.requests.length - 1];
    expect(basic).toMatchObject({ path: '/prom/api/v1/query', query: { query: 'sum(up) by (job)' } });
    expect(basic.headers.authorization).toBe('Basic ' + Buffer.from('alice:s3cret').toString('base64'));
    const r = await runner.run({ name: 'b', url: `${peer.url}/prom`, query: 'up', bearer: { valueFrom: { literal: 'tok' } } }, context());
    expect(r).toMatchObject({ pass: true, message: '0 results', details: { results: [], value: null } });
    expect(peer.requests[peer.requests.length - 1].headers.authorization).toBe('Bearer tok');
  });

  it('fails when the URL is not a Prometheus API', async () => {
    const r = await runner.run({ name: 'x', url: `${peer.url}/elsewhere`, query: 'up' }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/^HTTP 404: not a Prometheus API answer/);
  });

  itReportsUnreachableAndSilentPeers(runner, (url) => ({ name: 'h', url, query: 'up' }));

  it('is invalid, naming the field, without a url or a query', async () => {
    expect(runner.validate({ name: 'x' })).toEqual(['url: required', 'query: required']);
    expect(runner.validate({ name: 'x', url: 'ftp://a', query: 'up' })).toEqual(['url: must be an http:// or https:// URL']);
    expect(runner.validate({ name: 'x', connection: 'connection://prometheus/main', query: 'up' })).toEqual([]);
    expect(await runner.run({ name: 'x', url: 'http://127.0.0.1:1' }, context())).toMatchObject({ pass: false, invalid: true, message: 'query: required' });
  });
});

describe('prometheus check registration', () => {
  it("contributes to the 'checks' extension point as 'prometheus'", () => {
    expect(extensionsOf(PrometheusCheckRunner)).toEqual([{ point: 'checks', id: 'prometheus' }]);
    expect(new PrometheusCheckRunner().type).toBe('prometheus');
  });
});
