import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * `rpc/related_configs_recursive` (spec 02 §7): the level-by-level walk over parents (hard) and relationships (soft),
 * each config once at its shortest depth, in the directions and kinds asked for, to max_depth.
 */
describe('related_configs_recursive', () => {
  let t: TestApp;
  let viewer: SignedInAgent;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await TestApp.start({ SCRAPER_SCHEDULER: 'off' });
    viewer = await t.signInAs(['viewer']);
    // cluster → ns → deploy → pod (parents); pod -soft-> node; svc -soft-> pod; a cycle deploy -soft-> cluster.
    const add = async (name: string, parent?: string) =>
      (id[name] = (
        await t.pool.query(`insert into config_items (type, name, parent_id) values ($1, $2, $3) returning id`, [
          `Demo::${name}`,
          name,
          parent ? id[parent] : null,
        ])
      ).rows[0].id);
    await add('cluster');
    await add('ns', 'cluster');
    await add('deploy', 'ns');
    await add('pod', 'deploy');
    await add('node');
    await add('svc');
    await add('gone', 'pod');
    await t.pool.query(`update config_items set deleted_at = now() where id = $1`, [id.gone]);
    const soft = (from: string, to: string, relation: string) =>
      t.pool.query(`insert into config_relationships (config_id, related_id, relation) values ($1, $2, $3)`, [id[from], id[to], relation]);
    await soft('pod', 'node', 'PodNode');
    await soft('svc', 'pod', 'ServicePod');
    await soft('deploy', 'cluster', 'Loop');
  });
  afterAll(() => t?.stop());

  const walk = async (from: string, query = '') => {
    const res = await viewer.agent.get(`/api/db/rpc/related_configs_recursive?config_id=${id[from]}${query}`).expect(200);
    const name = (uuid: string) => Object.keys(id).find((k) => id[k] === uuid);
    return Object.fromEntries(
      (res.body as { id: string; depth: number; direction: string; relation_type: string; related_id: string }[]).map((r) => [
        name(r.id),
        `${r.direction} ${r.depth} ${r.relation_type} from ${name(r.related_id)}`,
      ]),
    );
  };

  it('walks both directions, each config once at its shortest depth, and leaves deleted ones out', async () => {
    expect(await walk('deploy')).toEqual({
      pod: 'outgoing 1 hard from deploy',
      cluster: 'outgoing 1 soft from deploy',
      node: 'outgoing 2 soft from pod',
      // Upstream: its namespace, then the cluster, which it already reaches at depth 1 downstream (the loop).
      ns: 'incoming 1 hard from deploy',
    });
  });

  it('keeps to one direction, one kind, and max_depth', async () => {
    expect(await walk('cluster', '&type_filter=downstream&outgoing_relation=hard')).toEqual({
      ns: 'outgoing 1 hard from cluster',
      deploy: 'outgoing 2 hard from ns',
      pod: 'outgoing 3 hard from deploy',
    });
    expect(await walk('cluster', '&type_filter=downstream&max_depth=2')).toEqual({
      ns: 'outgoing 1 hard from cluster',
      deploy: 'outgoing 2 hard from ns',
    });
    expect(await walk('pod', '&type_filter=upstream&incoming_relation=soft')).toEqual({ svc: 'incoming 1 soft from pod' });
    expect(await walk('pod', '&incoming_relation=none&outgoing_relation=none')).toEqual({});
    expect(Object.keys(await walk('pod', '&type_filter=downstream&include_deleted_configs=true')).sort()).toEqual(['gone', 'node']);
  });
});
