import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import type { TopologyRunResult } from '@contracts';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { as } from '../playbooks/run-support';

/**
 * Topologies built from lookups against real peers: the catalogue, a scratch table on Postgres, a loopback HTTP
 * server answering JSON (display as JSONPath and as CEL), an exec script (an administrator's), and property lookups;
 * a failing lookup keeping what it found before; inline checks as canaries the topology owns.
 */
describe('topology lookups', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let scratch: TestDatabase;
  let peer: http.Server;
  let base: string;
  /** /services answers 503 with a JSON error while set. */
  let servicesDown = false;
  /** Where a script run from data (it must not be) would leave its mark; writable by the sandbox's user. */
  let markerDir: string;
  const asked: string[] = [];

  beforeAll(async () => {
    peer = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/services')
        return servicesDown ? json(503, { error: 'maintenance' }) : json(200, { items: [{ name: 'h1', type: 'Web' }, { name: 'h2' }] });
      if (req.url === '/names') return json(200, { names: ['n1', 'n2'] });
      if (req.url === '/version') return json(200, { version: 'v1.2.3' });
      if (req.url === '/health') return json(200, { ok: true });
      // Data that tries to make the console run things: a lookup, a property lookup and an inline check of its own.
      if (req.url === '/hostile') {
        const script = (name: string) => [{ script: `touch ${markerDir}/${name}`, display: { expr: 'stdout' } }];
        return json(200, {
          items: [
            {
              name: 'hostile',
              lookup: { exec: script('lookup') },
              properties: [{ name: 'p', lookup: { exec: script('property') } }],
              checks: [{ inline: { exec: [{ name: 'x', script: `touch ${markerDir}/check` }] } }],
              components: [{ name: 'nested', properties: [{ name: 'q', lookup: { exec: script('nested') } }] }],
            },
          ],
        });
      }
      json(404, { error: 'not found' });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    markerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topology-hostile-'));
    fs.chmodSync(markerDir, 0o777);
    base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;

    scratch = await createTestDatabase('topology_lookup');
    const client = new Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(`CREATE TABLE services (name text PRIMARY KEY, tier text NOT NULL)`);
    await client.query(`INSERT INTO services VALUES ('orders', 'backend'), ('payments', 'backend'), ('storefront', 'frontend')`);
    await client.end();

    // Lookups call loopback peers: the scratch database's server and the HTTP peer.
    t = await TestApp.start({ TOPOLOGY_SCHEDULER: 'false', HEALTH_SCHEDULER: 'false', OUTBOUND_ALLOW: '127.0.0.1', TOPOLOGY_ROLLUP_TICK_MS: '60000' });
    [admin, editor] = await Promise.all([t.signInAs(['admin']), t.signInAs(['editor'])]);
    for (const name of ['svc-a', 'svc-b'])
      await t.pool.query(`INSERT INTO config_items (name, type, health) VALUES ($1, 'Lookup::Service', 'healthy')`, [name]);
    await t.pool.query(`INSERT INTO config_items (name, type, health) VALUES ('not-a-service', 'Lookup::Other', 'healthy')`);
  });
  afterAll(async () => {
    await t?.stop();
    await scratch?.drop();
    await new Promise((resolve) => peer?.close(resolve));
    if (markerDir) fs.rmSync(markerDir, { recursive: true, force: true });
  });

  const run = async (id: string, who = editor): Promise<TopologyRunResult> => (await as(who).post(`/api/topologies/${id}/run`).expect(200)).body;
  /** The topology's live components as `parent/name` (the root as its name), sorted. */
  const tree = async (topologyId: string) => {
    const { rows } = await t.pool.query<{ path: string }>(
      `SELECT coalesce(p.name || '/', '') || c.name AS path FROM components c LEFT JOIN components p ON p.id = c.parent_id
        WHERE c.topology_id = $1 AND c.deleted_at IS NULL`,
      [topologyId],
    );
    return rows.map((r) => r.path).sort();
  };
  const componentOf = async (topologyId: string, name: string) =>
    (
      await t.pool.query<{ id: string; type: string | null; is_leaf: boolean; properties: { name: string; value?: number; text?: string }[] }>(
        `SELECT id, type, is_leaf, properties FROM components WHERE topology_id = $1 AND name = $2 AND deleted_at IS NULL`,
        [topologyId, name],
      )
    ).rows[0];

  describe('components from catalog, postgres, http and exec lookups', () => {
    let id: string;
    const postgres = () => `postgres://postgres@127.0.0.1:5432/${scratch.name}`;
    const spec = () => ({
      components: [
        {
          name: 'catalog',
          lookup: { catalog: [{ selector: { types: ['Lookup::Service'] }, display: { expr: "items.map(i, {'name': i.name, 'type': i.type})" } }] },
        },
        {
          name: 'database',
          properties: [
            {
              name: 'services',
              lookup: { postgres: [{ connection: postgres(), query: 'SELECT count(*)::int AS n FROM services', display: { expr: 'rows[0].n' } }] },
            },
          ],
          lookup: {
            postgres: [
              {
                connection: postgres(),
                query: 'SELECT name, tier FROM services ORDER BY name',
                display: { expr: "rows.map(r, {'name': r.name, 'type': r.tier})" },
              },
            ],
          },
        },
        {
          name: 'web',
          properties: [{ name: 'version', lookup: { http: [{ url: `${base}/version`, display: { expr: 'json.version' } }] } }],
          lookup: { http: [{ url: `${base}/services`, display: { jsonPath: '$.json.items' } }] },
        },
        { name: 'names', lookup: { http: [{ url: `${base}/names`, display: { expr: 'json.names' } }] } },
        { name: 'scripted', lookup: { exec: [{ script: `echo '[{"name": "e1", "type": "Script"}, "e2"]'`, display: { expr: 'stdout' } }] } },
      ],
    });

    it('is an administrator’s to save (the exec lookup), and builds every lookup’s components', async () => {
      await as(editor).post('/api/topologies', { name: 'lookups', spec: spec() }).expect(403);
      id = (await as(admin).post('/api/topologies', { name: 'lookups', spec: spec() }).expect(201)).body.id;
      const result = await run(id);
      expect(result).toMatchObject({ status: 'SUCCESS', errors: [], error_count: 0 });
      expect(await tree(id)).toEqual(
        [
          'lookups',
          ...['catalog', 'database', 'web', 'names', 'scripted'].map((n) => `lookups/${n}`),
          'catalog/svc-a',
          'catalog/svc-b',
          'database/orders',
          'database/payments',
          'database/storefront',
          'web/h1',
          'web/h2',
          'names/n1',
          'names/n2',
          'scripted/e1',
          'scripted/e2',
        ].sort(),
      );
      expect((await componentOf(id, 'svc-a')).type).toBe('Lookup::Service');
      expect((await componentOf(id, 'storefront')).type).toBe('frontend');
      expect((await componentOf(id, 'h1')).type).toBe('Web');
      expect((await componentOf(id, 'e1')).type).toBe('Script');
      expect(await componentOf(id, 'web')).toMatchObject({ is_leaf: false });
      expect(await componentOf(id, 'h1')).toMatchObject({ is_leaf: true });
    });

    it('sets property values (a number) and texts from property lookups', async () => {
      expect((await componentOf(id, 'database')).properties).toEqual([{ name: 'services', value: 3 }]);
      expect((await componentOf(id, 'web')).properties).toEqual([{ name: 'version', text: 'v1.2.3' }]);
    });

    it('soft-deletes what a lookup no longer returns', async () => {
      const client = new Client({ connectionString: scratch.url });
      await client.connect();
      await client.query(`DELETE FROM services WHERE name = 'payments'`);
      await client.end();
      const result = await run(id);
      expect(result).toMatchObject({ status: 'SUCCESS', summary: { deleted: 1 } });
      expect(await componentOf(id, 'payments')).toBeUndefined();
      expect((await componentOf(id, 'database')).properties).toEqual([{ name: 'services', value: 2 }]);
    });

    it('keeps the components a failing lookup found before, and records the error in the run and its job history', async () => {
      servicesDown = true;
      try {
        const before = await tree(id);
        const result = await run(id);
        // The check failed (HTTP 503): that is no data, whatever its body holds, so nothing below it is deleted.
        const error = expect.stringMatching(/^spec\.components\[2\]\.lookup\.http\[0\]: (?!display).*503/);
        expect(result).toMatchObject({ status: 'WARNING', error_count: 1, errors: [error], summary: { deleted: 0 } });
        expect(await tree(id)).toEqual(before);
        const job = await t.pool.query(`SELECT status, error_count, details FROM job_history WHERE id = $1`, [result.job_history_id]);
        expect(job.rows[0]).toMatchObject({ status: 'WARNING', error_count: 1, details: { errors: [error] } });
        // The component whose lookup failed still has its (kept) children.
        expect(await componentOf(id, 'web')).toMatchObject({ is_leaf: false });
      } finally {
        servicesDown = false;
      }
      expect(await run(id)).toMatchObject({ status: 'SUCCESS', errors: [] });
    });

    it('reports a lookup that cannot reach its peer, keeping its components', async () => {
      const down = spec();
      // A port nothing listens on: the postgres lookup fails to connect.
      (down.components[1].lookup as { postgres: { connection: string }[] }).postgres[0].connection = 'postgres://postgres@127.0.0.1:1/nothing';
      await as(admin).put(`/api/topologies/${id}`, { name: 'lookups', spec: down }).expect(200);
      const result = await run(id);
      expect(result.status).toBe('WARNING');
      expect(result.errors).toEqual([expect.stringMatching(/^spec\.components\[1\]\.lookup\.postgres\[0\]: (?!display)/)]);
      expect(await tree(id)).toEqual(expect.arrayContaining(['database/orders', 'database/storefront']));
    });
  });

  it('runs nothing that a lookup’s data asks for (an editor’s http lookup cannot make the console run a script)', async () => {
    const spec = { components: [{ name: 'remote', lookup: { http: [{ url: `${base}/hostile`, display: { expr: 'json.items' } }] } }] };
    const id = (await as(editor).post('/api/topologies', { name: 'hostile-data', spec }).expect(201)).body.id;
    expect(await run(id)).toMatchObject({ status: 'SUCCESS', errors: [], summary: { checks_linked: 0 } });
    expect(await tree(id)).toEqual(['hostile-data', 'hostile-data/remote', 'remote/hostile', 'hostile/nested'].sort());
    expect((await componentOf(id, 'hostile')).properties).toEqual([{ name: 'p' }]);
    expect(fs.readdirSync(markerDir)).toEqual([]);
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM canaries WHERE source = $1`, [`topology/${id}`])).rows[0].n).toBe(0);
  });

  describe('inline checks', () => {
    let id: string;
    const doc = (workerCheck: boolean) => ({
      name: 'inline',
      spec: {
        components: [
          { name: 'api', checks: [{ inline: { http: [{ name: 'api-ping', url: `${base}/health` }] } }] },
          { name: 'worker', checks: workerCheck ? [{ inline: { http: [{ name: 'worker-ping', url: `${base}/health` }] } }] : [] },
        ],
      },
    });
    const canaries = async () =>
      (
        await t.pool.query<{ id: string; name: string; deleted: boolean; checks: string[] }>(
          `SELECT c.id, c.name, c.deleted_at IS NOT NULL AS deleted,
                  coalesce(array_agg(k.name ORDER BY k.name) FILTER (WHERE k.id IS NOT NULL AND k.deleted_at IS NULL), '{}') AS checks
             FROM canaries c LEFT JOIN checks k ON k.canary_id = c.id WHERE c.source = $1 GROUP BY c.id ORDER BY c.name`,
          [`topology/${id}`],
        )
      ).rows;
    const linked = async (component: string) =>
      (
        await t.pool.query<{ name: string }>(
          `SELECT k.name FROM check_component_relationships r JOIN checks k ON k.id = r.check_id
            WHERE r.component_id = $1 AND r.deleted_at IS NULL AND k.deleted_at IS NULL ORDER BY k.name`,
          [(await componentOf(id, component)).id],
        )
      ).rows.map((r) => r.name);

    it('runs as canaries the topology owns, linked to their components', async () => {
      id = (await as(editor).post('/api/topologies', doc(true)).expect(201)).body.id;
      expect(await run(id)).toMatchObject({ status: 'SUCCESS', errors: [], summary: { checks_linked: 2 } });
      expect(await canaries()).toEqual([
        { id: expect.any(String), name: expect.stringMatching(/^inline-api-[0-9a-f]{8}$/), deleted: false, checks: ['api-ping'] },
        { id: expect.any(String), name: expect.stringMatching(/^inline-worker-[0-9a-f]{8}$/), deleted: false, checks: ['worker-ping'] },
      ]);
      expect(await linked('api')).toEqual(['api-ping']);
      expect(await linked('worker')).toEqual(['worker-ping']);
      // A second run writes the same canaries, not new ones.
      await run(id);
      expect((await canaries()).filter((c) => !c.deleted)).toHaveLength(2);
    });

    it('removes the canary of an inline entry no longer in the document', async () => {
      await as(editor).put(`/api/topologies/${id}`, doc(false)).expect(200);
      expect(await run(id)).toMatchObject({ status: 'SUCCESS', summary: { checks_linked: 1 } });
      expect(await canaries()).toEqual([
        { id: expect.any(String), name: expect.stringMatching(/^inline-api-[0-9a-f]{8}$/), deleted: false, checks: ['api-ping'] },
        { id: expect.any(String), name: expect.stringMatching(/^inline-worker-[0-9a-f]{8}$/), deleted: true, checks: [] },
      ]);
      expect(await linked('worker')).toEqual([]);
      expect(await linked('api')).toEqual(['api-ping']);
    });

    it('soft-deletes its canaries and their checks with the topology', async () => {
      await as(editor).delete(`/api/topologies/${id}`).expect(204);
      expect(await canaries()).toEqual([
        { id: expect.any(String), name: expect.stringMatching(/^inline-api-[0-9a-f]{8}$/), deleted: true, checks: [] },
        { id: expect.any(String), name: expect.stringMatching(/^inline-worker-[0-9a-f]{8}$/), deleted: true, checks: [] },
      ]);
    });

    it('refuses at save what the health area would refuse at every run (400, nothing saved)', async () => {
      const unnamed = { name: 'inline-bad', spec: { components: [{ name: 'c', checks: [{ inline: { http: [{ url: `${base}/health` }] } }] }] } };
      const refused = await as(editor).post('/api/topologies', unnamed).expect(400);
      expect(refused.body).toMatchObject({ code: 'invalid_topology', message: 'spec.components[0].checks[0].inline.http[0].name: required' });
      expect((await t.pool.query(`SELECT count(*)::int AS n FROM topologies WHERE name = 'inline-bad'`)).rows[0].n).toBe(0);
    });

    it('refuses an editor an inline exec check (403), saving nothing; an administrator may', async () => {
      const exec = { name: 'inline-exec', spec: { components: [{ name: 'box', checks: [{ inline: { exec: [{ name: 'uptime', script: 'uptime' }] } }] }] } };
      const refused = await as(editor).post('/api/topologies', exec).expect(403);
      expect(refused.body.message).toContain('(exec)');
      expect((await t.pool.query(`SELECT count(*)::int AS n FROM topologies WHERE name = 'inline-exec'`)).rows[0].n).toBe(0);
      const created = (await as(admin).post('/api/topologies', exec).expect(201)).body.id;
      expect(await run(created, admin)).toMatchObject({ status: 'SUCCESS', summary: { checks_linked: 1 } });
      // An editor may not change or delete it either.
      await as(editor).delete(`/api/topologies/${created}`).expect(403);
    });
  });
});
