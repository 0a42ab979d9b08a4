import * as http from 'node:http';
import * as https from 'node:https';
import {
  AppsV1Api,
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  NetworkingV1Api,
  Observable,
  ResponseContext,
  Watch,
  type ConfigurationOptions,
  type HttpLibrary,
  type ObservableMiddleware,
  type RequestContext,
} from '@kubernetes/client-node';
import type { ScrapeContext, ScraperSpec } from '@contracts';
import { loadUserYaml } from '@gateway/core/documents/user-yaml';
import { isConnectionRef, resolveValue } from '@gateway/core/checks/runner-kit';
import { restPath, type ApiGroup, type KindDef } from './kinds';

/** A Kubernetes object as the API server sent it (JSON), with its kind and apiVersion filled in. */
export interface K8sObject {
  kind: string;
  apiVersion: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    creationTimestamp?: string;
    deletionTimestamp?: string;
    ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean }[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** A problem with the spec or its kubeconfig (as opposed to the cluster's answer). */
export class KubeconfigError extends Error {}

/**
 * Kubeconfig entries refused in a user's kubeconfig: each would make the console run a command or read a file on its
 * own machine (exec and auth-provider plugins, token/certificate/CA files), or send the request through a proxy past
 * the outbound address policy.
 */
const REFUSED_USER_FIELDS = ['exec', 'auth-provider', 'token-file', 'tokenFile', 'client-certificate', 'client-key', 'username-file'];
const REFUSED_CLUSTER_FIELDS = ['certificate-authority', 'proxy-url'];

export interface Cluster {
  kc: KubeConfig;
  server: string;
  apis: Record<ApiGroup, unknown>;
}

/**
 * The kubeconfig text of the entry: `kubeconfig` (a value, `{value}`, `{valueFrom}`, or a `connection://` reference)
 * or `connection`. Without either, the console's own in-cluster service account when it runs in a cluster.
 */
async function kubeconfigOf(spec: ScraperSpec, ctx: ScrapeContext): Promise<string | null> {
  const written = spec.kubeconfig ?? spec.connection;
  if (written === undefined || written === null || written === '') return null;
  const text = isConnectionRef(written) ? await ctx.resolveSecret(written) : await resolveValue(written, ctx);
  if (!text) throw new KubeconfigError(`kubeconfig: could not be resolved`);
  return text;
}

function checkRefused(doc: Record<string, unknown>): void {
  const entries = (list: unknown, key: string) =>
    (Array.isArray(list) ? list : []).map((e) => ((e as Record<string, unknown>)?.[key] ?? {}) as Record<string, unknown>);
  for (const user of entries(doc.users, 'user')) {
    const field = REFUSED_USER_FIELDS.find((f) => user[f] !== undefined);
    if (field) throw new KubeconfigError(`kubeconfig: users[].user.${field} is not allowed (inline the credential instead)`);
  }
  for (const cluster of entries(doc.clusters, 'cluster')) {
    const field = REFUSED_CLUSTER_FIELDS.find((f) => cluster[f] !== undefined);
    if (field)
      throw new KubeconfigError(`kubeconfig: clusters[].cluster.${field} is not allowed${field === 'proxy-url' ? '' : ' (use certificate-authority-data)'}`);
  }
}

/** Loads the kubeconfig (a URL is a server without credentials) and asks the outbound guard about its server. */
export async function connect(spec: ScraperSpec, ctx: ScrapeContext): Promise<Cluster> {
  const text = await kubeconfigOf(spec, ctx);
  const kc = new KubeConfig();
  if (text === null) {
    if (!process.env.KUBERNETES_SERVICE_HOST) throw new KubeconfigError('kubeconfig: required (the console does not run inside a cluster)');
    kc.loadFromCluster();
  } else if (/^https?:\/\/\S+$/i.test(text.trim())) {
    kc.loadFromOptions({
      clusters: [{ name: 'cluster', server: text.trim(), skipTLSVerify: spec.insecure === true }],
      users: [{ name: 'user' }],
      contexts: [{ name: 'context', cluster: 'cluster', user: 'user' }],
      currentContext: 'context',
    });
  } else {
    let doc: unknown;
    try {
      doc = loadUserYaml(text);
    } catch (err) {
      throw new KubeconfigError(`kubeconfig: ${(err as Error).message}`);
    }
    if (!doc || typeof doc !== 'object') throw new KubeconfigError('kubeconfig: not a kubeconfig document');
    checkRefused(doc as Record<string, unknown>);
    try {
      // JSON is YAML: the client loads exactly the document checked above.
      kc.loadFromString(JSON.stringify(doc));
    } catch (err) {
      throw new KubeconfigError(`kubeconfig: ${(err as Error).message}`);
    }
    if (typeof spec.context === 'string' && spec.context) kc.setCurrentContext(spec.context);
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster?.server) throw new KubeconfigError('kubeconfig: no current cluster with a server');
  const user = kc.getCurrentUser();
  await ctx.outbound.check(cluster.server, { token: user?.token, username: user?.username, password: user?.password });
  return {
    kc,
    server: cluster.server,
    apis: {
      core: kc.makeApiClient(CoreV1Api),
      apps: kc.makeApiClient(AppsV1Api),
      batch: kc.makeApiClient(BatchV1Api),
      networking: kc.makeApiClient(NetworkingV1Api),
    },
  };
}

/** An error the API server answered with its HTTP status (410 Gone, 401, 403...). */
export const statusOf = (err: unknown): number | null => {
  const e = err as { code?: unknown; statusCode?: unknown };
  return typeof e?.code === 'number' ? e.code : typeof e?.statusCode === 'number' ? e.statusCode : null;
};

interface ListPage {
  items: Record<string, unknown>[];
  metadata?: { resourceVersion?: string; continue?: string };
}

/**
 * One list call through the client's typed API, keeping the body as the server sent it: the client's models turn
 * times into Date objects and drop fields they do not know, while the catalogue stores and diffs the object itself.
 */
async function listPage(cluster: Cluster, def: KindDef, params: Record<string, unknown>, signal: AbortSignal): Promise<ListPage> {
  let raw = '';
  const capture: ObservableMiddleware = {
    pre: (req: RequestContext) => {
      req.setSignal(signal);
      return new Observable(Promise.resolve(req));
    },
    post: (res: ResponseContext) =>
      new Observable(
        res.body.text().then((text) => {
          raw = text;
          return new ResponseContext(res.httpStatusCode, res.headers, { text: async () => text, binary: async () => Buffer.from(text) });
        }),
      ),
  };
  const options: ConfigurationOptions = { middleware: [capture], middlewareMergeStrategy: 'append', httpApi: NO_REDIRECTS };
  const api = cluster.apis[def.api] as Record<string, (p: Record<string, unknown>, o: ConfigurationOptions) => Promise<unknown>>;
  const method = params.namespace ? def.listNamespaced! : def.listAll;
  // The request carries the signal (set above): an abort rejects the call.
  await api[method].call(api, params, options);
  return JSON.parse(raw) as ListPage;
}

export interface ListResult {
  items: K8sObject[];
  resourceVersion: string;
}

/**
 * Every object of a kind (in one namespace, or all), page by page with `limit` / `continue`. A continue token that
 * expired (410) restarts the list once from the beginning, as the API documents.
 */
export async function listKind(
  cluster: Cluster,
  def: KindDef,
  scope: { namespace: string | null; labelSelector?: string; fieldSelector?: string; pageSize: number },
  signal: AbortSignal,
): Promise<ListResult> {
  for (let attempt = 0; ; attempt++) {
    const items: K8sObject[] = [];
    let token: string | undefined;
    let resourceVersion = '';
    try {
      do {
        const page = await listPage(
          cluster,
          def,
          {
            ...(def.namespaced && scope.namespace ? { namespace: scope.namespace } : {}),
            labelSelector: scope.labelSelector,
            fieldSelector: scope.fieldSelector,
            limit: scope.pageSize,
            _continue: token,
          },
          signal,
        );
        for (const item of page.items ?? []) items.push({ ...item, kind: def.kind, apiVersion: def.apiVersion } as K8sObject);
        resourceVersion = page.metadata?.resourceVersion ?? resourceVersion;
        token = page.metadata?.continue || undefined;
      } while (token);
      return { items, resourceVersion };
    } catch (err) {
      if (statusOf(err) === 410 && token && attempt === 0) continue;
      throw err;
    }
  }
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** How a watch stream ended: closed by the server (reconnect from the last resourceVersion), or 410 Gone (relist first). */
export type StreamEnd = 'closed' | 'gone';

/**
 * One watch stream from `resourceVersion` through the client's `Watch`: `onEvent` gets each object; BOOKMARKs only
 * move the resourceVersion. Resolves when the stream ends (or the signal aborts, closing it).
 */
export async function streamKind(
  cluster: Cluster,
  def: KindDef,
  scope: { namespace: string | null; labelSelector?: string; fieldSelector?: string; resourceVersion: string },
  signal: AbortSignal,
  onEvent: (type: WatchEventType, obj: K8sObject) => void,
  onResourceVersion: (rv: string) => void,
): Promise<StreamEnd> {
  if (signal.aborted) return 'closed';
  let gone = false;
  let finish: (err: unknown) => void = () => undefined;
  const ended = new Promise<unknown>((resolve) => (finish = resolve));
  const params: Record<string, string | boolean | undefined> = {
    resourceVersion: scope.resourceVersion,
    allowWatchBookmarks: true,
    labelSelector: scope.labelSelector,
    fieldSelector: scope.fieldSelector,
  };
  const started = new Watch(noRedirects(cluster.kc)).watch(
    restPath(def, scope.namespace),
    params,
    (type: string, obj: Record<string, unknown>) => {
      const rv = (obj?.metadata as { resourceVersion?: string } | undefined)?.resourceVersion;
      if (type === 'ERROR') {
        if ((obj as { code?: number })?.code === 410) gone = true;
        return;
      }
      if (rv) onResourceVersion(rv);
      if (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED') onEvent(type, { ...obj, kind: def.kind, apiVersion: def.apiVersion } as K8sObject);
    },
    (err: unknown) => finish(err),
  );
  let release: () => void = () => undefined;
  const onAbort = () => {
    release();
    void started.then((controller) => controller.abort()).catch(() => undefined);
  };
  const aborted = new Promise<null>((resolve) => (release = () => resolve(null)));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const err = await Promise.race([ended, aborted]);
    if (signal.aborted) return 'closed';
    if (gone || statusOf(err) === 410) return 'gone';
    // The server ended the stream: reconnect. A refused or failed connection ends the watch (the engine restarts it).
    if (err) throw err;
    return 'closed';
  } finally {
    signal.removeEventListener('abort', onAbort);
    onAbort();
  }
}

/** The most one list page may be (a page holds `pageSize` objects; a server sending more is cut off). */
export const MAX_LIST_PAGE_BYTES = 64 * 1024 * 1024;

/**
 * The client's HTTP library (node-fetch) follows redirects: an API server answering 302 would send the console to an
 * address the outbound policy refuses (its own API, its database, a metadata service) and store the answer as
 * items. This one makes each call itself, with the kubeconfig's agent (CA, client certificate, server name), never
 * follows a redirect (a 3xx is an error like any non-2xx) and reads at most MAX_LIST_PAGE_BYTES.
 */
const NO_REDIRECTS: HttpLibrary = {
  send(request: RequestContext) {
    return new Observable(
      new Promise<ResponseContext>((resolve, reject) => {
        const url = new URL(request.getUrl());
        const secure = url.protocol === 'https:';
        const body = request.getBody();
        if (body !== undefined && typeof body !== 'string') return reject(new Error('kubernetes: only text request bodies are sent'));
        const req = (secure ? https : http).request(url, {
          method: request.getHttpMethod().toString(),
          headers: request.getHeaders(),
          agent: request.getAgent(),
          signal: request.getSignal(),
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_LIST_PAGE_BYTES) {
              res.destroy();
              reject(new Error(`kubernetes: an answer larger than ${MAX_LIST_PAGE_BYTES / 1024 / 1024} MB (lower pageSize)`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
            resolve(new ResponseContext(res.statusCode ?? 0, headers, { text: async () => text, binary: async () => Buffer.from(text) }));
          });
        });
        req.end(body);
      }),
    );
  },
};

/** The kubeconfig as the client's `Watch` reads it, with redirects not followed (node-fetch's `redirect: manual`). */
function noRedirects(kc: KubeConfig): KubeConfig {
  const wrapped = Object.create(kc) as KubeConfig;
  wrapped.applyToFetchOptions = async (opts) =>
    ({ ...(await kc.applyToFetchOptions(opts)), redirect: 'manual' }) as Awaited<ReturnType<KubeConfig['applyToFetchOptions']>>;
  return wrapped;
}
