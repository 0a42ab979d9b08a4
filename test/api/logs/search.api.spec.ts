import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LogSearchResponse } from '@contracts';
import { TestApp, type SignedInAgent } from '../../support/test-app';

const MINUTE = 60_000;

/**
 * The logs page's calls (spec 01 /logs, issue 13): a component's log search over a `file` backend (JSON and NDJSON),
 * truncation, the resolution errors, a secret of the backend's connection redacted from lines (`postgres` backend),
 * and the file roots.
 */
describe('log search', () => {
  let t: TestApp;
  let viewer: SignedInAgent;
  let root: string;
  let outside: string;
  const now = Date.now();
  const iso = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();

  const component = async (name: string, logs: unknown, deleted = false) =>
    (
      await t.pool.query<{ id: string }>(`INSERT INTO components (name, type, icon, logs, deleted_at) VALUES ($1, 'Service', 'server', $2, $3) RETURNING id`, [
        name,
        JSON.stringify(logs),
        deleted ? new Date() : null,
      ])
    ).rows[0].id;
  const backend = async (name: string, spec: unknown) => {
    await t.pool.query(`INSERT INTO logging_backends (name, spec) VALUES ($1, $2)`, [name, JSON.stringify(spec)]);
  };
  const search = (body: object, who: SignedInAgent = viewer) => who.agent.post('/api/logs').set('x-csrf-token', who.csrf).send(body);

  let app: string;
  let worker: string;

  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'logs-api-')));
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'logs-api-outside-')));
    fs.mkdirSync(path.join(root, 'app'));
    // Written oldest first, as a log is: the newest line is the file's last.
    const lines = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({ level: i % 10 === 0 ? 50 : 30, time: now - (30 - i) * MINUTE, msg: `request ${i}`, pid: 1 }),
    );
    fs.writeFileSync(path.join(root, 'app', 'app.log'), lines.join('\n') + '\n');
    fs.writeFileSync(path.join(root, 'app', 'worker.log'), [`${iso(5)} ERROR job 7 failed`, `${iso(2)} INFO job 8 done`].join('\n') + '\n');
    fs.writeFileSync(path.join(outside, 'secret.log'), 'top secret\n');
    t = await TestApp.start({ LOG_FILE_ROOTS: root, OUTBOUND_ALLOW: '127.0.0.1:5432', LOGS_TIMEOUT_MS: '5000' });
    viewer = await t.signInAs(['viewer']);
    await backend('files', { file: { path: 'app/app.log', labels: { app: 'shop' } } });
    await backend('worker-files', { file: { path: path.join(root, 'app', 'worker.log'), pattern: '^(?<time>\\S+) (?<level>[A-Z]+) (?<message>.*)$' } });
    app = await component('shop-api', [
      { name: 'app', backend: 'files' },
      { name: 'worker', backend: 'worker-files', query: 'job' },
    ]);
    worker = await component('worker', [{ name: 'worker', backend: 'worker-files' }]);
    await component('no-logs', []);
    await component('gone', [{ name: 'app', backend: 'files' }], true);
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('lists the components that name logs, by name, with their selectors', async () => {
    const res = await viewer.agent.get('/api/logs/components').expect(200);
    expect(res.body).toEqual([
      {
        id: app,
        name: 'shop-api',
        icon: 'server',
        type: 'Service',
        logs: [
          { name: 'app', backend: 'files' },
          { name: 'worker', backend: 'worker-files' },
        ],
      },
      { id: worker, name: 'worker', icon: 'server', type: 'Service', logs: [{ name: 'worker', backend: 'worker-files' }] },
    ]);
    expect((await viewer.agent.get('/api/logs/components?q=SHOP').expect(200)).body.map((c: { name: string }) => c.name)).toEqual(['shop-api']);
    expect((await viewer.agent.get('/api/logs/components?q=%25').expect(200)).body).toEqual([]);
    expect((await viewer.agent.get(`/api/logs/components/${worker}`).expect(200)).body).toEqual({
      id: worker,
      name: 'worker',
      icon: 'server',
      type: 'Service',
      logs: [{ name: 'worker', backend: 'worker-files' }],
    });
    const missing = await viewer.agent.get('/api/logs/components/00000000-0000-4000-8000-000000000001').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'Component not found' });
  });

  it("answers a component's first selector's lines newest first as JSON", async () => {
    const res = await search({ id: app }).expect(200);
    const body = res.body as LogSearchResponse;
    expect(body.backend).toEqual({ name: 'files', type: 'file' });
    expect(body.limit).toBe(500);
    expect(body.truncated).toBe(false);
    expect(body.results).toHaveLength(30);
    expect(body.results[0]).toEqual({
      timestamp: iso(1),
      message: 'request 29',
      level: 'info',
      labels: { app: 'shop', file: path.join(root, 'app', 'app.log'), pid: '1' },
    });
    expect(body.results[29].message).toBe('request 0');
    expect(body.results.filter((l) => l.level === 'error').map((l) => l.message)).toEqual(['request 20', 'request 10', 'request 0']);
    // Free text, the window (relative start), another selector with its own query.
    expect((await search({ id: app, query: 'REQUEST 1' }).expect(200)).body.results.map((l: { message: string }) => l.message)).toEqual([
      'request 19',
      'request 18',
      'request 17',
      'request 16',
      'request 15',
      'request 14',
      'request 13',
      'request 12',
      'request 11',
      'request 10',
      'request 1',
    ]);
    expect((await search({ id: app, start: 'now-5m' }).expect(200)).body.results).toHaveLength(4);
    expect((await search({ id: app, start: iso(10), end: iso(8) }).expect(200)).body.results.map((l: { message: string }) => l.message)).toEqual([
      'request 22',
      'request 21',
      'request 20',
    ]);
    const worked = (await search({ id: app, name: 'worker' }).expect(200)).body;
    expect(worked.backend).toEqual({ name: 'worker-files', type: 'file' });
    expect(worked.results).toEqual([
      { timestamp: iso(2), message: 'job 8 done', level: 'info', labels: { file: path.join(root, 'app', 'worker.log') } },
      { timestamp: iso(5), message: 'job 7 failed', level: 'error', labels: { file: path.join(root, 'app', 'worker.log') } },
    ]);
  });

  it('says when more lines matched than were answered', async () => {
    const body = (await search({ id: app, limit: 3 }).expect(200)).body;
    expect(body).toMatchObject({ truncated: true, limit: 3 });
    expect(body.results.map((l: { message: string }) => l.message)).toEqual(['request 29', 'request 28', 'request 27']);
    expect((await search({ id: app, limit: 30 }).expect(200)).body.truncated).toBe(false);
    expect((await search({ id: app, limit: 29 }).expect(200)).body.truncated).toBe(true);
    await search({ id: app, limit: 5001 }).expect(400);
    await search({ id: app, limit: 0 }).expect(400);
  });

  it('streams NDJSON: a line per log line, then the end', async () => {
    const res = await viewer.agent
      .post('/api/logs')
      .set('x-csrf-token', viewer.csrf)
      .set('Accept', 'application/x-ndjson')
      .send({ id: app, limit: 4 })
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const parts = (res.body as string)
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(parts.slice(0, 4).map((p) => p.line.message)).toEqual(['request 29', 'request 28', 'request 27', 'request 26']);
    expect(parts[0].line.labels.app).toBe('shop');
    expect(parts[4]).toEqual({ end: { truncated: true, limit: 4, backend: { name: 'files', type: 'file' } } });
    expect(parts).toHaveLength(5);
    // An error before the stream begins is the usual JSON answer.
    const missing = await viewer.agent
      .post('/api/logs')
      .set('x-csrf-token', viewer.csrf)
      .set('Accept', 'application/x-ndjson')
      .send({ id: '00000000-0000-4000-8000-000000000001' })
      .expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.body.message).toBe('Component not found');
  });

  it('names what does not resolve: the component, the selector, the backend, the time', async () => {
    expect((await search({ id: '00000000-0000-4000-8000-000000000001' }).expect(404)).body.message).toBe('Component not found');
    await search({ id: 'not-a-uuid' }).expect(400);
    const gone = (await t.pool.query(`SELECT id FROM components WHERE name = 'gone'`)).rows[0].id;
    expect((await search({ id: gone }).expect(404)).body.message).toBe('Component not found');
    const none = (await t.pool.query(`SELECT id FROM components WHERE name = 'no-logs'`)).rows[0].id;
    expect((await search({ id: none }).expect(400)).body).toMatchObject({ code: 'no_log_selectors', message: "The component 'no-logs' names no logs" });
    expect((await search({ id: app, name: 'nginx' }).expect(400)).body).toMatchObject({
      code: 'unknown_log_selector',
      message: "The component 'shop-api' has no log selector 'nginx'; it has: app, worker",
      details: { selectors: ['app', 'worker'] },
    });
    const orphan = await component('orphan', [{ name: 'app', backend: 'nowhere' }]);
    expect((await search({ id: orphan }).expect(400)).body).toMatchObject({
      code: 'unknown_log_backend',
      message: "No logging backend is named 'nowhere' (log selector 'app')",
    });
    // No backend named: only one backend may be meant.
    const unnamed = await component('unnamed', [{ name: 'app' }]);
    expect((await search({ id: unnamed }).expect(400)).body).toMatchObject({ code: 'ambiguous_log_backend' });
    expect((await search({ id: app, start: 'yesterday' }).expect(400)).body.message).toBe(
      'start: use an ISO time or now-<n><unit> such as now-15m, now-1h or now-2d',
    );
    expect((await search({ id: app, start: 'now-1m', end: 'now-1h' }).expect(400)).body.message).toBe('start: must be before end');
  });

  it('uses the only backend when a selector names none', async () => {
    const unnamed = await component('unnamed-solo', [{ name: 'logs' }]);
    // The other backends set aside for this test (soft-deleted, then back).
    const others = (
      await t.pool.query(`UPDATE logging_backends SET deleted_at = now() WHERE name <> 'worker-files' AND deleted_at IS NULL RETURNING id`)
    ).rows.map((r) => r.id);
    try {
      const body = (await search({ id: unnamed }).expect(200)).body;
      expect(body.backend).toEqual({ name: 'worker-files', type: 'file' });
      expect(body.results).toHaveLength(2);
      await t.pool.query(`UPDATE logging_backends SET deleted_at = now() WHERE name = 'worker-files'`);
      expect((await search({ id: unnamed }).expect(400)).body).toMatchObject({
        code: 'no_log_backend',
        message: 'No logging backend is configured; add one under Settings → Log Backends',
      });
    } finally {
      await t.pool.query(`UPDATE logging_backends SET deleted_at = NULL WHERE id = ANY($1) OR name = 'worker-files'`, [others]);
    }
  });

  it('refuses files outside LOG_FILE_ROOTS when searching, whatever the stored spec says', async () => {
    // Written straight into the table (the data API would refuse it): judged again by the search.
    await backend('escape', { file: { path: path.join(outside, 'secret.log') } });
    fs.symlinkSync(path.join(outside, 'secret.log'), path.join(root, 'app', 'link.log'));
    await backend('link', { file: { path: 'app/link.log' } });
    const id = await component('sneaky', [
      { name: 'escape', backend: 'escape' },
      { name: 'link', backend: 'link' },
    ]);
    for (const name of ['escape', 'link']) {
      const res = await search({ id, name }).expect(400);
      expect(res.body.code).toBe('invalid_logging_backend');
      expect(res.body.message).toMatch(/is outside the folders log files may be read from/);
      expect(JSON.stringify(res.body)).not.toContain('top secret');
    }
  });

  it("redacts the backend connection's secret from the lines answered (postgres backend)", async () => {
    const secret = 'hunter2-very-secret-password';
    await t.pool.query(`CREATE TABLE app_logs (at timestamptz, body text)`);
    await t.pool.query(`INSERT INTO app_logs VALUES (now() - interval '1 minute', $1), (now() - interval '2 minutes', 'plain')`, [`login with ${secret} ok`]);
    const admin = await t.signInAs(['admin']);
    await admin.agent
      .post('/api/connections')
      .set('x-csrf-token', admin.csrf)
      .send({ name: 'logs-db', type: 'postgres', url: t.db.url, password: secret })
      .expect((r) => expect(r.status).toBeLessThan(300));
    await backend('pg', { postgres: { connection: 'connection://logs-db', table: 'app_logs', timeColumn: 'at', messageColumn: 'body' } });
    const id = await component('db-logs', [{ name: 'db', backend: 'pg' }]);
    const body = (await search({ id }).expect(200)).body;
    expect(body.backend).toEqual({ name: 'pg', type: 'postgres' });
    expect(body.results.map((l: { message: string }) => l.message)).toEqual(['login with *** ok', 'plain']);
    expect(JSON.stringify(body)).not.toContain(secret);
  });
  it('ends a search at LOGS_TIMEOUT_MS: a 504 as JSON, an error line once the stream began', async () => {
    await backend('slow', {
      postgres: { url: t.db.url, query: "SELECT now() - interval '1 minute' AS at, pg_sleep(60)::text AS msg", timeColumn: 'at', messageColumn: 'msg' },
    });
    const id = await component('slow-logs', [{ name: 'slow', backend: 'slow' }]);
    const message = 'The log search took longer than 5000 ms; narrow the time range or the search';
    expect((await search({ id }).expect(504)).body).toMatchObject({ code: 'logs_timeout', message });
    const res = await viewer.agent
      .post('/api/logs')
      .set('x-csrf-token', viewer.csrf)
      .set('Accept', 'application/x-ndjson')
      .send({ id })
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.body).toBe(`${JSON.stringify({ error: { message } })}\n`);
  });
});
