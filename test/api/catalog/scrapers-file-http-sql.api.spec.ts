import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import { reachable } from '../../support/check-context';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * The `file`, `http` and `sql` scraper types through the catalogue engine's API, against real peers: files in a
 * temp dir (items, a change with its diff after an edit, a stale delete after a removal), an HTTP server with three
 * linked pages, and scratch tables on Postgres and MariaDB (one item per row).
 */
describe('file, http and sql scrapers', () => {
  let t: TestApp;
  let editor: SignedInAgent;
  let dir: string;

  beforeAll(async () => {
    // The scratch Postgres table lives on the server that also holds the console's database: allowed explicitly.
    // File scrapers may read only below SCRAPER_FILE_ROOTS: the scratch folder.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scrapers-api-'));
    t = await TestApp.start({ SCRAPER_SCHEDULER: 'off', OUTBOUND_ALLOW: '127.0.0.1:5432', SCRAPER_FILE_ROOTS: dir });
    editor = await t.signInAs(['editor']);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.stop();
  });

  const post = (p: string, body: object) => editor.agent.post(p).set('x-csrf-token', editor.csrf).send(body);
  const create = async (name: string, spec: Record<string, unknown>) =>
    (await post('/api/scrapers', { name, namespace: 'default', spec: { schedule: '@every 60m', ...spec } }).expect(201)).body.id as string;
  const run = async (id: string) => (await post(`/api/scrapers/${id}/run`, {}).expect(200)).body;
  const items = async (scraperId: string) =>
    (
      await t.pool.query(
        `select id, external_id, type, name, config, source, deleted_at, delete_reason from config_items where scraper_id = $1 order by external_id`,
        [scraperId],
      )
    ).rows;

  describe('file', () => {
    let id: string;
    const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);

    it('creates one item per file, in its format', async () => {
      write('web.json', JSON.stringify({ id: 'web', kind: 'App', replicas: 1 }));
      write('db.yaml', 'id: db\nkind: Database\nsize: 10\n');
      write('cache.properties', 'id=cache\nkind=Cache\nttl=60\n');
      id = await create('files', { file: [{ paths: [`${dir}/*`], id: '$.id', type: '$.kind', name: '$.id' }] });
      const result = await run(id);
      expect(result).toMatchObject({ status: 'SUCCESS', success_count: 3, error_count: 0 });
      const stored = await items(id);
      expect(stored.map((r) => [r.external_id, r.type, r.source])).toEqual([
        ['cache', 'Cache', path.join(dir, 'cache.properties')],
        ['db', 'Database', path.join(dir, 'db.yaml')],
        ['web', 'App', path.join(dir, 'web.json')],
      ]);
      expect(stored[1].config).toEqual({ id: 'db', kind: 'Database', size: 10 });
      expect(stored[0].config).toEqual({ id: 'cache', kind: 'Cache', ttl: '60' });
      // And through the data API.
      const api = await editor.agent.get(`/api/db/config_items?scraper_id=eq.${id}&select=name,type&order=name.asc`).expect(200);
      expect(api.body).toEqual([
        { name: 'cache', type: 'Cache' },
        { name: 'db', type: 'Database' },
        { name: 'web', type: 'App' },
      ]);
    });

    it('records one change with a diff when a file is edited', async () => {
      write('web.json', JSON.stringify({ id: 'web', kind: 'App', replicas: 3 }));
      const result = await run(id);
      expect(result.scrape_summary.App).toMatchObject({ updated: 1, changes: 1 });
      const web = (await items(id)).find((r) => r.external_id === 'web')!;
      const changes = (await t.pool.query(`select change_type, diff, patches from config_changes where config_id = $1`, [web.id])).rows;
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ change_type: 'diff', patches: { replicas: 3 } });
      expect(changes[0].diff).toMatch(/-\s+"replicas": 1,?\n\+\s+"replicas": 3/);
    });

    it('soft-deletes the item of a removed file (STALE)', async () => {
      fs.rmSync(path.join(dir, 'db.yaml'));
      const result = await run(id);
      expect(result.status).toBe('SUCCESS');
      const stored = await items(id);
      const db = stored.find((r) => r.external_id === 'db')!;
      expect(db.deleted_at).not.toBeNull();
      expect(db.delete_reason).toBe('STALE');
      expect(stored.filter((r) => r.deleted_at === null).map((r) => r.external_id)).toEqual(['cache', 'web']);
    });

    it('reports a pattern whose directory is missing in the run errors', async () => {
      const other = await create('missing-dir', { file: [{ paths: [`${dir}/nowhere/*.json`], id: '$.id', type: '$.kind' }] });
      const result = await run(other);
      expect(result.status).not.toBe('SUCCESS');
      expect(result.errors.join('\n')).toContain(`${path.join(dir, 'nowhere')} does not exist`);
    });
  });

  describe('http', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        const n = Number(/page=(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
        if (!n) return void res.writeHead(404).end();
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            items: [
              { id: `svc-${n}a`, kind: 'Service' },
              { id: `svc-${n}b`, kind: 'Service' },
            ],
            next: n < 3 ? `/svc?page=${n + 1}` : null,
          }),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('scrapes every page nextPageExpr links to, split by items', async () => {
      const id = await create('api', {
        http: [{ url: `${base}/svc?page=1`, pagination: { nextPageExpr: 'response.body.next', maxPages: 5 }, items: '$.items', id: '$.id', type: '$.kind' }],
      });
      const result = await run(id);
      expect(result).toMatchObject({ status: 'SUCCESS', error_count: 0 });
      expect((await items(id)).map((r) => r.external_id)).toEqual(['svc-1a', 'svc-1b', 'svc-2a', 'svc-2b', 'svc-3a', 'svc-3b']);
    });
  });

  describe('sql', () => {
    const table = `scrapers_api_${process.pid}`;

    it('makes one item per row on Postgres', async () => {
      if (!(await reachable('127.0.0.1', 5432))) return console.warn('no Postgres on 127.0.0.1:5432: skipped');
      const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
      await admin.connect();
      try {
        await admin.query(`CREATE TABLE ${table} (name text PRIMARY KEY, kind text)`);
        await admin.query(`INSERT INTO ${table} VALUES ('orders', 'Table'), ('users', 'Table'), ('events', 'Table')`);
        const id = await create('pg', {
          sql: [{ connection: 'postgres://postgres@127.0.0.1:5432/test', query: `SELECT name, kind FROM ${table}`, id: '$.name', type: 'Postgres::Table' }],
        });
        const result = await run(id);
        expect(result).toMatchObject({ status: 'SUCCESS', success_count: 3 });
        expect((await items(id)).map((r) => [r.external_id, r.type, r.config])).toEqual([
          ['events', 'Postgres::Table', { name: 'events', kind: 'Table' }],
          ['orders', 'Postgres::Table', { name: 'orders', kind: 'Table' }],
          ['users', 'Postgres::Table', { name: 'users', kind: 'Table' }],
        ]);
      } finally {
        await admin.query(`DROP TABLE IF EXISTS ${table}`);
        await admin.end();
      }
    });

    it('makes one item per row on MariaDB', async () => {
      if (!(await reachable('127.0.0.1', 3306))) return console.warn('no MariaDB on 127.0.0.1:3306: skipped');
      const admin = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
      try {
        await admin.query(`CREATE TABLE ${table} (name varchar(20) PRIMARY KEY, engine varchar(20))`);
        await admin.query(`INSERT INTO ${table} VALUES ('carts', 'InnoDB'), ('logs', 'Aria')`);
        const id = await create('maria', {
          sql: [{ connection: 'mysql://root@127.0.0.1:3306/test', query: `SELECT name, engine FROM ${table}`, id: '$.name', type: 'MySQL::Table' }],
        });
        const result = await run(id);
        expect(result).toMatchObject({ status: 'SUCCESS', success_count: 2 });
        expect((await items(id)).map((r) => [r.external_id, r.type, r.config])).toEqual([
          ['carts', 'MySQL::Table', { name: 'carts', engine: 'InnoDB' }],
          ['logs', 'MySQL::Table', { name: 'logs', engine: 'Aria' }],
        ]);
      } finally {
        await admin.query(`DROP TABLE IF EXISTS ${table}`);
        await admin.end();
      }
    });
  });
});
