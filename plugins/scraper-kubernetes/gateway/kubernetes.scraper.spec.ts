import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScrapeContext, ScrapedConfig, ScrapeOutput } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { startKubernetesPeer, type K8sObject, type KubernetesPeer } from '../../../test/support/peers/kubernetes-peer';
import { KubernetesScraper } from './kubernetes.scraper';

const context = (timeoutMs = 5000, resolveSecret: ScrapeContext['resolveSecret'] = async () => null, signal?: AbortSignal): ScrapeContext => {
  const base = checkContext(timeoutMs, resolveSecret);
  return { ...base, signal: signal ?? base.signal, scraper: { id: 's1', name: 'k8s', namespace: 'default' } };
};

/** A small cluster: a node, a namespace, a deployment → replica set → two pods (one crash-looping), a service selecting them, ... */
function seed(peer: KubernetesPeer) {
  const ns = peer.put({ kind: 'Namespace', metadata: { name: 'shop' }, status: { phase: 'Active' } });
  peer.put({ kind: 'Namespace', metadata: { name: 'kube-system' }, status: { phase: 'Active' } });
  const node = peer.put({
    kind: 'Node',
    metadata: { name: 'node-1' },
    status: { conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: '2024-01-01T00:00:00Z' }] },
  });
  const dep = peer.put({
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } },
    spec: { replicas: 2 },
    status: { availableReplicas: 1, readyReplicas: 1, updatedReplicas: 2 },
  });
  const down = peer.put({ kind: 'Deployment', metadata: { name: 'api', namespace: 'shop' }, spec: { replicas: 3 }, status: { replicas: 3 } });
  const owner = (o: K8sObject) => [{ apiVersion: 'apps/v1', kind: o.kind, name: o.metadata.name, uid: o.metadata.uid!, controller: true }];
  const rs = peer.put({
    kind: 'ReplicaSet',
    metadata: { name: 'web-abc', namespace: 'shop', ownerReferences: owner(dep) },
    spec: { replicas: 2 },
    status: { readyReplicas: 1 },
  });
  peer.put({ kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'shop' }, status: { phase: 'Bound' } });
  const podSpec = { nodeName: 'node-1', volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] };
  const good = peer.put({
    kind: 'Pod',
    metadata: { name: 'web-abc-1', namespace: 'shop', labels: { app: 'web' }, ownerReferences: owner(rs) },
    spec: podSpec,
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [{ name: 'web', restartCount: 0, ready: true, state: { running: {} } }],
    },
  });
  const crashing = peer.put({
    kind: 'Pod',
    metadata: { name: 'web-abc-2', namespace: 'shop', labels: { app: 'web' }, ownerReferences: owner(rs) },
    spec: podSpec,
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [{ name: 'web', restartCount: 12, ready: false, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s' } } }],
    },
  });
  peer.put({ kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { type: 'ClusterIP', selector: { app: 'web' } } });
  peer.put({
    kind: 'Ingress',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { rules: [{ http: { paths: [{ path: '/', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] },
    status: { loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } },
  });
  peer.put({ kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'shop' }, data: { a: '1' } });
  peer.put({ kind: 'StatefulSet', metadata: { name: 'db', namespace: 'shop' }, spec: { replicas: 1 }, status: { readyReplicas: 1 } });
  peer.put({ kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'kube-system' }, status: { desiredNumberScheduled: 1, numberReady: 1 } });
  const cron = peer.put({ kind: 'CronJob', metadata: { name: 'nightly', namespace: 'shop' }, spec: { schedule: '0 0 * * *' }, status: {} });
  peer.put({
    kind: 'Job',
    metadata: {
      name: 'nightly-1',
      namespace: 'shop',
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'nightly', uid: cron.metadata.uid!, controller: true }],
    },
    status: { succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] },
  });
  peer.addEvent({ on: { ...crashing, kind: 'Pod' }, reason: 'BackOff', message: 'Back-off restarting failed container web', type: 'Warning' });
  peer.addEvent({ on: { ...good, kind: 'Pod' }, reason: 'Pulled', message: 'Successfully pulled image', component: 'kubelet' });
  return { ns, node, dep, down, rs, good, crashing };
}

describe('kubernetes scraper', () => {
  const scraper = new KubernetesScraper();
  let peer: KubernetesPeer;
  let cluster: ReturnType<typeof seed>;
  const spec = (extra: Record<string, unknown> = {}) => ({ clusterName: 'test', kubeconfig: { value: peer.kubeconfig }, ...extra });
  const byName = (out: ScrapeOutput, type: string, name: string) => out.configs.find((c) => c.type === type && c.name === name) as ScrapedConfig;

  beforeAll(async () => {
    peer = await startKubernetesPeer();
    cluster = seed(peer);
  });
  // A watch a failed test left running is stopped before the peer goes.
  let afterAbort: AbortController | null = null;
  afterEach(() => afterAbort?.abort());
  afterAll(() => peer?.close());

  it('never follows a redirect, in lists or watches (the outbound policy checks only the server it was given)', async () => {
    // The "elsewhere" server stands for an address the policy refuses: the console's API, its database, metadata.
    const elsewhere: string[] = [];
    const target = http.createServer((req, res) => {
      elsewhere.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ kind: 'List', metadata: { resourceVersion: '1' }, items: [{ metadata: { name: 'stolen', uid: 'u-stolen' } }] }));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const away = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    // The API server redirects lists (or, with `watchOnly`, only watch streams) elsewhere.
    let watchOnly = false;
    const server = http.createServer((req, res) => {
      const watching = /[?&]watch=(true|1)/.test(req.url ?? '');
      if (!watchOnly || watching) {
        res.writeHead(302, { location: `${away}${req.url}` });
        return void res.end();
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ kind: 'List', metadata: { resourceVersion: '5' }, items: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const kubeconfig = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(scraper.scrape({ clusterName: 'c', kubeconfig, insecure: true }, context())).rejects.toThrow(/302/);
      expect(elsewhere).toEqual([]);
      watchOnly = true;
      const stop = new AbortController();
      afterAbort = stop;
      const emitted: ScrapeOutput[] = [];
      const watching = scraper.watch(
        { clusterName: 'c', kubeconfig, insecure: true, watch: [{ kind: 'Pod' }] },
        context(5000, undefined, stop.signal),
        async (o) => {
          emitted.push(o);
        },
      );
      await expect(watching).rejects.toThrow(/Found|302/);
      expect(elsewhere).toEqual([]);
      expect(JSON.stringify(emitted)).not.toContain('stolen');
    } finally {
      server.close();
      target.close();
    }
  });

  it('validates: clusterName required, field shapes named', () => {
    expect(scraper.validate({})).toEqual(['clusterName: required']);
    expect(scraper.validate({ clusterName: 'c', kubeconfig: { value: 'x' }, namespace: 'a' })).toEqual([]);
    expect(
      scraper.validate({ clusterName: 'c', namespaces: 'a', exclusions: { kind: 'Pod' }, watch: [{}], pageSize: 0, connection: 'http://x', kubeconfig: 3 }),
    ).toEqual([
      'namespaces: must be a list of strings',
      'kubeconfig: must be a value, {value}, {valueFrom} or a connection:// reference',
      'connection: must be a connection:// reference',
      'exclusions.kind: must be a list of strings',
      'watch[0].kind: required',
      'pageSize: must be an integer > 0',
    ]);
    // config-db's forms load unchanged: exclusions as one list, watch as {apiVersion, kind}.
    expect(scraper.validate({ clusterName: 'c', exclusions: ['kube-system'], watch: [{ apiVersion: 'v1', kind: 'Pod' }] })).toEqual([]);
  });

  it('lists every kind with its type, tags, health, parent and relationships', async () => {
    peer.requests.length = 0;
    const out = await scraper.scrape(spec({ pageSize: 2 }), context());
    const types = new Set(out.configs.map((c) => c.type));
    for (const kind of [
      'Namespace',
      'Node',
      'Pod',
      'Deployment',
      'ReplicaSet',
      'StatefulSet',
      'DaemonSet',
      'Service',
      'Ingress',
      'ConfigMap',
      'Job',
      'CronJob',
      'PersistentVolumeClaim',
    ]) {
      expect(types).toContain(`Kubernetes::${kind}`);
    }
    expect(out.configs).toHaveLength(16);
    expect(out.errors).toEqual([]);
    // Two of a kind at two a page: one request each, no continue.
    expect(peer.requests.some((r) => /\/api\/v1\/pods\?.*continue=/.test(r))).toBe(false);
    expect(peer.requests.filter((r) => r.startsWith('GET /apis/apps/v1/replicasets')).length).toBe(1);

    const pod = byName(out, 'Kubernetes::Pod', 'web-abc-2');
    expect(pod).toMatchObject({
      id: cluster.crashing.metadata.uid,
      health: 'unhealthy',
      status: 'CrashLoopBackOff',
      ready: false,
      labels: { app: 'web' },
      tags: { cluster: 'test', namespace: 'shop' },
      createdAt: cluster.crashing.metadata.creationTimestamp,
      parent: { type: 'Kubernetes::ReplicaSet', externalId: cluster.rs.metadata.uid },
    });
    expect((pod.config as K8sObject).kind).toBe('Pod');
    expect((pod.config as K8sObject).metadata.resourceVersion).toBeUndefined();
    const related = pod.relationships!.map((r) => `${r.relation}:${r.to.type}`);
    expect(related).toEqual(
      expect.arrayContaining([
        'PodReplicaSet:Kubernetes::ReplicaSet',
        'PodNode:Kubernetes::Node',
        'PodPersistentVolumeClaim:Kubernetes::PersistentVolumeClaim',
      ]),
    );
    expect(pod.relationships!.find((r) => r.relation === 'PodNode')!.to.externalId).toBe(cluster.node.metadata.uid);

    expect(byName(out, 'Kubernetes::ReplicaSet', 'web-abc').parent).toEqual({ type: 'Kubernetes::Deployment', externalId: cluster.dep.metadata.uid });
    expect(byName(out, 'Kubernetes::Deployment', 'web')).toMatchObject({
      parent: { type: 'Kubernetes::Namespace', externalId: cluster.ns.metadata.uid },
      health: 'warning',
    });
    expect(byName(out, 'Kubernetes::Deployment', 'api')).toMatchObject({ health: 'unhealthy', status: 'Unavailable' });
    const svc = byName(out, 'Kubernetes::Service', 'web');
    expect(
      svc
        .relationships!.filter((r) => r.relation === 'ServicePod')
        .map((r) => r.to.externalId)
        .sort(),
    ).toEqual([cluster.good.metadata.uid, cluster.crashing.metadata.uid].sort());
    expect(byName(out, 'Kubernetes::Ingress', 'web').relationships).toEqual([
      { to: { type: 'Kubernetes::Service', externalId: svc.id }, relation: 'IngressService' },
    ]);
    expect(byName(out, 'Kubernetes::Job', 'nightly-1')).toMatchObject({ health: 'healthy', status: 'Complete', parent: { type: 'Kubernetes::CronJob' } });
    expect(byName(out, 'Kubernetes::Node', 'node-1')).toMatchObject({ health: 'healthy', tags: { cluster: 'test' } });
    expect(byName(out, 'Kubernetes::Node', 'node-1').parent).toBeUndefined();
    expect(JSON.stringify(byName(out, 'Kubernetes::Node', 'node-1').config)).not.toContain('lastHeartbeatTime');
  });

  it('pages lists across continue tokens', async () => {
    for (let i = 0; i < 5; i++) peer.put({ kind: 'ConfigMap', metadata: { name: `page-${i}`, namespace: 'paging' }, data: {} });
    peer.requests.length = 0;
    const out = await scraper.scrape(spec({ pageSize: 2, namespace: 'paging' }), context());
    expect(out.configs.filter((c) => c.type === 'Kubernetes::ConfigMap').map((c) => c.name)).toEqual(['page-0', 'page-1', 'page-2', 'page-3', 'page-4']);
    const calls = peer.requests.filter((r) => r.startsWith('GET /api/v1/namespaces/paging/configmaps'));
    expect(calls).toHaveLength(3);
    expect(calls[1]).toMatch(/continue=/);
  });

  it('turns Events into changes with severity, and raises insights for a crash-looping pod and a 0/3 deployment', async () => {
    const out = await scraper.scrape(spec(), context());
    const backOff = out.changes!.find((c) => c.changeType === 'BackOff')!;
    expect(backOff).toMatchObject({
      on: { type: 'Kubernetes::Pod', externalId: cluster.crashing.metadata.uid },
      severity: 'high',
      summary: 'Back-off restarting failed container web',
      source: 'kubernetes/kubelet',
    });
    expect(backOff.externalChangeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(backOff.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(out.changes!.find((c) => c.changeType === 'Pulled')).toMatchObject({ severity: 'info' });

    expect(out.analysis!.map((a) => [a.analyzer, a.on.externalId, a.analysisType]).sort()).toEqual(
      [
        ['kubernetes/deployment-unavailable', cluster.down.metadata.uid, 'availability'],
        ['kubernetes/pod-crashloop', cluster.crashing.metadata.uid, 'reliability'],
      ].sort(),
    );
    expect(out.analysis!.find((a) => a.analyzer === 'kubernetes/deployment-unavailable')!.message).toBe('0/3 replicas ready');
  });

  it('honours namespace, label selector and exclusions', async () => {
    // The label selector applies to every kind (the namespace has no app label either).
    const shop = await scraper.scrape(spec({ namespace: 'shop', selector: 'app=web', exclusions: { kind: ['Node'] } }), context());
    expect(shop.configs.map((c) => `${c.type}/${c.name}`).sort()).toEqual([
      'Kubernetes::Deployment/web',
      'Kubernetes::Pod/web-abc-1',
      'Kubernetes::Pod/web-abc-2',
    ]);
    const namespaces = await scraper.scrape(spec({ namespaces: ['kube-system'] }), context());
    expect(namespaces.configs.map((c) => `${c.type}/${c.name}`).sort()).toEqual([
      'Kubernetes::DaemonSet/agent',
      'Kubernetes::Namespace/kube-system',
      'Kubernetes::Node/node-1',
    ]);
    const excluded = await scraper.scrape(spec({ exclusions: { namespace: ['kube-system'], name: ['web-*'] } }), context());
    expect(excluded.configs.some((c) => c.type === 'Kubernetes::DaemonSet' || c.name?.startsWith('web-'))).toBe(false);
  });

  it('resolves a connection:// kubeconfig through the run context, and refuses a wrong token or exec plugins', async () => {
    const seen: unknown[] = [];
    const out = await scraper.scrape(
      { clusterName: 'c', kubeconfig: 'connection://prod' },
      context(5000, async (ref) => (seen.push(ref), peer.kubeconfig)),
    );
    expect(seen).toEqual(['connection://prod']);
    expect(out.configs.length).toBeGreaterThan(0);
    await expect(scraper.scrape({ clusterName: 'c', kubeconfig: { value: peer.kubeconfig.replace(peer.token, 'wrong') } }, context())).rejects.toThrow(/401/);
    const exec = peer.kubeconfig.replace(`token: ${peer.token}`, 'exec: {command: /bin/sh, apiVersion: client.authentication.k8s.io/v1}');
    await expect(scraper.scrape({ clusterName: 'c', kubeconfig: { value: exec } }, context())).rejects.toThrow('kubeconfig: users[].user.exec is not allowed');
    const tokenFile = peer.kubeconfig.replace(`token: ${peer.token}`, 'token-file: /etc/hostname');
    await expect(scraper.scrape({ clusterName: 'c', kubeconfig: { value: tokenFile } }, context())).rejects.toThrow(/token-file is not allowed/);
  });

  it('watch: a modified pod and a new Event arrive through emit; DELETED sets deletedAt; abort ends it', async () => {
    const abort = new AbortController();
    afterAbort = abort;
    peer.requests.length = 0;
    const outputs: ScrapeOutput[] = [];
    const arrived = (pred: (o: ScrapeOutput) => boolean) =>
      new Promise<ScrapeOutput>((resolve, reject) => {
        const t0 = Date.now();
        const poll = () => {
          const hit = outputs.find(pred);
          if (hit) return resolve(hit);
          if (Date.now() - t0 > 4000) return reject(new Error('nothing arrived'));
          setTimeout(poll, 20);
        };
        poll();
      });
    const running = scraper.watch(spec(), context(20000, undefined, abort.signal), async (o) => void outputs.push(o));
    running.catch(() => undefined);
    // Wait for the streams to open: one per kind and Events.
    for (let i = 0; i < 200 && peer.requests.filter((r) => r.includes('watch=true')).length < 14; i++) await new Promise((r) => setTimeout(r, 20));
    expect(outputs).toHaveLength(0);

    const updated = peer.put({ ...cluster.good, kind: 'Pod', metadata: { ...cluster.good.metadata, labels: { app: 'web', version: '2' } } });
    const pod = await arrived((o) => o.configs.some((c) => c.id === cluster.good.metadata.uid));
    expect(pod.configs[0]).toMatchObject({ type: 'Kubernetes::Pod', labels: { version: '2' }, parent: { type: 'Kubernetes::ReplicaSet' } });
    expect(pod.configs[0].relationships!.some((r) => r.relation === 'PodNode' && r.to.externalId === cluster.node.metadata.uid)).toBe(true);

    peer.addEvent({ on: updated, reason: 'Killing', message: 'Stopping container web' });
    const change = await arrived((o) => !!o.changes?.some((c) => c.changeType === 'Killing'));
    expect(change.changes![0]).toMatchObject({ on: { externalId: cluster.good.metadata.uid }, severity: 'medium', summary: 'Stopping container web' });

    peer.remove('ConfigMap', 'shop', 'settings');
    const gone = await arrived((o) => o.configs.some((c) => c.name === 'settings'));
    expect(gone.configs[0].deletedAt).toMatch(/^\d{4}-/);

    // The server ends the streams: the watch reopens them from the last resourceVersion and misses nothing.
    peer.dropWatches();
    peer.put({ ...cluster.crashing, kind: 'Pod', metadata: { ...cluster.crashing.metadata, labels: { app: 'web', after: 'reconnect' } } });
    await arrived((o) => o.configs.some((c) => c.labels?.after === 'reconnect'));

    abort.abort();
    await expect(running).resolves.toBeUndefined();
  });

  it('watch relists after 410 Gone and emits what changed meanwhile', async () => {
    const abort = new AbortController();
    const outputs: ScrapeOutput[] = [];
    // A stream the last test's watch was opening when it stopped still reaches the server (and is closed at once).
    await new Promise((r) => setTimeout(r, 300));
    peer.requests.length = 0;
    const running = scraper.watch(
      spec({ watch: [{ apiVersion: 'v1', kind: 'Pod' }] }),
      context(20000, undefined, abort.signal),
      async (o) => void outputs.push(o),
    );
    running.catch(() => undefined);
    afterAbort = abort;
    const streams = () => peer.requests.filter((r) => r.includes('watch=true')).map((r) => r.split('?')[0]);
    for (let i = 0; i < 100 && streams().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    expect(streams().sort()).toEqual(['GET /api/v1/events', 'GET /api/v1/pods']);
    peer.requests.length = 0;
    peer.dropWatches();
    peer.put({ ...cluster.good, kind: 'Pod', metadata: { ...cluster.good.metadata, labels: { app: 'web', phase: 'gone' } } });
    peer.compact();
    for (let i = 0; i < 200 && !outputs.some((o) => o.configs.some((c) => c.labels?.phase === 'gone')); i++) await new Promise((r) => setTimeout(r, 20));
    expect(outputs.some((o) => o.configs.some((c) => c.labels?.phase === 'gone'))).toBe(true);
    // Relisted: a list call of pods without watch after the 410.
    expect(peer.requests.some((r) => r.startsWith('GET /api/v1/pods?') && !r.includes('watch='))).toBe(true);
    abort.abort();
    await running;
  });
});
