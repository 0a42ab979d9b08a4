import { randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './self-signed';

/**
 * A Kubernetes API server double on https://127.0.0.1 (a throwaway certificate, its CA in the kubeconfig) for the kubernetes scraper's tests (no API server can run here). It
 * speaks the part of the documented protocol a list-and-watch client uses: bearer-token auth, `{Kind}List` answers
 * with `metadata.resourceVersion` and `limit`/`continue` paging, and `?watch=true&resourceVersion=N` streams of
 * newline-delimited `{type, object}` events over a chunked response kept open, ending with a 410 ERROR event when N
 * has been compacted away (as the real server does). There is no scheduling and no controller: tests put the objects
 * in the state they need.
 */

export type K8sObject = Record<string, unknown> & {
  apiVersion?: string;
  kind: string;
  metadata: { name: string; namespace?: string; uid?: string; resourceVersion?: string; [k: string]: unknown };
};

interface Resource {
  kind: string;
  apiVersion: string;
  plural: string;
  namespaced: boolean;
}

const RESOURCES: Resource[] = [
  { kind: 'Namespace', apiVersion: 'v1', plural: 'namespaces', namespaced: false },
  { kind: 'Node', apiVersion: 'v1', plural: 'nodes', namespaced: false },
  { kind: 'Pod', apiVersion: 'v1', plural: 'pods', namespaced: true },
  { kind: 'Service', apiVersion: 'v1', plural: 'services', namespaced: true },
  { kind: 'ConfigMap', apiVersion: 'v1', plural: 'configmaps', namespaced: true },
  { kind: 'PersistentVolumeClaim', apiVersion: 'v1', plural: 'persistentvolumeclaims', namespaced: true },
  { kind: 'Event', apiVersion: 'v1', plural: 'events', namespaced: true },
  { kind: 'Deployment', apiVersion: 'apps/v1', plural: 'deployments', namespaced: true },
  { kind: 'ReplicaSet', apiVersion: 'apps/v1', plural: 'replicasets', namespaced: true },
  { kind: 'StatefulSet', apiVersion: 'apps/v1', plural: 'statefulsets', namespaced: true },
  { kind: 'DaemonSet', apiVersion: 'apps/v1', plural: 'daemonsets', namespaced: true },
  { kind: 'Job', apiVersion: 'batch/v1', plural: 'jobs', namespaced: true },
  { kind: 'CronJob', apiVersion: 'batch/v1', plural: 'cronjobs', namespaced: true },
  { kind: 'Ingress', apiVersion: 'networking.k8s.io/v1', plural: 'ingresses', namespaced: true },
];

interface WatchEvent {
  rv: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: K8sObject;
}

interface Watcher {
  resource: Resource;
  namespace: string | null;
  res: http.ServerResponse;
}

export interface EventSpec {
  /** The object it is about (its kind, namespace, name and uid are copied into `involvedObject`). */
  on: K8sObject;
  reason: string;
  message: string;
  type?: 'Normal' | 'Warning';
  component?: string;
  /** ISO time; default now. */
  lastTimestamp?: string;
}

export interface KubernetesPeer {
  url: string;
  token: string;
  /** A kubeconfig (YAML text) whose current context points at this server with the token. */
  kubeconfig: string;
  /** Every request line received (`GET /api/v1/pods?limit=2`), for tests of paging and watching. */
  requests: string[];
  /** Creates or replaces an object (by kind, namespace, name); gives it a uid (kept across updates) and a new resourceVersion. */
  put(obj: K8sObject): K8sObject;
  remove(kind: string, namespace: string | null, name: string): void;
  addEvent(spec: EventSpec): K8sObject;
  /** Forgets the watch history up to now: a watch from an older resourceVersion gets 410 Gone. */
  compact(): void;
  /** Ends every open watch stream (clients reconnect from their last resourceVersion). */
  dropWatches(): void;
  close(): Promise<void>;
}

const keyOf = (kind: string, namespace: string | null | undefined, name: string) => `${kind}/${namespace ?? ''}/${name}`;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** `a=b,c!=d,e,!f` (equality-based label selectors; set-based ones are not needed by the tests). */
function matchesSelector(labels: Record<string, string>, selector: string | null): boolean {
  if (!selector) return true;
  return selector
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .every((term) => {
      const ne = /^([^!=]+)!=(.*)$/.exec(term);
      if (ne) return labels[ne[1].trim()] !== ne[2].trim();
      const eq = /^([^!=]+)==?(.*)$/.exec(term);
      if (eq) return labels[eq[1].trim()] === eq[2].trim();
      if (term.startsWith('!')) return !(term.slice(1) in labels);
      return term in labels;
    });
}

function status(res: http.ServerResponse, code: number, reason: string, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code }));
}

/** Parses `/api/v1[/namespaces/{ns}]/{plural}` and `/apis/{group}/{version}[/namespaces/{ns}]/{plural}`. */
function route(pathname: string): { resource: Resource; namespace: string | null } | null {
  const m = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))(?:\/namespaces\/([^/]+))?\/([^/]+)$/.exec(pathname);
  if (!m) return null;
  const apiVersion = m[1] ?? m[2];
  const resource = RESOURCES.find((r) => r.apiVersion === apiVersion && r.plural === m[4]);
  if (!resource || (m[3] && !resource.namespaced)) return null;
  return { resource, namespace: m[3] ?? null };
}

export async function startKubernetesPeer(options: { token?: string } = {}): Promise<KubernetesPeer> {
  const token = options.token ?? `peer-${randomUUID()}`;
  const objects = new Map<string, K8sObject>();
  const history: WatchEvent[] = [];
  const watchers = new Set<Watcher>();
  const requests: string[] = [];
  let rv = 100;
  // Watches from a resourceVersion below this get 410 Gone.
  let oldest = 0;

  const inScope = (w: { resource: Resource; namespace: string | null }, obj: K8sObject) =>
    obj.kind === w.resource.kind && (!w.namespace || obj.metadata.namespace === w.namespace);

  const publish = (type: WatchEvent['type'], object: K8sObject) => {
    const event: WatchEvent = { rv, type, object: clone(object) };
    history.push(event);
    for (const w of watchers) if (inScope(w, object)) w.res.write(JSON.stringify({ type, object: event.object }) + '\n');
  };

  const put = (input: K8sObject): K8sObject => {
    const resource = RESOURCES.find((r) => r.kind === input.kind);
    if (!resource) throw new Error(`kubernetes peer: unknown kind ${input.kind}`);
    const key = keyOf(input.kind, resource.namespaced ? (input.metadata.namespace ?? 'default') : null, input.metadata.name);
    const existing = objects.get(key);
    rv += 1;
    const obj = clone(input);
    obj.apiVersion = resource.apiVersion;
    obj.metadata = {
      ...obj.metadata,
      ...(resource.namespaced ? { namespace: obj.metadata.namespace ?? 'default' } : {}),
      uid: existing?.metadata.uid ?? obj.metadata.uid ?? randomUUID(),
      resourceVersion: String(rv),
      creationTimestamp: existing?.metadata.creationTimestamp ?? obj.metadata.creationTimestamp ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    };
    objects.set(key, obj);
    publish(existing ? 'MODIFIED' : 'ADDED', obj);
    return clone(obj);
  };

  const remove = (kind: string, namespace: string | null, name: string) => {
    const key = keyOf(kind, namespace, name);
    const obj = objects.get(key);
    if (!obj) return;
    objects.delete(key);
    rv += 1;
    obj.metadata = { ...obj.metadata, resourceVersion: String(rv), deletionTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z') };
    publish('DELETED', obj);
  };

  const addEvent = (spec: EventSpec): K8sObject => {
    const on = spec.on.metadata;
    const when = spec.lastTimestamp ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    return put({
      kind: 'Event',
      metadata: { name: `${on.name}.${randomUUID().slice(0, 8)}`, namespace: on.namespace ?? 'default' },
      involvedObject: { kind: spec.on.kind, apiVersion: spec.on.apiVersion, namespace: on.namespace, name: on.name, uid: on.uid },
      reason: spec.reason,
      message: spec.message,
      type: spec.type ?? 'Normal',
      source: { component: spec.component ?? 'kubelet' },
      firstTimestamp: when,
      lastTimestamp: when,
      count: 1,
    });
  };

  const list = (res: http.ServerResponse, target: { resource: Resource; namespace: string | null }, query: URLSearchParams) => {
    const selector = query.get('labelSelector');
    const items = [...objects.values()]
      .filter((o) => inScope(target, o) && matchesSelector((o.metadata.labels as Record<string, string>) ?? {}, selector))
      .sort((a, b) => keyOf(a.kind, a.metadata.namespace, a.metadata.name).localeCompare(keyOf(b.kind, b.metadata.namespace, b.metadata.name)));
    let offset = 0;
    let listRv = rv;
    const token = query.get('continue');
    if (token) {
      try {
        const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { rv: number; offset: number };
        if (parsed.rv < oldest) return status(res, 410, 'Expired', 'The provided continue parameter is too old');
        offset = parsed.offset;
        listRv = parsed.rv;
      } catch {
        return status(res, 400, 'BadRequest', 'invalid continue token');
      }
    }
    const limit = Number(query.get('limit')) || 0;
    const page = limit > 0 ? items.slice(offset, offset + limit) : items.slice(offset);
    const more = limit > 0 && offset + limit < items.length;
    const metadata: Record<string, unknown> = { resourceVersion: String(listRv) };
    if (more) metadata.continue = Buffer.from(JSON.stringify({ rv: listRv, offset: offset + limit })).toString('base64url');
    // Items of a list carry no kind/apiVersion on a real server either.
    const bare = page.map((o) => {
      const { kind: _kind, apiVersion: _apiVersion, ...rest } = o;
      return rest;
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ kind: `${target.resource.kind}List`, apiVersion: target.resource.apiVersion, metadata, items: bare }));
  };

  const watch = (req: http.IncomingMessage, res: http.ServerResponse, target: { resource: Resource; namespace: string | null }, query: URLSearchParams) => {
    const from = query.get('resourceVersion');
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    res.flushHeaders();
    const line = (type: string, object: unknown) => res.write(JSON.stringify({ type, object }) + '\n');
    if (from && from !== '0') {
      const n = Number(from);
      if (!Number.isFinite(n) || n < oldest) {
        line('ERROR', {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: `too old resource version: ${from} (${oldest})`,
          reason: 'Expired',
          code: 410,
        });
        res.end();
        return;
      }
      for (const e of history) if (e.rv > n && inScope(target, e.object)) line(e.type, e.object);
    } else {
      // No resourceVersion: synthetic ADDED events for the current state, then changes.
      for (const o of objects.values()) if (inScope(target, o)) line('ADDED', o);
    }
    const watcher: Watcher = { ...target, res };
    watchers.add(watcher);
    req.on('close', () => watchers.delete(watcher));
  };

  const tls = selfSignedCertificate();
  const server = https.createServer(tls, (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${token}`) return status(res, 401, 'Unauthorized', 'Unauthorized');
    const url = new URL(req.url ?? '/', 'http://peer');
    const target = route(url.pathname);
    if (req.method !== 'GET' || !target) return status(res, 404, 'NotFound', `the server could not find the requested resource (${url.pathname})`);
    const w = url.searchParams.get('watch');
    if (w === 'true' || w === '1') return watch(req, res, target, url.searchParams);
    return list(res, target, url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '  - name: peer',
    '    cluster:',
    `      server: ${baseUrl}`,
    `      certificate-authority-data: ${Buffer.from(tls.cert).toString('base64')}`,
    'users:',
    '  - name: peer',
    '    user:',
    `      token: ${token}`,
    'contexts:',
    '  - name: peer',
    '    context:',
    '      cluster: peer',
    '      user: peer',
    'current-context: peer',
    '',
  ].join('\n');

  return {
    url: baseUrl,
    token,
    kubeconfig,
    requests,
    put,
    remove,
    addEvent,
    compact: () => {
      oldest = rv;
      history.length = 0;
    },
    dropWatches: () => {
      for (const w of watchers) w.res.end();
      watchers.clear();
    },
    close: async () => {
      for (const w of watchers) w.res.end();
      watchers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
