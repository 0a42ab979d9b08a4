import type { TopologyResponse } from '@contracts';
import { seedDemoData } from '../../../gateway/src/database/seed/demo-data';
import { RollupService } from '../../../plugins/topology/gateway/rollup.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as } from '../playbooks/run-support';

/**
 * The first start's topology is not seeded rows: the demo seeds a Topology document over the demo catalogue and
 * checks, and its first run builds the components; the roll-up colours them from the demo configs' health.
 */
describe('the demo topology', () => {
  let t: TestApp;
  let admin: SignedInAgent;

  beforeAll(async () => {
    t = await TestApp.start({ TOPOLOGY_SCHEDULER: 'false', HEALTH_SCHEDULER: 'false', TOPOLOGY_ROLLUP_TICK_MS: '60000' });
    admin = await t.signInAs(['admin']);
    const adminId = (await t.pool.query<{ id: string }>(`SELECT person_id AS id FROM person_roles WHERE role = 'admin' LIMIT 1`)).rows[0].id;
    await seedDemoData(t.pool, adminId, { logFile: '/tmp/console-demo.log' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('builds from the demo catalogue and checks, and rolls up their health', async () => {
    const topology = (await t.pool.query<{ id: string }>(`SELECT id FROM topologies WHERE name = 'checkout-platform'`)).rows[0];
    const run = await as(admin).post(`/api/topologies/${topology.id}/run`).expect(200);
    expect(run.body.errors).toEqual([]);
    expect(run.body.summary.checks_linked).toBeGreaterThanOrEqual(3);
    expect(run.body.summary.configs_linked).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 10; i++) if ((await t.app.get(RollupService).pass()) === 0) break;

    const roots = (await as(admin).get('/api/topology').expect(200)).body as TopologyResponse;
    expect(roots.components.map((c) => c.name)).toEqual(['checkout-platform']);
    const root = roots.components[0];
    expect(root.title).toBe('Checkout Platform');
    const byName = new Map(root.components!.map((c) => [c.name, c]));
    // payments-api's deployment is unhealthy in the demo catalogue, ledger-worker's is progressing (warning).
    expect(byName.get('payments-api')?.status).toBe('unhealthy');
    expect(byName.get('ledger-worker')?.status).toBe('warning');
    expect(root.status).toBe('unhealthy');
    // The catalogue lookup made one child per deployment.
    const deployments = (
      await as(admin)
        .get(`/api/topology?id=${byName.get('Deployments')!.id}`)
        .expect(200)
    ).body as TopologyResponse;
    expect(deployments.components[0].components!.map((c) => c.name).sort()).toEqual(
      ['checkout-api', 'checkout-web', 'grafana', 'ledger-worker', 'payments-api', 'prometheus'].sort(),
    );
    const backend = await t.pool.query(`SELECT spec FROM logging_backends WHERE name = 'console'`);
    expect(backend.rows[0].spec).toEqual({ file: { path: ['/tmp/console-demo.log', '/tmp/console-demo.log.1'] } });
  });
});
