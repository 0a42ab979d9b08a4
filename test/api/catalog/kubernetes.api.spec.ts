import { ScrapeWatcher } from '../../../plugins/catalog/gateway/scrape-watcher.service';
import { startKubernetesPeer, type K8sObject, type KubernetesPeer } from '../../support/peers/kubernetes-peer';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * The `kubernetes` scraper type end to end: a scrape config pointing at the Kubernetes protocol peer (kubeconfig
 * inline), Run Now, the items, relationships, insights and Event changes in the catalogue, then a pod changed in the
 * cluster showing up as a change: through a second run, and through the watch between runs.
 */
describe('kubernetes scraper through the catalogue', () => {
  let t: TestApp;
  let peer: KubernetesPeer;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let scraperId: string;
  const objs: Record<string, K8sObject> = {};

  const owner = (o: K8sObject) => [{ apiVersion: 'apps/v1', kind: o.kind, name: o.metadata.name, uid: o.metadata.uid!, controller: true }];
  const pod = (name: string, status: object, image = 'web:1') => ({
    kind: 'Pod',
    metadata: { name, namespace: 'shop', labels: { app: 'web' }, ownerReferences: owner(objs.rs) },
    spec: { nodeName: 'node-1', containers: [{ name: 'web', image }] },
    status,
  });
  const healthy = {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True' }],
    containerStatuses: [{ name: 'web', restartCount: 0, ready: true, state: { running: {} } }],
  };

  beforeAll(async () => {
    peer = await startKubernetesPeer();
    objs.ns = peer.put({ kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } });
    objs.node = peer.put({ kind: 'Node', metadata: { name: 'node-1' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } });
    objs.dep = peer.put({ kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 3 }, status: { replicas: 3, readyReplicas: 0 } });
    objs.rs = peer.put({
      kind: 'ReplicaSet',
      metadata: { name: 'web-1', namespace: 'shop', ownerReferences: owner(objs.dep) },
      spec: { replicas: 3 },
      status: {},
    });
    objs.good = peer.put(pod('web-1-a', healthy));
    objs.crashing = peer.put(
      pod('web-1-b', {
        phase: 'Running',
        containerStatuses: [{ name: 'web', restartCount: 9, ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
      }),
    );
    peer.put({ kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { selector: { app: 'web' } } });
    peer.addEvent({ on: objs.crashing, reason: 'BackOff', message: 'Back-off restarting failed container web', type: 'Warning' });

    t = await TestApp.start({ SCRAPER_SCHEDULER: 'off' }); // runs come from Run Now; the watch is started below
    editor = await t.signInAs(['editor']);
    viewer = await t.signInAs(['viewer']);
  });
  afterAll(async () => {
    await t?.app.get(ScrapeWatcher).onModuleDestroy();
    await t?.stop();
    await peer?.close();
  });

  const post = (as: SignedInAgent, path: string, body: object) => as.agent.post(path).set('x-csrf-token', as.csrf).send(body);
  const itemId = async (type: string, name: string) =>
    (await t.pool.query(`select id from config_items where scraper_id = $1 and type = $2 and name = $3`, [scraperId, type, name])).rows[0]?.id as string;
  const until = async <T>(what: string, probe: () => Promise<T | null | undefined>, ms = 10_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('creates a kubernetes scraper from YAML and runs it: items, parents, relationships, insights and Event changes', async () => {
    const indented = peer.kubeconfig.trimEnd().replace(/^/gm, '          ');
    const yaml = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: cluster
  namespace: ops
spec:
  kubernetes:
    - clusterName: peer
      kubeconfig:
        value: |
${indented}
`;
    const created = await post(editor, '/api/scrapers', { yaml }).expect(201);
    scraperId = created.body.id;
    const run = await post(editor, `/api/scrapers/${scraperId}/run`, {}).expect(200);
    expect(run.body).toMatchObject({ status: 'SUCCESS', error_count: 0 });
    expect(run.body.scrape_summary['Kubernetes::Pod']).toMatchObject({ added: 2, changes: 1 });

    const pods = await viewer.agent.get('/api/db/configs?type=eq.Kubernetes::Pod&order=name.asc').expect(200);
    expect(pods.body.map((p: { name: string; health: string; status: string; external_id: string }) => [p.name, p.health, p.status, p.external_id])).toEqual([
      ['web-1-a', 'healthy', 'Running', objs.good.metadata.uid],
      ['web-1-b', 'unhealthy', 'CrashLoopBackOff', objs.crashing.metadata.uid],
    ]);
    expect(pods.body[0]).toMatchObject({
      tags: { cluster: 'peer', namespace: 'shop' },
      labels: { app: 'web' },
      parent_id: await itemId('Kubernetes::ReplicaSet', 'web-1'),
    });
    expect(await itemId('Kubernetes::Deployment', 'web')).toBeTruthy();

    const podB = await itemId('Kubernetes::Pod', 'web-1-b');
    const rels = await t.pool.query(`select relation, related_id from config_relationships where config_id = $1 and deleted_at is null order by relation`, [
      podB,
    ]);
    expect(rels.rows).toEqual([
      { relation: 'PodNode', related_id: await itemId('Kubernetes::Node', 'node-1') },
      { relation: 'PodReplicaSet', related_id: await itemId('Kubernetes::ReplicaSet', 'web-1') },
    ]);
    const svc = await itemId('Kubernetes::Service', 'web');
    expect((await t.pool.query(`select count(*)::int n from config_relationships where config_id = $1 and relation = 'ServicePod'`, [svc])).rows[0].n).toBe(2);

    const insights = await t.pool.query(
      `select ci.name, ca.analyzer, ca.analysis_type, ca.status from config_analysis ca join config_items ci on ci.id = ca.config_id
       where ci.scraper_id = $1 order by ci.name`,
      [scraperId],
    );
    expect(insights.rows).toEqual([
      { name: 'web', analyzer: 'kubernetes/deployment-unavailable', analysis_type: 'availability', status: 'open' },
      { name: 'web-1-b', analyzer: 'kubernetes/pod-crashloop', analysis_type: 'reliability', status: 'open' },
    ]);
    const changes = await t.pool.query(`select change_type, severity, summary, source from config_changes where config_id = $1`, [podB]);
    expect(changes.rows).toEqual([
      { change_type: 'BackOff', severity: 'high', summary: 'Back-off restarting failed container web', source: 'kubernetes/kubelet' },
    ]);
  });

  it('records a pod changed in the cluster as a diff change on the next run', async () => {
    peer.put(pod('web-1-a', healthy, 'web:2'));
    const run = await post(editor, `/api/scrapers/${scraperId}/run`, {}).expect(200);
    expect(run.body.scrape_summary['Kubernetes::Pod']).toMatchObject({ updated: 1, unchanged: 1 });
    const podA = await itemId('Kubernetes::Pod', 'web-1-a');
    const diff = await t.pool.query(`select summary, diff from config_changes where config_id = $1 and change_type = 'diff'`, [podA]);
    expect(diff.rows).toHaveLength(1);
    expect(diff.rows[0].diff).toContain('web:2');
  });

  it('between runs, the watch turns a modified pod and a new Event into changes', async () => {
    await t.app.get(ScrapeWatcher).reconcile();
    await until('the watch streams', async () => peer.requests.some((r) => r.startsWith('GET /api/v1/pods?') && r.includes('watch=true')));
    await until('the events stream', async () => peer.requests.some((r) => r.startsWith('GET /api/v1/events?') && r.includes('watch=true')));
    const podA = await itemId('Kubernetes::Pod', 'web-1-a');

    peer.put(pod('web-1-a', healthy, 'web:3'));
    const diff = await until('a diff change from the watch', async () => {
      const rows = (await t.pool.query(`select diff from config_changes where config_id = $1 and change_type = 'diff' and diff like '%web:3%'`, [podA])).rows;
      return rows[0];
    });
    expect(diff.diff).toContain('web:2');

    peer.addEvent({ on: objs.good, reason: 'Killing', message: 'Stopping container web' });
    const killing = await until('the Event change', async () => {
      return (await t.pool.query(`select severity, summary from config_changes where config_id = $1 and change_type = 'Killing'`, [podA])).rows[0];
    });
    expect(killing).toEqual({ severity: 'medium', summary: 'Stopping container web' });
  });
});
