import type { TopologyComponent, TopologyResponse } from '@contracts';
import { FeatureService } from '../../../gateway/src/core/features/feature.service';
import { RollupService } from '../../../plugins/topology/gateway/rollup.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as } from '../playbooks/run-support';

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

/**
 * The roll-up worker end to end: incidents and insights in the summary (and out of it when they end), a failing leaf
 * check turning every ancestor of a 5-level tree unhealthy while the sibling subtree is not touched, components of
 * another topology pulled in by `selectors` counting for status only, what GET /api/topology filters on, links made
 * through the data API, and the feature flag.
 */
describe('topology roll-up', () => {
  let t: TestApp;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let treeId: string;
  const checks: Record<string, string> = {};
  const configs: Record<string, string> = {};

  const tree = `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: tree}
spec:
  components:
    - name: region
      labels: {tier: core}
      properties: [{name: rps, value: 10, headline: true}]
      components:
        - name: cluster
          components:
            - name: service
              configs: [{name: orders-config}]
              selectors: [{name: shared-db}]
              components:
                - name: pod-a
                  checks: [{selector: {name: leaf-check}}]
        - name: cluster-b
          components:
            - name: service-b
              components:
                - name: pod-b
                  checks: [{name: sibling-check}]
    - name: edge
      labels: {tier: edge}
      properties: [{name: rps, value: 50, headline: true}]
    - name: secret
      hidden: true
      status: unhealthy
`;
  const other = `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata: {name: other}
spec:
  components:
    - name: shared-db
      type: Database
      checks: [{name: db-check}]
`;

  /** Rolls up until the queue is empty; fails (rather than hoping) when it does not settle. */
  const settle = async () => {
    for (let i = 0; i < 30; i++) {
      const changed = await t.app.get(RollupService).pass();
      const queued = (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM component_rollup_queue`)).rows[0].n;
      if (changed === 0 && queued === 0) return;
    }
    throw new Error('the roll-up did not settle');
  };
  type Row = Pick<TopologyComponent, 'id' | 'status' | 'health' | 'status_reason' | 'summary' | 'updated_at'>;
  const component = async (name: string): Promise<Row> => {
    const { rows } = await t.pool.query<Row>(
      `SELECT id, status, health, status_reason, summary, updated_at FROM components WHERE name = $1 AND deleted_at IS NULL`,
      [name],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  /** updated_at to the microsecond, by name. */
  const updatedAt = async (names: string[]) =>
    Object.fromEntries(
      (
        await t.pool.query<{ name: string; at: string }>(`SELECT name, updated_at::text AS at FROM components WHERE name = ANY($1) AND deleted_at IS NULL`, [
          names,
        ])
      ).rows.map((r) => [r.name, r.at]),
    );
  const run = async (id: string) => (await as(editor).post(`/api/topologies/${id}/run`).expect(200)).body;
  const setCheck = (name: string, status: 'healthy' | 'unhealthy') => t.pool.query(`UPDATE checks SET status = $2 WHERE id = $1`, [checks[name], status]);
  const cards = async (query: string) => ((await as(viewer).get(`/api/topology?${query}`).expect(200)).body as TopologyResponse).components;

  beforeAll(async () => {
    t = await TestApp.start({ TOPOLOGY_SCHEDULER: 'false', HEALTH_SCHEDULER: 'false', TOPOLOGY_ROLLUP_TICK_MS: '60000' });
    [editor, viewer] = await Promise.all([t.signInAs(['editor']), t.signInAs(['viewer'])]);
    const canary = (await t.pool.query<{ id: string }>(`INSERT INTO canaries (name, spec) VALUES ('fixtures', '{}') RETURNING id`)).rows[0].id;
    for (const name of ['leaf-check', 'sibling-check', 'db-check', 'hidden-check'])
      checks[name] = (
        await t.pool.query<{ id: string }>(`INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', $2, 'healthy') RETURNING id`, [canary, name])
      ).rows[0].id;
    for (const name of ['orders-config', 'manual-config'])
      configs[name] = (
        await t.pool.query<{ id: string }>(`INSERT INTO config_items (name, type, health) VALUES ($1, 'Kubernetes::Deployment', 'healthy') RETURNING id`, [
          name,
        ])
      ).rows[0].id;

    // The other topology first: its component exists when the tree's selector looks for it.
    const otherId = (await as(editor).post('/api/topologies', { yaml: other }).expect(201)).body.id;
    expect(await run(otherId)).toMatchObject({ status: 'SUCCESS', errors: [] });
    treeId = (await as(editor).post('/api/topologies', { yaml: tree }).expect(201)).body.id;
    expect(await run(treeId)).toMatchObject({ status: 'SUCCESS', errors: [], summary: { created: 10, checks_linked: 2, configs_linked: 1 } });
    await settle();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('starts healthy: hidden children and pulled-in components stay out of the summary', async () => {
    const root = await component('tree');
    expect(root).toMatchObject({ status: 'healthy', health: 'healthy', status_reason: null });
    // The hidden component is unhealthy by its own status, and counts for nothing above it.
    expect((await component('secret')).status).toBe('unhealthy');
    // leaf-check and sibling-check; not db-check, which belongs to the other topology's component.
    expect(root.summary).toEqual({ checks: { healthy: 2, unhealthy: 0, warning: 0, unknown: 0 } });
    expect((await component('service')).summary).toEqual({ checks: { healthy: 1, unhealthy: 0, warning: 0, unknown: 0 } });
    const link = await t.pool.query(`SELECT 1 FROM component_relationships WHERE component_id = $1 AND relationship_id = $2 AND deleted_at IS NULL`, [
      (await component('service')).id,
      (await component('shared-db')).id,
    ]);
    expect(link.rowCount).toBe(1);
  });

  it('re-rolling a component whose inputs did not change changes nothing', async () => {
    const before = await updatedAt(['pod-a', 'service', 'cluster', 'region', 'tree']);
    await t.pool.query(`INSERT INTO component_rollup_queue (component_id) VALUES ($1)`, [(await component('pod-a')).id]);
    expect(await t.app.get(RollupService).pass()).toBe(0);
    expect(await updatedAt(['pod-a', 'service', 'cluster', 'region', 'tree'])).toEqual(before);
  });

  // KNOWN BUG (since 4f07474, the subtree summary): the summary counts the checks of hidden descendants, while status
  // leaves them out. `failing` keeps the suite green and turns red once it is fixed: then make this a plain `it`.
  it('leaves the checks of a hidden component out of the summary above it', async () => {
    const secret = (await component('secret')).id;
    const check = checks['hidden-check'];
    const canary = (await t.pool.query<{ canary_id: string }>(`SELECT canary_id FROM checks WHERE id = $1`, [check])).rows[0].canary_id;
    await t.pool.query(`INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)`, [secret, check, canary]);
    try {
      await settle();
      expect((await component('secret')).summary.checks).toEqual({ healthy: 1, unhealthy: 0, warning: 0, unknown: 0 });
      expect((await component('tree')).summary.checks).toEqual({ healthy: 2, unhealthy: 0, warning: 0, unknown: 0 });
    } finally {
      await t.pool.query(`DELETE FROM check_component_relationships WHERE component_id = $1`, [secret]);
      await settle();
    }
  });

  it('a failing leaf check turns every ancestor unhealthy and touches only that path', async () => {
    const untouched = ['cluster-b', 'service-b', 'pod-b', 'edge', 'shared-db'];
    const before = await updatedAt(untouched);
    await setCheck('leaf-check', 'unhealthy');
    await settle();
    expect(await component('pod-a')).toMatchObject({ status: 'unhealthy', health: 'unhealthy', status_reason: '1 of 1 checks unhealthy' });
    // service's components: pod-a and the pulled-in shared-db.
    expect(await component('service')).toMatchObject({ status: 'unhealthy', status_reason: '1 of 2 components unhealthy (pod-a)' });
    expect(await component('cluster')).toMatchObject({ status: 'unhealthy', status_reason: '1 of 1 components unhealthy (service)' });
    expect(await component('region')).toMatchObject({ status: 'unhealthy', status_reason: '1 of 2 components unhealthy (cluster)' });
    const root = await component('tree');
    // The hidden component is not among the root's components.
    expect(root).toMatchObject({ status: 'unhealthy', status_reason: '1 of 2 components unhealthy (region)' });
    expect(root.summary.checks).toEqual({ healthy: 1, unhealthy: 1, warning: 0, unknown: 0 });
    for (const name of ['cluster-b', 'service-b', 'pod-b']) expect((await component(name)).status).toBe('healthy');
    expect(await updatedAt(untouched)).toEqual(before);

    await setCheck('leaf-check', 'healthy');
    await settle();
    for (const name of ['pod-a', 'service', 'cluster', 'region', 'tree']) expect((await component(name)).status).toBe('healthy');
  });

  it('a component pulled in by a selector counts for status, not for the summary', async () => {
    await setCheck('db-check', 'unhealthy');
    await settle();
    expect((await component('shared-db')).status).toBe('unhealthy');
    expect(await component('service')).toMatchObject({ status: 'unhealthy', status_reason: '1 of 2 components unhealthy (shared-db)' });
    const root = await component('tree');
    expect(root.status).toBe('unhealthy');
    expect(root.summary.checks).toEqual({ healthy: 2, unhealthy: 0, warning: 0, unknown: 0 });
    // GET /api/topology?id=service shows it among the cards.
    const service = await cards(`id=${(await component('service')).id}`);
    expect(service[0].components!.map((c) => c.name).sort()).toEqual(['pod-a', 'shared-db']);

    await setCheck('db-check', 'healthy');
    await settle();
    expect((await component('tree')).status).toBe('healthy');
  });

  it('counts open incidents with evidence naming a component, by type and severity, until they are resolved', async () => {
    const incident = async (title: string, type: string, severity: string, components: string[]) => {
      const id = (await t.pool.query<{ id: string }>(`INSERT INTO incidents (title, type, severity) VALUES ($1, $2, $3) RETURNING id`, [title, type, severity]))
        .rows[0].id;
      const hypothesis = (await t.pool.query<{ id: string }>(`INSERT INTO hypotheses (incident_id, type) VALUES ($1, 'root') RETURNING id`, [id])).rows[0].id;
      for (const name of components)
        await t.pool.query(`INSERT INTO evidences (hypothesis_id, type, component_id) VALUES ($1, 'topology', $2)`, [hypothesis, (await component(name)).id]);
      await t.pool.query(`INSERT INTO evidences (hypothesis_id, type, description) VALUES ($1, 'comment', 'no component')`, [hypothesis]);
      return id;
    };
    // Two pieces of evidence of one incident on the same component count once.
    const outage = await incident('orders down', 'availability', 'high', ['service', 'service']);
    await incident('leaked key', 'security', 'critical', ['pod-a']);
    await incident('slow pods', 'performance', 'low', ['pod-b']);
    await settle();

    expect((await component('service')).summary.incidents).toEqual({ availability: { high: 1 }, security: { critical: 1 } });
    expect((await component('pod-a')).summary.incidents).toEqual({ security: { critical: 1 } });
    expect((await component('cluster-b')).summary.incidents).toEqual({ performance: { low: 1 } });
    const root = await component('tree');
    expect(root.summary.incidents).toEqual({ availability: { high: 1 }, security: { critical: 1 }, performance: { low: 1 } });
    // Incidents are reported, they do not colour the tree.
    expect(root.status).toBe('healthy');

    await t.pool.query(`UPDATE incidents SET status = 'resolved' WHERE id = $1`, [outage]);
    await settle();
    expect((await component('service')).summary.incidents).toEqual({ security: { critical: 1 } });
    expect((await component('tree')).summary.incidents).toEqual({ security: { critical: 1 }, performance: { low: 1 } });
  });

  it('counts open insights of linked configs by analysis type and severity', async () => {
    const analysis = (analyzer: string, type: string, severity: string, status = 'open') =>
      t.pool.query<{ id: string }>(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [configs['orders-config'], analyzer, type, severity, status],
      );
    const security = (await analysis('open-port', 'security', 'high')).rows[0].id;
    await analysis('root-user', 'security', 'high');
    await analysis('oversized', 'cost', 'low');
    await analysis('single-replica', 'reliability', 'medium', 'resolved');
    await settle();
    expect((await component('service')).summary.insights).toEqual({ security: { high: 2 }, cost: { low: 1 } });
    expect((await component('tree')).summary.insights).toEqual({ security: { high: 2 }, cost: { low: 1 } });

    await t.pool.query(`UPDATE config_analysis SET status = 'resolved' WHERE id = $1`, [security]);
    await settle();
    expect((await component('region')).summary.insights).toEqual({ security: { high: 1 }, cost: { low: 1 } });
  });

  describe('GET /api/topology', () => {
    let treeRoot: string;
    beforeAll(async () => {
      treeRoot = (await component('tree')).id;
    });
    const names = (list: TopologyComponent[]) => list.map((c) => c.name);

    it('answers the roots, and one level under an id without hidden components unless asked', async () => {
      expect(names(await cards('sortBy=name')).sort()).toEqual(['other', 'tree']);
      const [root] = await cards(`id=${treeRoot}&sortBy=name`);
      expect(names(root.components!)).toEqual(['edge', 'region']);
      const [withHidden] = await cards(`id=${treeRoot}&sortBy=name&hidden=true`);
      expect(names(withHidden.components!)).toEqual(['edge', 'region', 'secret']);
    });

    it('filters by team', async () => {
      const team = (await t.pool.query<{ id: string }>(`INSERT INTO teams (name) VALUES ('sre') RETURNING id`)).rows[0].id;
      await t.pool.query(`INSERT INTO team_components (team_id, component_id) VALUES ($1, $2)`, [team, (await component('region')).id]);
      const answer = (await as(viewer).get(`/api/topology?id=${treeRoot}&team=sre`).expect(200)).body as TopologyResponse;
      expect(names(answer.components[0].components!)).toEqual(['region']);
      expect(answer.teams).toEqual(['sre']);
      expect((await cards(`id=${treeRoot}&team=nobody`))[0].components).toEqual([]);
    });

    it('filters by labels', async () => {
      expect(names((await cards(`id=${treeRoot}&labels=tier=edge`))[0].components!)).toEqual(['edge']);
      expect(names((await cards(`id=${treeRoot}&labels=tier=core,tier=edge`))[0].components!)).toEqual([]);
      await as(viewer).get(`/api/topology?id=${treeRoot}&labels=tier`).expect(400);
    });

    it('filters by agent_id', async () => {
      const agent = (await t.pool.query<{ id: string }>(`INSERT INTO agents (name) VALUES ('remote') RETURNING id`)).rows[0].id;
      await t.pool.query(`UPDATE components SET agent_id = $1 WHERE name = 'edge'`, [agent]);
      try {
        expect(names((await cards(`id=${treeRoot}&agent_id=${agent}`))[0].components!)).toEqual(['edge']);
        expect(names((await cards(`id=${treeRoot}&agent_id=${LOCAL_AGENT}`))[0].components!)).toEqual(['region']);
        await as(viewer).get(`/api/topology?agent_id=remote`).expect(400);
      } finally {
        await t.pool.query(`UPDATE components SET agent_id = $1 WHERE name = 'edge'`, [LOCAL_AGENT]);
      }
    });

    it('sorts by a headline property', async () => {
      expect(names((await cards(`id=${treeRoot}&sortBy=rps&sortOrder=asc`))[0].components!)).toEqual(['region', 'edge']);
      expect(names((await cards(`id=${treeRoot}&sortBy=rps&sortOrder=desc`))[0].components!)).toEqual(['edge', 'region']);
      await as(viewer).get(`/api/topology?id=${treeRoot}&sortOrder=up`).expect(400);
    });

    it('is hidden while the topology feature is disabled', async () => {
      const features = t.app.get(FeatureService);
      await t.pool.query(`INSERT INTO properties (name, value) VALUES ('topology.disable', 'true')`);
      features.invalidate();
      try {
        await as(viewer).get('/api/topology').expect(403);
        await as(editor).get(`/api/topology?id=${treeRoot}`).expect(403);
      } finally {
        await t.pool.query(`DELETE FROM properties WHERE name = 'topology.disable'`);
        features.invalidate();
      }
      await as(viewer).get('/api/topology').expect(200);
    });
  });

  describe('links through the data API', () => {
    it('an editor links a config to a component (it then counts), a viewer may not; a run keeps the manual link', async () => {
      const edge = (await component('edge')).id;
      const body = { component_id: edge, config_id: configs['manual-config'], selector_id: 'manual' };
      await as(viewer).post('/api/db/config_component_relationships', body).expect(403);
      await as(editor).post('/api/db/config_component_relationships', body).expect(201);
      await t.pool.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [configs['manual-config']]);
      await settle();
      expect(await component('edge')).toMatchObject({ status: 'unhealthy', status_reason: 'config manual-config unhealthy' });
      expect((await component('tree')).status).toBe('unhealthy');

      // The topology's own links carry its selector id; a run leaves a person's link alone.
      await run(treeId);
      const links = await t.pool.query(`SELECT selector_id FROM config_component_relationships WHERE component_id = $1 AND deleted_at IS NULL`, [edge]);
      expect(links.rows).toEqual([{ selector_id: 'manual' }]);

      await as(editor)
        .delete(`/api/db/config_component_relationships?component_id=eq.${edge}&config_id=eq.${configs['manual-config']}&selector_id=eq.manual`)
        .expect(204);
      await settle();
      expect((await component('edge')).status).toBe('unknown');
      expect((await component('tree')).status).toBe('healthy');
    });
  });
});
