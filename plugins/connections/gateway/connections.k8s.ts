import { Injectable } from '@nestjs/common';
import type { Principal } from '@gateway/core/auth/principal';
import { Db } from '@gateway/core/database/db.service';
import { badRequest } from '@gateway/core/http/domain-error';
import { K8S_RESOURCES, k8sVersionColumns, keepRowMeta, type K8sQuery, type K8sResourceKind, type K8sStoredObject, type K8sWrite } from '@gateway/core/k8s';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { ConnectionsService } from './connections.service';
import type { CreateConnectionDto } from './dto/connection.dto';

const GROUP = 'mission-control.flanksource.com';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const SECRET_FIELDS = ['password', 'certificate'] as const;
/** The CRD's spec fields this console keeps (flanksource/mission-control's ConnectionSpec, its common part). */
const SPEC_FIELDS = new Set(['type', 'url', 'username', 'password', 'certificate', 'insecure_tls', 'insecureTLS', 'properties']);

interface Row {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  insecure_tls: boolean;
  properties: Record<string, string> | null;
  password_set: boolean;
  certificate_set: boolean;
  labels: Record<string, string> | null;
  annotations: Record<string, string> | null;
  rv: string;
  created: string;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A connection as the CRD's spec: values in the EnvVar form (`{value: ...}`), never the password nor the certificate. */
export function connectionToSpec(row: Pick<Row, 'type' | 'url' | 'username' | 'insecure_tls' | 'properties'>): Record<string, unknown> {
  const spec: Record<string, unknown> = { type: row.type };
  if (row.url) spec.url = { value: row.url };
  if (row.username) spec.username = { value: row.username };
  if (row.insecure_tls) spec.insecure_tls = true;
  if (row.properties && Object.keys(row.properties).length) spec.properties = row.properties;
  return spec;
}

/**
 * The CRD's spec as the connections API's input, every field given (an apply replaces the connection whole, except a
 * secret left out, which keeps the stored one as the Connections page does). Values are plain strings or `{value}`;
 * `valueFrom` is refused (the console holds the secret itself). The connections service checks the rest (the type and
 * the fields it requires, the URL's scheme, the properties).
 */
export function specToConnection(spec: Record<string, unknown>): Omit<CreateConnectionDto, 'name' | 'namespace'> {
  const problems: string[] = [];
  for (const key of Object.keys(spec)) if (!SPEC_FIELDS.has(key)) problems.push(`spec.${key}: unknown field (known: ${[...SPEC_FIELDS].join(', ')})`);
  const value = (field: string): string | undefined => {
    const v = spec[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    if (typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (o.valueFrom !== undefined) {
        problems.push(`spec.${field}.valueFrom: not supported: give the value (the console keeps the secret itself)`);
        return undefined;
      }
      if (o.value === undefined || o.value === null) return undefined;
      if (typeof o.value === 'string') return o.value;
    }
    problems.push(`spec.${field}: must be a string or {value: string}`);
    return undefined;
  };
  const url = value('url');
  const username = value('username');
  const password = value('password');
  const certificate = value('certificate');
  const insecure = spec.insecure_tls ?? spec.insecureTLS ?? false;
  if (typeof insecure !== 'boolean') problems.push('spec.insecure_tls: must be true or false');
  const properties = spec.properties ?? {};
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) problems.push('spec.properties: must be a map of strings');
  if (spec.type !== undefined && typeof spec.type !== 'string') problems.push('spec.type: must be a string');
  if (problems.length) throw badRequest(problems.join('; '), 'validation', problems);
  return {
    type: (spec.type as string | undefined) ?? '',
    url: url ?? null,
    username: username ?? null,
    // Left out (or ''): the stored secret stays.
    ...(password ? { password } : {}),
    ...(certificate ? { certificate } : {}),
    insecure_tls: insecure as boolean,
    properties: properties as Record<string, string>,
  };
}

/** The annotations a connection keeps: kubectl's last-applied copy with its password and certificate blanked. */
export function keptAnnotations(annotations: Record<string, string>): Record<string, string> {
  const kept = { ...annotations };
  const applied = kept[LAST_APPLIED];
  if (applied) {
    try {
      const object = JSON.parse(applied) as { spec?: Record<string, unknown> };
      for (const field of SECRET_FIELDS) if (object.spec && field in object.spec) object.spec[field] = '';
      kept[LAST_APPLIED] = JSON.stringify(object);
    } catch {
      delete kept[LAST_APPLIED];
    }
  }
  return kept;
}

/**
 * mission-control.flanksource.com/v1 Connection on /api/k8s (kubectl): the connections of this plugin, written through
 * ConnectionsService, so an apply is checked exactly as the Connections page's save is (the type and the fields it
 * requires, the URL's scheme) and its secrets are sealed the same way; its problems come back as `Invalid`. Delete is
 * the service's soft delete. Secrets are write-only: never in the spec read back (`status.passwordSet` /
 * `certificateSet` say whether one is stored), blanked in the last-applied annotation. Labels and annotations live in
 * the connection's own row.
 */
@Injectable()
@Extension(K8S_RESOURCES, `connections.${GROUP}`)
export class ConnectionK8sKind implements K8sResourceKind {
  readonly group = GROUP;
  readonly version = 'v1';
  readonly kind = 'Connection';
  readonly plural = 'connections';
  readonly singular = 'connection';
  readonly shortNames = ['connection'];
  readonly namespaced = true as const;
  readonly read = 'connections' as const;
  readonly write = 'connections' as const;
  readonly feature = 'settings.connections' as const;
  readonly table = 'connections';

  readonly printerColumns = [
    { name: 'Type', type: 'string' as const, description: 'The connection type', value: (o: K8sStoredObject) => text(o.spec.type) },
    { name: 'URL', type: 'string' as const, description: 'Where it connects', value: (o: K8sStoredObject) => text((o.spec.url as { value?: string })?.value) },
  ];

  constructor(
    private readonly db: Db,
    private readonly connections: ConnectionsService,
  ) {}

  async list(query: K8sQuery): Promise<K8sStoredObject[]> {
    const rows = await this.db.query<Row>(
      `SELECT c.id, c.name, c.namespace, c.type, c.url, c.username, c.insecure_tls, c.properties, c.labels, c.annotations,
              c.password IS NOT NULL AS password_set, c.certificate IS NOT NULL AS certificate_set,
              ${k8sVersionColumns('c')}
         FROM connections c
        WHERE c.deleted_at IS NULL AND ($1::text IS NULL OR c.namespace = $1) AND ($2::text IS NULL OR c.name = $2)
        ORDER BY c.namespace, c.name`,
      [query.namespace ?? null, query.name ?? null],
    );
    return rows.map((row) => ({
      uid: row.id,
      name: row.name,
      namespace: row.namespace,
      resourceVersion: row.rv,
      creationTimestamp: row.created,
      labels: row.labels ?? {},
      // Blanked at write already; again here, whatever wrote the row.
      annotations: keptAnnotations(row.annotations ?? {}),
      spec: connectionToSpec(row),
      status: { passwordSet: row.password_set === true, certificateSet: row.certificate_set === true },
    }));
  }

  async create(write: K8sWrite): Promise<void> {
    const input = specToConnection(write.spec);
    const created = await this.connections.create({ ...input, name: write.name, namespace: write.namespace }, write.principal.personId);
    await this.keepMeta(created.id, write);
  }

  async update(uid: string, write: K8sWrite): Promise<void> {
    const input = specToConnection(write.spec);
    await this.connections.update(uid, { ...input, name: write.name, namespace: write.namespace });
    await this.keepMeta(uid, write);
  }

  async remove(uid: string, _principal: Principal): Promise<void> {
    await this.connections.remove(uid);
  }

  /** The labels and annotations, in the connection's row (written right after it; the version is the connection's). */
  private keepMeta(id: string, write: K8sWrite): Promise<void> {
    return keepRowMeta(this.db, 'connections', id, { labels: write.labels, annotations: keptAnnotations(write.annotations) });
  }
}
