import type { Feature, Resource } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { createExtensionPoint } from '@gateway/core/plugin-host/extension-point';

/** `metadata` of an object served on /api/k8s (the part of Kubernetes' ObjectMeta the console keeps). */
export interface K8sMetadata {
  name: string;
  namespace: string;
  /** The row's id. */
  uid?: string;
  /** The row's `updated_at` in microseconds since the epoch, as text. */
  resourceVersion?: string;
  creationTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [key: string]: unknown;
}

/** An object as kubectl sees it: the kind users know (a Canary, a ScrapeConfig...) with the row's spec. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: K8sMetadata;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What a kind's store answers for one stored row. */
export interface K8sStoredObject {
  uid: string;
  name: string;
  namespace: string;
  /** The row's `updated_at` in microseconds since the epoch (text: beyond 2^53 would lose digits). */
  resourceVersion: string;
  creationTimestamp: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** A column of `kubectl get` (Name and Age come first, from the k8s layer). */
export interface K8sPrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  description: string;
  /** Shown with `-o wide` only when > 0. */
  priority?: number;
  value(object: K8sStoredObject): string | number | boolean | null;
}

/** The write a caller asked for, already checked against the kind's RBAC write resource. */
export interface K8sWrite {
  principal: Principal;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  /** kubectl keeps `kubectl.kubernetes.io/last-applied-configuration` here for its next apply. */
  annotations: Record<string, string>;
  spec: Record<string, unknown>;
}

/** Which rows a read wants; the store filters by these, the k8s layer filters labels and other fields. */
export interface K8sQuery {
  principal: Principal;
  /** undefined: all namespaces. */
  namespace?: string;
  name?: string;
}

/**
 * One kind of the console's resources on the Kubernetes-compatible API (`/api/k8s`), contributed to K8S_RESOURCES by
 * the plugin that owns the resource (or, until it does, by plugins/k8s-api). Reads need `read` on the RBAC resource,
 * writes `write`: the k8s layer checks both before calling the store, the store's own write path may refuse more.
 * A store throws DomainError / DataApiError as the console's APIs do; the k8s layer turns them into `Status` objects.
 */
export interface K8sResourceKind {
  group: string;
  version: string;
  kind: string;
  /** The URL name: `canaries`. */
  plural: string;
  /** `canary`. */
  singular: string;
  shortNames?: string[];
  /** Every console resource lives in a namespace. */
  namespaced: true;
  read: Resource;
  /** null: read-only here (writes answer 405 MethodNotAllowed with `readOnlyReason`). */
  write: Resource | null;
  readOnlyReason?: string;
  /** While this feature is disabled the kind answers 403. */
  feature?: Feature;
  /** The table whose LISTEN/poll the watch uses: informational. */
  table: string;
  printerColumns?: K8sPrinterColumn[];
  list(query: K8sQuery): Promise<K8sStoredObject[]>;
  create?(write: K8sWrite): Promise<void>;
  update?(uid: string, write: K8sWrite): Promise<void>;
  remove?(uid: string, principal: Principal): Promise<void>;
}

/** The kinds served on /api/k8s: `@Extension(K8S_RESOURCES, '<plural>.<group>')`. */
export const K8S_RESOURCES = createExtensionPoint<K8sResourceKind>({
  id: 'k8s.resources',
  description: 'the console resources served as Kubernetes kinds on /api/k8s (kubectl)',
});
