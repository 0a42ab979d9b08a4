/**
 * The kinds the scraper lists and watches, with what the client needs for each: the API group client, the list
 * methods of `@kubernetes/client-node` (all namespaces / one namespace), and the REST path for watch streams.
 */

export type ApiGroup = 'core' | 'apps' | 'batch' | 'networking';

export interface KindDef {
  kind: string;
  apiVersion: string;
  plural: string;
  namespaced: boolean;
  api: ApiGroup;
  /** List method over the cluster (cluster-scoped kinds: the only one). */
  listAll: string;
  /** List method within one namespace. */
  listNamespaced?: string;
}

const namespaced = (kind: string, apiVersion: string, plural: string, api: ApiGroup): KindDef => ({
  kind,
  apiVersion,
  plural,
  namespaced: true,
  api,
  listAll: `list${kind}ForAllNamespaces`,
  listNamespaced: `listNamespaced${kind}`,
});

/** Scraped kinds, parents before children (the order items are returned in). */
export const KINDS: readonly KindDef[] = [
  { kind: 'Namespace', apiVersion: 'v1', plural: 'namespaces', namespaced: false, api: 'core', listAll: 'listNamespace' },
  { kind: 'Node', apiVersion: 'v1', plural: 'nodes', namespaced: false, api: 'core', listAll: 'listNode' },
  namespaced('Deployment', 'apps/v1', 'deployments', 'apps'),
  namespaced('ReplicaSet', 'apps/v1', 'replicasets', 'apps'),
  namespaced('StatefulSet', 'apps/v1', 'statefulsets', 'apps'),
  namespaced('DaemonSet', 'apps/v1', 'daemonsets', 'apps'),
  namespaced('CronJob', 'batch/v1', 'cronjobs', 'batch'),
  namespaced('Job', 'batch/v1', 'jobs', 'batch'),
  namespaced('Pod', 'v1', 'pods', 'core'),
  namespaced('Service', 'v1', 'services', 'core'),
  namespaced('Ingress', 'networking.k8s.io/v1', 'ingresses', 'networking'),
  namespaced('ConfigMap', 'v1', 'configmaps', 'core'),
  namespaced('PersistentVolumeClaim', 'v1', 'persistentvolumeclaims', 'core'),
];

/** core/v1 Events: not items, the changes of the items they are about. */
export const EVENT_KIND: KindDef = namespaced('Event', 'v1', 'events', 'core');

export const kindDef = (kind: string): KindDef | undefined => (kind === 'Event' ? EVENT_KIND : KINDS.find((k) => k.kind.toLowerCase() === kind.toLowerCase()));

/** `/api/v1[/namespaces/{ns}]/pods`, `/apis/apps/v1[/namespaces/{ns}]/deployments`. */
export function restPath(def: KindDef, namespace: string | null): string {
  const base = def.apiVersion === 'v1' ? '/api/v1' : `/apis/${def.apiVersion}`;
  return def.namespaced && namespace ? `${base}/namespaces/${encodeURIComponent(namespace)}/${def.plural}` : `${base}/${def.plural}`;
}

export const configType = (kind: string) => `Kubernetes::${kind}`;
