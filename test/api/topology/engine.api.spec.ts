import type { TopologyComponent, TopologyResponse } from '@contracts';
import { RollupService } from '../../../plugins/topology/gateway/rollup.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as } from '../playbooks/run-support';

/**
 * The topology engine end to end: a document saved through the API, a run that builds components from it and links
 * existing checks and configs by selector, the roll-up turning the tree red when a linked check fails (and green
 * again), `GET /api/topology`, and what is refused.
 */
describe('topology engine', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let checkId: string;
  let topologyId: string;

  const rollup = () => t.app.get(RollupService).pass();
  const settle = async () => {
    // Each pass walks one level per batch until the queue is empty.
    for (let i = 0; i < 10; i++) if ((await rollup()) === 0) break;
  };
  const component = async (name: string) =>
    (
      await t.pool.query<{
        id: string;
        status: string;
        status_reason: string | null;
        summary: TopologyComponent['summary'];
        parent_id: string | null;
        path: string;
      }>(`SELECT id, status, status_reason, summary, parent_id, path FROM components WHERE topology_id = $1 AND name = $2 AND deleted_at IS NULL`, [
        topologyId,
        name,
      ])
    ).rows[0];

  const doc = (extra = '') => `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: shop
  labels: {team: sre}
spec:
  schedule: '@every 10m'
  type: Application
  icon: shopping-cart
  properties:
    - {name: Region, text: eu-west-1, headline: true}
  components:
    - name: checkout-api
      type: Service
      icon: http
      properties:
        - {name: CPU, value: 800, max: 1000, unit: millicores, headline: true}
      checks:
        - selector: {name: checkout-*}
      configs:
        - {types: [Kubernetes::Deployment], name: checkout}
      logs:
        - {name: app, backend: console}
    - name: payments
      type: Service
      components:
        - name: ledger
          type: Worker
${extra}`;

  beforeAll(async () => {
    t = await TestApp.start({ TOPOLOGY_SCHEDULER: 'false', HEALTH_SCHEDULER: 'false', TOPOLOGY_ROLLUP_TICK_MS: '60000' });
    [admin, editor, viewer] = await Promise.all([t.signInAs(['admin']), t.signInAs(['editor']), t.signInAs(['viewer'])]);
    const canary = await t.pool.query<{ id: string }>(`INSERT INTO canaries (name, spec) VALUES ('shop-checks', '{}') RETURNING id`);
    const check = await t.pool.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'checkout-health', 'healthy') RETURNING id`,
      [canary.rows[0].id],
    );
    checkId = check.rows[0].id;
    await t.pool.query(`INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', 'unrelated', 'unhealthy')`, [canary.rows[0].id]);
    await t.pool.query(`INSERT INTO config_items (name, type, health, config_class) VALUES ('checkout', 'Kubernetes::Deployment', 'healthy', 'Deployment')`);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('saves a document, runs it and builds the tree with links', async () => {
    const created = await as(editor).post('/api/topologies', { yaml: doc() }).expect(201);
    topologyId = created.body.id;
    expect(created.body).toMatchObject({ name: 'shop', namespace: 'default', schedule: '@every 10m', labels: { team: 'sre' } });
    expect(created.body.yaml).toContain('kind: Topology');

    const run = await as(editor).post(`/api/topologies/${topologyId}/run`).expect(200);
    expect(run.body).toMatchObject({ status: 'SUCCESS', success_count: 4, summary: { created: 4, deleted: 0, checks_linked: 1, configs_linked: 1 } });

    const root = await component('shop');
    const api = await component('checkout-api');
    const ledger = await component('ledger');
    const payments = await component('payments');
    expect(root.parent_id).toBeNull();
    expect(api.parent_id).toBe(root.id);
    expect(ledger.path).toBe(`${root.id}.${payments.id}`);
    const job = await t.pool.query(`SELECT status, resource_type FROM job_history WHERE id = $1`, [run.body.job_history_id]);
    expect(job.rows[0]).toEqual({ status: 'SUCCESS', resource_type: 'topology' });

    // A second run changes nothing: the same rows, no new ones.
    const again = await as(editor).post(`/api/topologies/${topologyId}/run`).expect(200);
    expect(again.body.summary).toMatchObject({ created: 0, updated: 0, deleted: 0 });
  });

  it('rolls health up from a linked check, and back down when it recovers', async () => {
    await settle();
    expect((await component('checkout-api')).status).toBe('healthy');
    expect((await component('shop')).summary.checks).toMatchObject({ healthy: 1, unhealthy: 0 });

    await t.pool.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [checkId]);
    await settle();
    const api = await component('checkout-api');
    expect(api.status).toBe('unhealthy');
    expect(api.status_reason).toBe('1 of 1 checks unhealthy');
    const root = await component('shop');
    expect(root.status).toBe('unhealthy');
    expect(root.status_reason).toContain('checkout-api');
    expect(root.summary.checks).toMatchObject({ healthy: 0, unhealthy: 1 });

    await t.pool.query(`UPDATE checks SET status = 'healthy' WHERE id = $1`, [checkId]);
    await settle();
    expect((await component('shop')).status).toBe('healthy');
  });

  it('a linked config turning unhealthy makes its component unhealthy', async () => {
    await t.pool.query(`UPDATE config_items SET health = 'warning' WHERE name = 'checkout'`);
    await settle();
    expect(await component('checkout-api')).toMatchObject({ status: 'warning', status_reason: 'config checkout warning' });
    await t.pool.query(`UPDATE config_items SET health = 'healthy' WHERE name = 'checkout'`);
    await settle();
  });

  it('counts an open incident once in the summary of every component above the evidence, however many of them it names', async () => {
    const incident = await t.pool.query<{ id: string }>(
      `INSERT INTO incidents (title, type, severity) VALUES ('checkout down', 'availability', 'high') RETURNING id`,
    );
    const hypothesis = await t.pool.query<{ id: string }>(`INSERT INTO hypotheses (incident_id, type) VALUES ($1, 'root') RETURNING id`, [incident.rows[0].id]);
    for (const name of ['checkout-api', 'ledger'])
      await t.pool.query(`INSERT INTO evidences (hypothesis_id, type, description, component_id) VALUES ($1, 'topology', 'Topology', $2)`, [
        hypothesis.rows[0].id,
        (await component(name)).id,
      ]);
    await settle();
    expect((await component('ledger')).summary.incidents).toEqual({ availability: { high: 1 } });
    expect((await component('payments')).summary.incidents).toEqual({ availability: { high: 1 } });
    expect((await component('shop')).summary.incidents).toEqual({ availability: { high: 1 } });
    await t.pool.query(`UPDATE incidents SET status = 'resolved' WHERE id = $1`, [incident.rows[0].id]);
    await settle();
    expect((await component('shop')).summary.incidents).toBeUndefined();
  });

  it("keeps the status another writer gave a component (an agent's push, the data API) as its own, and rolls up from it", async () => {
    const pushed = (await t.pool.query<{ id: string }>(`INSERT INTO components (name, health, status) VALUES ('pushed', 'healthy', 'healthy') RETURNING id`))
      .rows[0].id;
    await settle();
    const read = async () => (await t.pool.query(`SELECT status, health, own_status FROM components WHERE id = $1`, [pushed])).rows[0];
    expect(await read()).toEqual({ status: 'healthy', health: 'healthy', own_status: 'healthy' });
    await as(editor).patch(`/api/db/components?id=eq.${pushed}`, { health: 'unhealthy', status: 'unhealthy' }).expect(204);
    await settle();
    expect(await read()).toEqual({ status: 'unhealthy', health: 'unhealthy', own_status: 'unhealthy' });
    await t.pool.query(`DELETE FROM components WHERE id = $1`, [pushed]);
  });

  it('answers GET /api/topology: roots with their children, an id with its children, filters and sort', async () => {
    const roots = (await as(viewer).get('/api/topology').expect(200)).body as TopologyResponse;
    expect(roots.components.map((c) => c.name)).toEqual(['shop']);
    expect(roots.components[0].components!.map((c) => c.name).sort()).toEqual(['checkout-api', 'payments']);
    const root = await component('shop');
    const one = (await as(viewer).get(`/api/topology?id=${root.id}&sortBy=name&sortOrder=desc`).expect(200)).body as TopologyResponse;
    expect(one.components).toHaveLength(1);
    expect(one.components[0].components!.map((c) => c.name)).toEqual(['payments', 'checkout-api']);
    expect(one.types).toEqual(['Service']);
    const payments = one.components[0].components!.find((c) => c.name === 'payments')!;
    expect(payments.components!.map((c) => c.name)).toEqual(['ledger']);
    const api = one.components[0].components!.find((c) => c.name === 'checkout-api')!;
    expect(api.properties[0]).toMatchObject({ name: 'CPU', value: 800, max: 1000, headline: true });
    expect(api.logs).toEqual([{ name: 'app', backend: 'console' }]);
    const filtered = (await as(viewer).get(`/api/topology?id=${root.id}&type=Worker,Service&status=healthy`).expect(200)).body as TopologyResponse;
    expect(filtered.components[0].components!.every((c) => c.status === 'healthy')).toBe(true);
    const flat = (await as(viewer).get(`/api/topology?id=${root.id}&flatten=true`).expect(200)).body as TopologyResponse;
    expect(flat.components.map((c) => c.name).sort()).toEqual(['checkout-api', 'ledger', 'payments']);
    await as(viewer).get('/api/topology?id=nope').expect(400);
    expect((await as(viewer).get('/api/topology?id=00000000-0000-4000-8000-000000000000').expect(200)).body.components).toEqual([]);
  });

  it('soft-deletes components the document no longer has', async () => {
    const without = doc().replace(/ {4}- name: payments\n {6}type: Service\n {6}components:\n {8}- name: ledger\n {10}type: Worker\n/, '');
    await as(editor).put(`/api/topologies/${topologyId}`, { yaml: without }).expect(200);
    const run = await as(editor).post(`/api/topologies/${topologyId}/run`).expect(200);
    expect(run.body.summary.deleted).toBe(2);
    expect(await component('ledger')).toBeUndefined();
  });

  it('refuses a bad document with every problem and saves nothing', async () => {
    const bad = await as(editor)
      .post('/api/topologies', {
        yaml: `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: Bad_Name}
spec:
  schedule: every now and then
  components:
    - type: Service
    - name: x
      colour: red
      properties: [{name: p, type: gauge}]
      checks: [{selector: {labelSelector: 'a in b'}}]
      lookup: {nosuch: [{}]}
`,
      })
      .expect(400);
    expect(bad.body.code).toBe('invalid_topology');
    const messages = (bad.body.message as string).split('; ');
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^metadata\.name: use lowercase/),
        expect.stringMatching(/^spec\.schedule: /),
        'spec.components[0].name: required (or a lookup whose results are the components)',
        expect.stringMatching(/^spec\.components\[1\]\.colour: unknown field/),
        expect.stringMatching(/^spec\.components\[1\]\.properties\[0\]\.type: one of url, currency/),
        expect.stringMatching(/^spec\.components\[1\]\.checks\[0\]\.selector\.labelSelector: /),
        expect.stringMatching(/^spec\.components\[1\]\.lookup\.nosuch: unknown check type 'nosuch'/),
      ]),
    );
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM topologies WHERE name = 'Bad_Name'`)).rows[0].n).toBe(0);
    // Through the data API too.
    await as(editor)
      .post('/api/db/topologies', { name: 'bad', spec: { components: [{ type: 'x' }] } })
      .expect(400);
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM topologies WHERE name = 'bad'`)).rows[0].n).toBe(0);
  });

  it('enforces permissions on the server', async () => {
    await as(viewer).post('/api/topologies', { yaml: doc() }).expect(403);
    await as(viewer).post(`/api/topologies/${topologyId}/run`).expect(403);
    await as(viewer).delete(`/api/topologies/${topologyId}`).expect(403);
    // A lookup that runs a script is an administrator's to save.
    const exec = doc('    - name: scripted\n      lookup:\n        exec: [{script: "echo []", display: {expr: "[]"}}]\n').replace(
      'name: shop',
      'name: scripted',
    );
    await as(editor).post('/api/topologies', { yaml: exec }).expect(403);
    await as(admin).post('/api/topologies', { yaml: exec }).expect(201);
  });

  it('a delete takes the components with it', async () => {
    await as(editor).delete(`/api/topologies/${topologyId}`).expect(204);
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM components WHERE topology_id = $1 AND deleted_at IS NULL`, [topologyId])).rows[0].n).toBe(0);
    await as(editor).get(`/api/topologies/${topologyId}`).expect(404);
  });
});
