import type { ConfigHealth } from '@contracts';
import type {
  V1ContainerStatus,
  V1CronJob,
  V1DaemonSet,
  V1Deployment,
  V1Ingress,
  V1Job,
  V1Namespace,
  V1Node,
  V1PersistentVolumeClaim,
  V1Pod,
  V1ReplicaSet,
  V1Service,
  V1StatefulSet,
} from '@kubernetes/client-node';

/**
 * Health, status and readiness of a Kubernetes object, read from its own status and conditions (what `kubectl get`
 * shows, judged). Kept apart from the scraper so the rules can be tested on plain objects.
 */

export interface K8sHealth {
  health: ConfigHealth;
  status: string;
  ready: boolean;
}

/** Restarts at or above this make a running pod a warning (and an insight). */
export const RESTART_WARNING = 5;

/** Waiting reasons that mean the container will not start without someone changing something. */
export const FAILING_WAIT_REASONS = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
]);

/** The objects are JSON (times are strings there where the client's models say Date; they are read through `timeOf`). */
interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

const condition = (obj: { status?: { conditions?: Condition[] } }, type: string): Condition | undefined =>
  (Array.isArray(obj?.status?.conditions) ? obj.status.conditions : []).find((c) => c.type === type);
const timeOf = (v: unknown): number => (v ? Date.parse(v instanceof Date ? v.toISOString() : String(v)) : NaN);
const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const h = (health: ConfigHealth, status: string, ready: boolean): K8sHealth => ({ health, status, ready });

/** Every container status of a pod (init containers first). */
export function containerStatuses(pod: V1Pod): V1ContainerStatus[] {
  return [...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.containerStatuses ?? [])];
}

export const restartsOf = (pod: V1Pod): number => containerStatuses(pod).reduce((n, c) => n + num(c.restartCount), 0);

/** The first waiting reason among the pod's containers that means it cannot run. */
export function failingWaitReason(pod: V1Pod): string | null {
  for (const c of containerStatuses(pod)) {
    const reason = c?.state?.waiting?.reason;
    if (typeof reason === 'string' && FAILING_WAIT_REASONS.has(reason)) return reason;
  }
  return null;
}

export function podHealth(pod: V1Pod): K8sHealth {
  const phase: string = pod?.status?.phase ?? 'Pending';
  if (phase === 'Succeeded') return h('healthy', 'Completed', false);
  if (phase === 'Failed') return h('unhealthy', pod?.status?.reason ?? 'Failed', false);
  const failing = failingWaitReason(pod);
  if (failing) return h('unhealthy', failing, false);
  const oom = containerStatuses(pod).some((c) => c?.lastState?.terminated?.reason === 'OOMKilled');
  if (phase === 'Pending') {
    const scheduled = condition(pod, 'PodScheduled');
    if (scheduled?.status === 'False') return h('unhealthy', scheduled.reason ?? 'Unschedulable', false);
    const waiting = containerStatuses(pod).find((c) => c?.state?.waiting?.reason)?.state?.waiting?.reason;
    return h('unknown', waiting ?? 'Pending', false);
  }
  const ready = condition(pod, 'Ready')?.status === 'True';
  if (phase !== 'Running') return h('unknown', phase, ready);
  if (!ready) return h('warning', 'NotReady', false);
  if (oom) return h('warning', 'OOMKilled', true);
  if (restartsOf(pod) >= RESTART_WARNING) return h('warning', 'Restarting', true);
  return h('healthy', 'Running', true);
}

/** Deployment: available replicas against desired; a stalled rollout (Progressing=False) is unhealthy. */
export function deploymentHealth(d: V1Deployment): K8sHealth {
  const desired = num(d?.spec?.replicas, 1);
  const available = num(d?.status?.availableReplicas);
  const updated = num(d?.status?.updatedReplicas);
  const progressing = condition(d, 'Progressing');
  if (progressing?.status === 'False') return h('unhealthy', progressing.reason ?? 'ProgressDeadlineExceeded', available >= desired);
  if (desired === 0) return h('healthy', 'Scaled to zero', true);
  if (available === 0) return h('unhealthy', 'Unavailable', false);
  if (available < desired) return h('warning', updated < desired ? 'Updating' : 'Degraded', false);
  if (updated < desired) return h('healthy', 'Updating', true);
  return h('healthy', 'Running', true);
}

/** ReplicaSet / StatefulSet / DaemonSet: ready replicas against desired (none desired is healthy: an old revision). */
export function replicasHealth(ready: number, desired: number): K8sHealth {
  if (desired === 0) return h('healthy', 'Scaled to zero', true);
  if (ready === 0) return h('unhealthy', 'Unavailable', false);
  if (ready < desired) return h('warning', `${ready}/${desired} ready`, false);
  return h('healthy', 'Running', true);
}

const PRESSURE = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'];

export function nodeHealth(node: V1Node): K8sHealth {
  const ready = condition(node, 'Ready');
  if (!ready || ready.status !== 'True') return h('unhealthy', 'NotReady', false);
  const pressure = PRESSURE.find((type) => condition(node, type)?.status === 'True');
  if (pressure) return h('warning', pressure, true);
  if (node?.spec?.unschedulable) return h('warning', 'SchedulingDisabled', true);
  return h('healthy', 'Ready', true);
}

export function jobHealth(job: V1Job): K8sHealth {
  const failed = condition(job, 'Failed');
  if (failed?.status === 'True') return h('unhealthy', failed.reason ?? 'Failed', false);
  if (condition(job, 'Complete')?.status === 'True') return h('healthy', 'Complete', true);
  if (condition(job, 'Suspended')?.status === 'True') return h('unknown', 'Suspended', false);
  if (num(job?.status?.active) > 0) return h(num(job?.status?.failed) > 0 ? 'warning' : 'unknown', 'Running', false);
  return h('unknown', 'Pending', false);
}

export function cronJobHealth(cron: V1CronJob): K8sHealth {
  if (cron?.spec?.suspend) return h('unknown', 'Suspended', false);
  if ((cron?.status?.active ?? []).length > 0) return h('healthy', 'Running', true);
  const scheduled = timeOf(cron?.status?.lastScheduleTime);
  const succeeded = timeOf(cron?.status?.lastSuccessfulTime);
  // The last scheduled run is over (nothing active) and did not succeed.
  if (Number.isFinite(scheduled) && (!Number.isFinite(succeeded) || succeeded < scheduled)) return h('warning', 'LastRunFailed', true);
  return h('healthy', 'Scheduled', true);
}

export function pvcHealth(pvc: V1PersistentVolumeClaim): K8sHealth {
  const phase: string = pvc?.status?.phase ?? 'Pending';
  if (phase === 'Bound') return h('healthy', 'Bound', true);
  if (phase === 'Lost') return h('unhealthy', 'Lost', false);
  return h('warning', phase, false);
}

export function serviceHealth(svc: V1Service): K8sHealth {
  const type: string = svc?.spec?.type ?? 'ClusterIP';
  if (type === 'LoadBalancer' && !(svc?.status?.loadBalancer?.ingress ?? []).length) return h('warning', 'Pending', false);
  return h('healthy', type, true);
}

export function ingressHealth(ing: V1Ingress): K8sHealth {
  if (!(ing?.status?.loadBalancer?.ingress ?? []).length) return h('unknown', 'Pending', false);
  return h('healthy', 'Active', true);
}

export function namespaceHealth(ns: V1Namespace): K8sHealth {
  const phase: string = ns?.status?.phase ?? 'Active';
  return phase === 'Active' ? h('healthy', 'Active', true) : h('warning', phase, false);
}

/** The object's health by kind; null for kinds without one (ConfigMap). An object being deleted is Terminating. */
export function healthOf(kind: string, obj: object): K8sHealth | null {
  const judged = judge(kind, obj);
  if (judged && (obj as { metadata?: { deletionTimestamp?: unknown } })?.metadata?.deletionTimestamp)
    return { ...judged, status: 'Terminating', health: judged.health === 'unhealthy' ? 'unhealthy' : 'warning' };
  return judged;
}

function judge(kind: string, obj: unknown): K8sHealth | null {
  switch (kind) {
    case 'Pod':
      return podHealth(obj as V1Pod);
    case 'Deployment':
      return deploymentHealth(obj as V1Deployment);
    case 'ReplicaSet':
    case 'StatefulSet': {
      const set = obj as V1ReplicaSet | V1StatefulSet;
      return replicasHealth(num(set?.status?.readyReplicas), num(set?.spec?.replicas, 1));
    }
    case 'DaemonSet': {
      const ds = obj as V1DaemonSet;
      return replicasHealth(num(ds?.status?.numberReady), num(ds?.status?.desiredNumberScheduled));
    }
    case 'Node':
      return nodeHealth(obj as V1Node);
    case 'Job':
      return jobHealth(obj as V1Job);
    case 'CronJob':
      return cronJobHealth(obj as V1CronJob);
    case 'PersistentVolumeClaim':
      return pvcHealth(obj as V1PersistentVolumeClaim);
    case 'Service':
      return serviceHealth(obj as V1Service);
    case 'Ingress':
      return ingressHealth(obj as V1Ingress);
    case 'Namespace':
      return namespaceHealth(obj as V1Namespace);
    default:
      return null;
  }
}
