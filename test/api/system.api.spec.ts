import { TestApp } from '../support/test-app';

describe('probes, metrics, about and OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.stop());

  it('answers /healthz and /readyz without signing in', async () => {
    await t.http().get('/healthz').expect(200, { status: 'ok' });
    const ready = await t.http().get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ok', database: true });
  });

  it('exposes Prometheus metrics with process metrics and the HTTP histogram', async () => {
    await t.http().get('/api/about').expect(200);
    const res = await t.http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/about"/);
  });

  it('tells the backend version in /api/about', async () => {
    const res = await t.http().get('/api/about').expect(200);
    expect(res.body).toMatchObject({ name: 'ops-console', database: 'external' });
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('serves an OpenAPI document generated from the code', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/properties', '/api/features']));
    await t.http().get('/api/docs/').expect(200).expect('Content-Type', /html/);
  });

  it('serves the project docs for the help menu as HTML pages with working anchors, and only them', async () => {
    const index = await t.http().get('/docs/').expect(200).expect('Content-Type', /html/);
    expect(index.text).toContain('href="/docs/architecture"');
    const page = await t.http().get('/docs/operations').expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('<title>Operations · Console docs</title>');
    expect(page.text).toMatch(/<h2[^>]* id="kubeconfig"/); // the kubeconfig dialog links to /docs/operations#kubeconfig
    expect(page.text).not.toContain('## kubeconfig');
    expect(page.text).toContain('href="/docs/security"'); // a link to security.md goes to the rendered page
    const raw = await t
      .http()
      .get('/docs/operations.md')
      .expect(200)
      .expect('Content-Type', /markdown/);
    expect(raw.text).toContain('## kubeconfig');
    await t.http().get('/docs/..%2Fpackage').expect(404);
    await t.http().get('/docs/nope').expect(404);
  });

  it('renders only what Markdown makes: raw HTML is text and script links are dropped', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-'));
    fs.writeFileSync(
      path.join(dir, 'evil.md'),
      '# Evil\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) and [ok](https://example.org)\n',
    );
    const docs = await TestApp.start({ DOCS_DIR: dir });
    try {
      const page = await docs.http().get('/docs/evil').expect(200);
      expect(page.text).not.toMatch(/<script>alert|<img src=x|href="javascript:/);
      expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.text).toContain('<a href="https://example.org" rel="noreferrer">ok</a>');
    } finally {
      await docs.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers unknown API paths with JSON 404, never HTML', async () => {
    const res = await t.http().get('/api/no-such-thing').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body.code).toBe('not_found');
  });

  it('answers malformed JSON with 400 and bodies over 1 MiB with 413, in the JSON error shape', async () => {
    const { agent, csrf } = await t.signInAs(['admin']);
    const bad = await agent.post('/api/properties').set('x-csrf-token', csrf).set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(bad.body).toMatchObject({ code: 'invalid_json' });
    const big = await agent
      .post('/api/properties')
      .set('x-csrf-token', csrf)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'big', value: 'x'.repeat(1024 * 1024 + 10) }))
      .expect(413);
    expect(big.body).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
    const { rows } = await t.pool.query(`select 1 from properties where name = 'big'`);
    expect(rows).toHaveLength(0);
  });
});
