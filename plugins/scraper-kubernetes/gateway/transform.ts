import type { ChangeSeverity, ExternalRef, ScrapedAnalysis, ScrapedChange, ScrapedConfig, ScraperSpec } from '@contracts';
import type { V1Deployment, V1Pod } from '@kubernetes/client-node';
import { containerStatuses, FAILING_WAIT_REASONS, healthOf, restartsOf, RESTART_WARNING } from './health';
import { configType, EVENT_KIND, KINDS, kindDef, type KindDef } from './kinds';
import type { K8sObject } from './client';

/** The entry of `spec.kubernetes[]`, read once (validation has passed). */
export interface KubernetesOptions {
  clusterName: string;
  /** Empty: every namespace. */
  namespaces: string[];
  labelSelector?: string;
  fieldSelector?: string;
  kinds: KindDef[];
  /** Kinds watched between scrapes (Events always). */
  watchKinds: KindDef[];
  pageSize: number;
  exclusions: { names: string[]; kinds: string[]; namespaces: string[]; labels: Record<string, string> };
  events: { names: string[]; namespaces: string[]; reasons: string[]; warn: string[]; error: string[] };
}

/** Objects per list page (`pageSize` in the entry). */
export const DEFAULT_PAGE_SIZE = 500;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

export function optionsOf(spec: ScraperSpec): KubernetesOptions {
  const ex = spec.exclusions;
  // config-db's older form is one list of names, kinds and namespaces together.
  const exclusions = Array.isArray(ex)
    ? { names: strings(ex), kinds: strings(ex), namespaces: strings(ex), labels: {} }
    : {
        names: strings((ex as Record<string, unknown>)?.name),
        kinds: strings((ex as Record<string, unknown>)?.kind),
        namespaces: strings((ex as Record<string, unknown>)?.namespace),
        labels: ((ex as Record<string, unknown>)?.labels as Record<string, string>) ?? {},
      };
  const event = (spec.event ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const kinds = KINDS.filter((k) => !matchesAny(k.kind, exclusions.kinds));
  const watched = Array.isArray(spec.watch)
    ? spec.watch
        .map((w) => kindDef(typeof w === 'string' ? w : String((w as { kind?: unknown })?.kind ?? '')))
        .filter((k): k is KindDef => !!k && k !== EVENT_KIND && kinds.includes(k))
    : kinds;
  return {
    clusterName: String(spec.clusterName),
    namespaces: [...new Set([...strings(spec.namespace), ...strings(spec.namespaces)].filter(Boolean))],
    labelSelector: typeof spec.selector === 'string' && spec.selector ? spec.selector : undefined,
    fieldSelector: typeof spec.fieldSelector === 'string' && spec.fieldSelector ? spec.fieldSelector : undefined,
    kinds,
    watchKinds: watched,
    pageSize: typeof spec.pageSize === 'number' ? spec.pageSize : DEFAULT_PAGE_SIZE,
    exclusions,
    events: {
      names: strings(event.exclusions?.name),
      namespaces: strings(event.exclusions?.namespace),
      reasons: strings(event.exclusions?.reason),
      warn: strings(event.severityKeywords?.warn),
      error: strings(event.severityKeywords?.error),
    },
  };
}

/** `*` matches any run of characters; matching ignores case. */
export function matchesAny(value: string, patterns: string[]): boolean {
  return patterns.some((p) => new RegExp(`^${p.split('*').map(escape).join('.*')}$`, 'i').test(value));
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function isExcluded(obj: K8sObject, options: KubernetesOptions): boolean {
  const { names, kinds, namespaces, labels } = options.exclusions;
  const m = obj.metadata;
  if (names.length && matchesAny(m.name, names)) return true;
  if (kinds.length && matchesAny(obj.kind, kinds)) return true;
  if (namespaces.length && m.namespace && matchesAny(m.namespace, namespaces)) return true;
  if (Object.entries(labels).some(([k, v]) => m.labels?.[k] !== undefined && matchesAny(m.labels[k], [v]))) return true;
  // config-db's annotation to leave one object out.
  return m.annotations?.['config-db.flanksource.com/ignore'] === 'true';
}

interface IndexEntry {
  uid: string;
  labels: Record<string, string>;
}

/**
 * What relationships are resolved against: the uid and labels of every object seen, by kind, namespace and name.
 * The scrape builds it from its lists; a watch keeps it current from its events.
 */
export class ClusterIndex {
  private readonly entries = new Map<string, IndexEntry>();

  private static key = (kind: string, namespace: string | undefined | null, name: string) => `${kind}/${namespace ?? ''}/${name}`;

  add(obj: K8sObject): void {
    if (obj.metadata.uid)
      this.entries.set(ClusterIndex.key(obj.kind, obj.metadata.namespace, obj.metadata.name), { uid: obj.metadata.uid, labels: obj.metadata.labels ?? {} });
  }

  remove(obj: K8sObject): void {
    this.entries.delete(ClusterIndex.key(obj.kind, obj.metadata.namespace, obj.metadata.name));
  }

  ref(kind: string, namespace: string | undefined | null, name: string | undefined): ExternalRef | null {
    if (!name) return null;
    const entry = this.entries.get(ClusterIndex.key(kind, namespace, name));
    return entry ? { type: configType(kind), externalId: entry.uid } : null;
  }

  /** The objects of a kind in a namespace whose labels the selector (matchLabels) selects. */
  selected(kind: string, namespace: string | undefined, selector: Record<string, string>): ExternalRef[] {
    const wanted = Object.entries(selector);
    if (!wanted.length) return [];
    const prefix = `${kind}/${namespace ?? ''}/`;
    return [...this.entries]
      .filter(([key, e]) => key.startsWith(prefix) && wanted.every(([k, v]) => e.labels[k] === v))
      .map(([, e]) => ({ type: configType(kind), externalId: e.uid }));
  }
}

/** The stored body: the object without bookkeeping that changes on every write or heartbeat (not a change to anyone). */
function bodyOf(obj: K8sObject): Record<string, unknown> {
  const { managedFields: _managed, resourceVersion: _rv, ...metadata } = obj.metadata;
  const body: Record<string, unknown> = { ...obj, metadata };
  if (obj.kind === 'Node') {
    const status = obj.status as { conditions?: Record<string, unknown>[] } | undefined;
    if (status?.conditions) {
      body.status = { ...status, conditions: status.conditions.map(({ lastHeartbeatTime: _beat, ...c }) => c) };
    }
  }
  return body;
}

interface PodVolume {
  persistentVolumeClaim?: { claimName?: string };
}

/** Soft relationships of an object: its owners, its node, the pods a service selects, the claims a pod mounts... */
function relationshipsOf(obj: K8sObject, index: ClusterIndex): { to: ExternalRef; relation: string }[] {
  const out: { to: ExternalRef; relation: string }[] = [];
  const ns = obj.metadata.namespace;
  const add = (to: ExternalRef | null, toKind: string) => {
    if (to && !out.some((r) => r.to.externalId === to.externalId)) out.push({ to, relation: `${obj.kind}${toKind}` });
  };
  for (const owner of obj.metadata.ownerReferences ?? []) add({ type: configType(owner.kind), externalId: owner.uid }, owner.kind);
  const spec = (obj.spec ?? {}) as Record<string, unknown>;
  if (obj.kind === 'Pod') {
    add(index.ref('Node', null, spec.nodeName as string | undefined), 'Node');
    for (const v of (spec.volumes as PodVolume[] | undefined) ?? [])
      add(index.ref('PersistentVolumeClaim', ns, v.persistentVolumeClaim?.claimName), 'PersistentVolumeClaim');
  }
  if (obj.kind === 'Service' && spec.selector) {
    for (const pod of index.selected('Pod', ns, spec.selector as Record<string, string>)) add(pod, 'Pod');
  }
  if (obj.kind === 'Ingress') {
    const backends: string[] = [];
    const svc = (b: unknown) => (b as { service?: { name?: string } } | undefined)?.service?.name;
    if (svc(spec.defaultBackend)) backends.push(svc(spec.defaultBackend)!);
    for (const rule of (spec.rules as { http?: { paths?: { backend?: unknown }[] } }[] | undefined) ?? []) {
      for (const p of rule.http?.paths ?? []) if (svc(p.backend)) backends.push(svc(p.backend)!);
    }
    for (const name of backends) add(index.ref('Service', ns, name), 'Service');
  }
  return out;
}

/** One object as a catalogue item: `Kubernetes::<Kind>`, its uid, health by kind, parent (controller, else namespace). */
export function toConfig(obj: K8sObject, options: KubernetesOptions, index: ClusterIndex): ScrapedConfig {
  const m = obj.metadata;
  const judged = healthOf(obj.kind, obj);
  const controller = (m.ownerReferences ?? []).find((o) => o.controller) ?? m.ownerReferences?.[0];
  const parent = controller
    ? { type: configType(controller.kind), externalId: controller.uid }
    : m.namespace
      ? index.ref('Namespace', null, m.namespace)
      : null;
  const config: ScrapedConfig = {
    config: bodyOf(obj),
    format: 'json',
    source: `kubernetes/${options.clusterName}`,
    id: m.uid,
    name: m.name,
    type: configType(obj.kind),
    labels: { ...(m.labels ?? {}) },
    tags: { cluster: options.clusterName, ...(m.namespace ? { namespace: m.namespace } : {}) },
    createdAt: m.creationTimestamp,
    relationships: relationshipsOf(obj, index),
  };
  if (m.deletionTimestamp) config.deletedAt = m.deletionTimestamp;
  if (judged) Object.assign(config, { health: judged.health, status: judged.status, ready: judged.ready });
  if (parent) config.parent = parent;
  return config;
}

interface K8sEvent {
  metadata?: { uid?: string; namespace?: string; creationTimestamp?: string };
  involvedObject?: { kind?: string; name?: string; namespace?: string; uid?: string };
  reason?: string;
  message?: string;
  type?: string;
  count?: number;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  lastTimestamp?: string;
  eventTime?: string;
  firstTimestamp?: string;
}

/** Reasons that mean something broke, and ones that mean something was stopped (the defaults of `event.severityKeywords`). */
const HIGH_KEYWORDS = ['Failed', 'Error', 'BackOff', 'Evicted', 'OOM'];
const MEDIUM_KEYWORDS = ['Kill', 'Unhealthy', 'Preempt'];

export function eventSeverity(event: K8sEvent, options: KubernetesOptions): ChangeSeverity {
  const text = `${event.reason ?? ''} ${event.message ?? ''}`.toLowerCase();
  const has = (words: string[]) => words.some((w) => w && text.includes(w.toLowerCase()));
  if (has(options.events.error)) return 'high';
  if (has(options.events.warn)) return 'warning';
  const reason = (event.reason ?? '').toLowerCase();
  if (HIGH_KEYWORDS.some((w) => reason.includes(w.toLowerCase()))) return 'high';
  if (MEDIUM_KEYWORDS.some((w) => reason.includes(w.toLowerCase()))) return 'medium';
  return event.type === 'Warning' ? 'warning' : 'info';
}

/** A core/v1 Event as a change of the object it is about; null when it is excluded or names no object uid. */
export function eventToChange(obj: K8sObject, options: KubernetesOptions): ScrapedChange | null {
  const event = obj as unknown as K8sEvent;
  const on = event.involvedObject;
  if (!on?.uid || !on.kind || !event.reason) return null;
  const { names, namespaces, reasons } = options.events;
  if ((on.name && matchesAny(on.name, names)) || (on.namespace && matchesAny(on.namespace, namespaces)) || matchesAny(event.reason, reasons)) return null;
  if (on.namespace && options.exclusions.namespaces.length && matchesAny(on.namespace, options.exclusions.namespaces)) return null;
  if (!options.kinds.some((k) => k.kind === on.kind)) return null;
  const component = event.source?.component || event.reportingComponent || 'unknown';
  return {
    on: { type: configType(on.kind), externalId: on.uid },
    changeType: event.reason,
    severity: eventSeverity(event, options),
    summary: event.message ?? '',
    source: `kubernetes/${component}`,
    createdAt: event.lastTimestamp ?? event.eventTime ?? event.firstTimestamp ?? event.metadata?.creationTimestamp,
    externalChangeId: event.metadata?.uid,
    externalCreatedBy: event.source?.host,
    details: { type: event.type, reason: event.reason, count: event.count, involvedObject: on },
  };
}

/** Insights the type raises itself: crash-looping and failing pods, deployments with no ready replica. */
export function analysisOf(obj: K8sObject): ScrapedAnalysis[] {
  if (obj.metadata.deletionTimestamp || !obj.metadata.uid) return [];
  const on = { type: configType(obj.kind), externalId: obj.metadata.uid };
  const out: ScrapedAnalysis[] = [];
  if (obj.kind === 'Pod') {
    const pod = obj as unknown as V1Pod;
    const restarts = restartsOf(pod);
    const crashing = containerStatuses(pod).filter((c) => c.state?.waiting?.reason === 'CrashLoopBackOff');
    if (crashing.length) {
      out.push({
        on,
        analyzer: 'kubernetes/pod-crashloop',
        analysisType: 'reliability',
        severity: 'high',
        summary: `${obj.metadata.name} is crash-looping`,
        message: `container ${crashing.map((c) => c.name).join(', ')} in CrashLoopBackOff after ${restarts} restarts${crashing[0].state?.waiting?.message ? `: ${crashing[0].state.waiting.message}` : ''}`,
        source: 'kubernetes',
      });
    } else if (restarts >= RESTART_WARNING) {
      out.push({
        on,
        analyzer: 'kubernetes/pod-restarts',
        analysisType: 'reliability',
        severity: 'medium',
        summary: `${obj.metadata.name} restarts`,
        message: `${restarts} container restarts`,
        source: 'kubernetes',
      });
    }
    const failingWait = containerStatuses(pod).find((c) => {
      const reason = c.state?.waiting?.reason;
      return reason && reason !== 'CrashLoopBackOff' && FAILING_WAIT_REASONS.has(reason);
    });
    if (pod.status?.phase === 'Failed' || failingWait) {
      const reason = failingWait?.state?.waiting?.reason ?? pod.status?.reason ?? 'Failed';
      const detail = failingWait?.state?.waiting?.message ?? pod.status?.message;
      out.push({
        on,
        analyzer: 'kubernetes/pod-failing',
        analysisType: 'availability',
        severity: 'high',
        summary: `${obj.metadata.name}: ${reason}`,
        message: failingWait
          ? `container ${failingWait.name}: ${reason}${detail ? ` (${detail})` : ''}`
          : `pod failed: ${reason}${detail ? ` (${detail})` : ''}`,
        source: 'kubernetes',
      });
    }
  }
  if (obj.kind === 'Deployment') {
    const d = obj as unknown as V1Deployment;
    const desired = d.spec?.replicas ?? 1;
    const ready = d.status?.readyReplicas ?? 0;
    if (desired > 0 && ready === 0) {
      out.push({
        on,
        analyzer: 'kubernetes/deployment-unavailable',
        analysisType: 'availability',
        severity: 'high',
        summary: `${obj.metadata.name} has no ready replicas`,
        message: `0/${desired} replicas ready`,
        source: 'kubernetes',
      });
    }
  }
  return out;
}
