import { Injectable } from '@nestjs/common';
import { can, type Action } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { FeatureService } from '@gateway/core/features/feature.service';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { backendVersion } from '@gateway/core/observability/version';
import { K8S_RESOURCES, type K8sObject, type K8sResourceKind, type K8sStoredObject, type K8sWrite } from './k8s-kinds';
import { mergePatch, parseFieldSelector, parseLabelSelector } from './k8s-selectors';
import { K8sError, successStatus, toK8sError, type K8sStatus } from './k8s-status';

export interface K8sListOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

/** A `kubectl get` table (meta.k8s.io/v1 Table). */
export interface K8sTable {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: { resourceVersion: string };
  columnDefinitions: { name: string; type: string; format: string; description: string; priority: number }[];
  rows: { cells: unknown[]; object: unknown }[];
}

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const VERBS_READ = ['get', 'list', 'watch'];
const VERBS_WRITE = ['create', 'update', 'patch', 'delete'];

export const apiVersionOf = (kind: K8sResourceKind) => `${kind.group}/${kind.version}`;
/** `canaries.canaries.flanksource.com`: how Kubernetes names a resource in its messages. */
const qualified = (kind: K8sResourceKind) => `${kind.plural}.${kind.group}`;

/**
 * The Kubernetes-compatible API over the console's resources (`/api/k8s`): discovery, and get/list/watch, create,
 * update, patch and delete of the kinds contributed to K8S_RESOURCES, with the console's RBAC (the token's person:
 * read on the kind's resource for reads, write for writes) and Kubernetes `Status` errors.
 */
@Injectable()
export class K8sService {
  constructor(
    private readonly plugins: PluginHost,
    private readonly features: FeatureService,
  ) {}

  kinds(): K8sResourceKind[] {
    return this.plugins.get(K8S_RESOURCES);
  }

  kind(group: string, version: string, plural: string): K8sResourceKind {
    const kind = this.kinds().find((k) => k.group === group && k.version === version && k.plural === plural);
    if (!kind) throw new K8sError(404, 'NotFound', `the server could not find the requested resource`);
    return kind;
  }

  // ---- discovery ----

  versionInfo() {
    const [major, minor] = ['1', '32'];
    return { major, minor, gitVersion: `v1.32.0-console+${backendVersion()}`, platform: 'linux/amd64' };
  }

  /** No core group (no pods here): an empty version list tells clients to skip it. */
  apiVersions() {
    return { kind: 'APIVersions', versions: [], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '' }] };
  }

  groups() {
    const byGroup = new Map<string, string[]>();
    for (const k of this.kinds()) byGroup.set(k.group, [...new Set([...(byGroup.get(k.group) ?? []), k.version])]);
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [...byGroup].map(([name, versions]) => ({
        name,
        versions: versions.map((v) => ({ groupVersion: `${name}/${v}`, version: v })),
        preferredVersion: { groupVersion: `${name}/${versions[0]}`, version: versions[0] },
      })),
    };
  }

  group(name: string) {
    const group = this.groups().groups.find((g) => g.name === name);
    if (!group) throw new K8sError(404, 'NotFound', 'the server could not find the requested resource');
    return { kind: 'APIGroup', apiVersion: 'v1', ...group };
  }

  resources(group: string, version: string) {
    const kinds = this.kinds().filter((k) => k.group === group && k.version === version);
    if (!kinds.length) throw new K8sError(404, 'NotFound', 'the server could not find the requested resource');
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: `${group}/${version}`,
      resources: kinds.map((k) => ({
        name: k.plural,
        singularName: k.singular,
        namespaced: k.namespaced,
        kind: k.kind,
        verbs: k.write ? [...VERBS_WRITE, ...VERBS_READ] : VERBS_READ,
        ...(k.shortNames?.length ? { shortNames: k.shortNames } : {}),
        categories: ['all-console'],
      })),
    };
  }

  /** The OpenAPI v3 index: one document per group/version, at `serverRelativeURL` under the API's base. */
  openApiRoot() {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const g of this.groups().groups) {
      for (const v of g.versions)
        paths[`apis/${v.groupVersion}`] = { serverRelativeURL: `/openapi/v3/apis/${v.groupVersion}?hash=${openApiHash(this.kinds())}` };
    }
    return { paths };
  }

  /**
   * One group/version's OpenAPI v3 document: the kinds' paths and permissive schemas (the spec is checked by the
   * console's own validation on write). kubectl reads it to learn that writes take `fieldValidation` (so it leaves
   * validation to the server) and that PATCH takes merge patches (so `kubectl apply` sends one).
   */
  openApiGroupVersion(group: string, version: string) {
    const kinds = this.kinds().filter((k) => k.group === group && k.version === version);
    if (!kinds.length) throw new K8sError(404, 'NotFound', 'the server could not find the requested resource');
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    const query = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string', uniqueItems: true } });
    const writeParams = [
      query('dryRun', 'not supported: the write is made'),
      query('fieldManager', 'ignored'),
      query('fieldValidation', 'the console validates every write in full (Strict)'),
    ];
    for (const k of kinds) {
      const gvk = { group: k.group, version: k.version, kind: k.kind };
      const ref = { $ref: `#/components/schemas/${schemaName(k)}` };
      const json = (schema: unknown) => ({ 'application/json': { schema }, 'application/yaml': { schema } });
      const op = (verb: string, action: string, extra: Record<string, unknown> = {}) => ({
        operationId: `${verb}${k.kind}`,
        'x-kubernetes-action': action,
        'x-kubernetes-group-version-kind': gvk,
        responses: { '200': { description: 'OK', content: json(ref) } },
        ...extra,
      });
      const collection = `/apis/${k.group}/${k.version}/namespaces/{namespace}/${k.plural}`;
      // Read-only kinds list their writes too (answered 405): kubectl looks for the PATCH operation before any write.
      paths[collection] = {
        get: op('list', 'list'),
        post: op('create', 'post', { parameters: writeParams, requestBody: { content: json(ref) } }),
        parameters: [{ name: 'namespace', in: 'path', required: true, schema: { type: 'string' } }],
      };
      paths[`${collection}/{name}`] = {
        get: op('read', 'get'),
        put: op('replace', 'put', { parameters: writeParams, requestBody: { content: json(ref) } }),
        patch: op('patch', 'patch', {
          parameters: [...writeParams, query('force', 'ignored')],
          requestBody: {
            content: { 'application/merge-patch+json': { schema: { type: 'object' } }, 'application/apply-patch+yaml': { schema: { type: 'object' } } },
          },
        }),
        delete: op('delete', 'delete'),
        parameters: [
          { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'namespace', in: 'path', required: true, schema: { type: 'string' } },
        ],
      };
      schemas[schemaName(k)] = {
        type: 'object',
        description: `${k.kind}: the console's ${k.plural}`,
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        },
        'x-kubernetes-group-version-kind': [gvk],
      };
    }
    return { openapi: '3.0.0', info: { title: 'Operations console', version: `${group}/${version}` }, paths, components: { schemas } };
  }

  // ---- reads ----

  async list(kind: K8sResourceKind, principal: Principal, options: K8sListOptions): Promise<K8sStoredObject[]> {
    await this.authorize(kind, principal, 'read', 'list', options.namespace);
    const labels = parseLabelSelector(options.labelSelector);
    const fields = parseFieldSelector(options.fieldSelector);
    const rows = await this.call(kind, () => kind.list({ principal, namespace: options.namespace, name: fields.name }));
    return rows.filter((row) => fields.test(row) && labels(row.labels));
  }

  async get(kind: K8sResourceKind, principal: Principal, namespace: string, name: string): Promise<K8sStoredObject> {
    await this.authorize(kind, principal, 'read', 'get', namespace, name);
    return this.find(kind, principal, namespace, name);
  }

  private async find(kind: K8sResourceKind, principal: Principal, namespace: string, name: string): Promise<K8sStoredObject> {
    const found = await this.findOrNull(kind, principal, namespace, name);
    if (!found) throw new K8sError(404, 'NotFound', `${qualified(kind)} "${name}" not found`, { name, group: kind.group, kind: kind.plural });
    return found;
  }

  private async findOrNull(kind: K8sResourceKind, principal: Principal, namespace: string, name: string): Promise<K8sStoredObject | null> {
    const rows = await this.call(kind, () => kind.list({ principal, namespace, name }));
    return rows.find((r) => r.name === name && r.namespace === namespace) ?? null;
  }

  toObject(kind: K8sResourceKind, row: K8sStoredObject): K8sObject {
    const metadata: K8sObject['metadata'] = {
      name: row.name,
      namespace: row.namespace,
      uid: row.uid,
      resourceVersion: row.resourceVersion,
      creationTimestamp: row.creationTimestamp,
    };
    if (Object.keys(row.labels).length) metadata.labels = row.labels;
    if (Object.keys(row.annotations).length) metadata.annotations = row.annotations;
    return { apiVersion: apiVersionOf(kind), kind: kind.kind, metadata, spec: row.spec, ...(row.status ? { status: row.status } : {}) };
  }

  listObject(kind: K8sResourceKind, rows: K8sStoredObject[]) {
    return {
      apiVersion: apiVersionOf(kind),
      kind: `${kind.kind}List`,
      metadata: { resourceVersion: listVersion(rows) },
      items: rows.map((r) => this.toObject(kind, r)),
    };
  }

  table(kind: K8sResourceKind, rows: K8sStoredObject[], includeObject: string | undefined): K8sTable {
    const extra = kind.printerColumns ?? [];
    return {
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: listVersion(rows) },
      columnDefinitions: [
        { name: 'Name', type: 'string', format: 'name', description: 'The name (metadata.name)', priority: 0 },
        ...extra.map((c) => ({
          name: c.name,
          type: c.type === 'date' ? 'string' : c.type,
          format: c.type === 'date' ? 'date' : '',
          description: c.description,
          priority: c.priority ?? 0,
        })),
        { name: 'Age', type: 'string', format: 'date', description: 'When it was created (metadata.creationTimestamp)', priority: 0 },
      ],
      rows: rows.map((row) => ({
        cells: [row.name, ...extra.map((c) => c.value(row)), row.creationTimestamp],
        object:
          includeObject === 'Object'
            ? this.toObject(kind, row)
            : includeObject === 'None'
              ? null
              : { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: this.toObject(kind, row).metadata },
      })),
    };
  }

  // ---- writes ----

  async create(kind: K8sResourceKind, principal: Principal, namespace: string, body: unknown): Promise<K8sObject> {
    const object = this.checkBody(kind, body, namespace);
    await this.authorize(kind, principal, 'write', 'create', namespace, object.metadata.name);
    const create = kind.create;
    if (!create) throw this.readOnly(kind);
    if (await this.findOrNull(kind, principal, namespace, object.metadata.name)) {
      throw new K8sError(409, 'AlreadyExists', `${qualified(kind)} "${object.metadata.name}" already exists`, {
        name: object.metadata.name,
        group: kind.group,
        kind: kind.plural,
      });
    }
    await this.write(kind, object.metadata.name, () => create.call(kind, this.toWrite(principal, object)));
    return this.toObject(kind, await this.find(kind, principal, namespace, object.metadata.name));
  }

  async replace(kind: K8sResourceKind, principal: Principal, namespace: string, name: string, body: unknown): Promise<K8sObject> {
    const object = this.checkBody(kind, body, namespace);
    if (object.metadata.name !== name) {
      throw new K8sError(400, 'BadRequest', `the name of the object (${object.metadata.name}) does not match the name on the URL (${name})`);
    }
    await this.authorize(kind, principal, 'write', 'update', namespace, name);
    const current = await this.find(kind, principal, namespace, name);
    const sent = object.metadata.resourceVersion;
    if (sent && sent !== current.resourceVersion) {
      throw new K8sError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${qualified(kind)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      );
    }
    return this.store(kind, principal, current, object);
  }

  /** Merge patch (and strategic merge, taken as a merge patch as Kubernetes does for custom resources) or server-side apply. */
  async patch(
    kind: K8sResourceKind,
    principal: Principal,
    namespace: string,
    name: string,
    contentType: string,
    body: unknown,
  ): Promise<{ status: number; object: K8sObject }> {
    await this.authorize(kind, principal, 'write', 'patch', namespace, name);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new K8sError(400, 'BadRequest', 'the patch must be a JSON object');
    }
    const type = contentType.split(';')[0].trim().toLowerCase();
    if (type === 'application/apply-patch+yaml') {
      const current = await this.findOrNull(kind, principal, namespace, name);
      if (!current)
        return {
          status: 201,
          object: await this.create(kind, principal, namespace, {
            ...body,
            metadata: { ...((body as K8sObject).metadata ?? {}), namespace: (body as K8sObject).metadata?.namespace ?? namespace, name },
          }),
        };
      const applied = mergePatch(this.toObject(kind, current), body) as K8sObject;
      return { status: 200, object: await this.store(kind, principal, current, this.checkBody(kind, applied, namespace)) };
    }
    if (type !== 'application/merge-patch+json' && type !== 'application/strategic-merge-patch+json') {
      throw new K8sError(
        415,
        'UnsupportedMediaType',
        `the body of the request was in an unknown format - accepted media types include: application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml`,
      );
    }
    const current = await this.find(kind, principal, namespace, name);
    const patched = mergePatch(this.toObject(kind, current), withoutDirectives(body)) as K8sObject;
    const object = this.checkBody(kind, patched, namespace);
    if (object.metadata.name !== name) throw new K8sError(400, 'BadRequest', 'metadata.name cannot be changed by a patch');
    const sent = (body as K8sObject).metadata?.resourceVersion;
    if (sent && sent !== current.resourceVersion) {
      throw new K8sError(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${qualified(kind)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      );
    }
    return { status: 200, object: await this.store(kind, principal, current, object) };
  }

  async remove(kind: K8sResourceKind, principal: Principal, namespace: string, name: string): Promise<K8sStatus> {
    await this.authorize(kind, principal, 'write', 'delete', namespace, name);
    const remove = kind.remove;
    if (!remove) throw this.readOnly(kind);
    const current = await this.find(kind, principal, namespace, name);
    await this.write(kind, name, () => remove.call(kind, current.uid, principal));
    return successStatus({ name, group: kind.group, kind: kind.plural, uid: current.uid });
  }

  private async store(kind: K8sResourceKind, principal: Principal, current: K8sStoredObject, object: K8sObject): Promise<K8sObject> {
    const update = kind.update;
    if (!update) throw this.readOnly(kind);
    await this.write(kind, current.name, () => update.call(kind, current.uid, this.toWrite(principal, object)));
    return this.toObject(kind, await this.find(kind, principal, current.namespace, current.name));
  }

  private toWrite(principal: Principal, object: K8sObject): K8sWrite {
    return {
      principal,
      name: object.metadata.name,
      namespace: object.metadata.namespace,
      labels: stringMap(object.metadata.labels, 'metadata.labels'),
      annotations: stringMap(object.metadata.annotations, 'metadata.annotations'),
      spec: object.spec ?? {},
    };
  }

  /** The body is an object of this kind in this namespace, with a name Kubernetes would take. */
  private checkBody(kind: K8sResourceKind, body: unknown, namespace: string): K8sObject {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new K8sError(400, 'BadRequest', 'the body must be a JSON object');
    const object = body as K8sObject;
    if (object.apiVersion !== undefined && object.apiVersion !== apiVersionOf(kind)) {
      throw new K8sError(
        400,
        'BadRequest',
        `the API version in the data (${String(object.apiVersion)}) does not match the expected API version (${apiVersionOf(kind)})`,
      );
    }
    if (object.kind !== undefined && object.kind !== kind.kind) {
      throw new K8sError(400, 'BadRequest', `the kind in the data (${String(object.kind)}) does not match the expected kind (${kind.kind})`);
    }
    const metadata = object.metadata;
    if (!metadata || typeof metadata !== 'object') throw this.invalid(kind, '', 'metadata.name: Required value: name is required');
    const name = metadata.name;
    if (typeof name !== 'string' || !name) throw this.invalid(kind, '', 'metadata.name: Required value: name is required');
    if (name.length > 253 || !NAME.test(name)) {
      throw this.invalid(
        kind,
        name,
        `metadata.name: Invalid value: "${name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
      );
    }
    if (metadata.namespace !== undefined && metadata.namespace !== namespace) {
      throw new K8sError(400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
    }
    if (object.spec !== undefined && (object.spec === null || typeof object.spec !== 'object' || Array.isArray(object.spec))) {
      throw this.invalid(kind, name, 'spec: Invalid value: must be an object');
    }
    return { ...object, metadata: { ...metadata, name, namespace } };
  }

  /** kubectl prints `The <Kind> "<name>" is invalid: ` and the causes: each problem the console found. */
  private invalid(kind: K8sResourceKind, name: string, message: string): K8sError {
    const causes = message.split('; ').map((problem) => {
      // kubectl prints each cause as `<field>: <message>`: the console's problems start with where they are.
      const at = /^([\w.[\]-]+): ([^]*)$/.exec(problem);
      return at ? { reason: 'FieldValueInvalid', field: at[1], message: at[2] } : { reason: 'FieldValueInvalid', field: 'spec', message: problem };
    });
    return new K8sError(422, 'Invalid', `${kind.kind}.${kind.group} "${name}" is invalid: ${message}`, { name, group: kind.group, kind: kind.kind, causes });
  }

  private readOnly(kind: K8sResourceKind): K8sError {
    return new K8sError(405, 'MethodNotAllowed', kind.readOnlyReason ?? `${qualified(kind)} are read-only on this API`);
  }

  /** Runs a store's write: the console's refusals (400 validation, 409 duplicate) become Invalid / AlreadyExists. */
  private async write(kind: K8sResourceKind, name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      const k8s = toK8sError(error);
      if (k8s.code === 400 || k8s.code === 422) throw this.invalid(kind, name, k8s.message);
      if (k8s.code === 409)
        throw new K8sError(409, 'AlreadyExists', `${qualified(kind)} "${name}": ${k8s.message}`, { name, group: kind.group, kind: kind.plural });
      if (k8s.code === 403)
        throw new K8sError(403, 'Forbidden', `${qualified(kind)} "${name}" is forbidden: ${k8s.message}`, { name, group: kind.group, kind: kind.plural });
      throw k8s;
    }
  }

  private async call<T>(kind: K8sResourceKind, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toK8sError(error);
    }
  }

  private async authorize(kind: K8sResourceKind, principal: Principal, action: Action, verb: string, namespace?: string, name?: string): Promise<void> {
    if (kind.feature && !(await this.features.isEnabled(kind.feature))) {
      throw new K8sError(403, 'Forbidden', `${qualified(kind)} is forbidden: the ${kind.feature} feature is disabled`);
    }
    if (action === 'write' && !kind.write) throw this.readOnly(kind);
    const resource = action === 'read' ? kind.read : kind.write!;
    if (can(principal.roles, resource, action)) return;
    const subject = name ? `${qualified(kind)} "${name}"` : qualified(kind);
    const where = namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope';
    throw new K8sError(
      403,
      'Forbidden',
      `${subject} is forbidden: User "${principal.email}" cannot ${verb} resource "${kind.plural}" in API group "${kind.group}"${where}: You do not have ${action} permission on ${resource}`,
      { ...(name ? { name } : {}), group: kind.group, kind: kind.plural },
    );
  }
}

const schemaName = (k: K8sResourceKind) => `${k.group.split('.').reverse().join('.')}.${k.version}.${k.kind}`;

/** Changes when the kinds do, so kubectl's cache of the documents is refreshed. */
function openApiHash(kinds: K8sResourceKind[]): string {
  let h = 0;
  for (const c of kinds.map((k) => `${k.group}/${k.version}/${k.plural}/${k.write ? 'w' : 'r'}`).join('|')) h = (h * 31 + c.charCodeAt(0)) | 0;
  return (h >>> 0).toString(16);
}

/** A list's resourceVersion: the newest of its rows (a watch from it reports what changed after the list). */
export function listVersion(rows: K8sStoredObject[]): string {
  let max = 0n;
  for (const row of rows) {
    const v = BigInt(row.resourceVersion);
    if (v > max) max = v;
  }
  return String(max);
}

/** Strategic merge patch directives (`$patch`, `$setElementOrder/...`, `$retainKeys`) mean nothing for these kinds. */
function withoutDirectives(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDirectives);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('$'))
      .map(([key, v]) => [key, withoutDirectives(v)]),
  );
}

function stringMap(value: unknown, field: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new K8sError(400, 'BadRequest', `${field} must be a map of strings`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new K8sError(400, 'BadRequest', `${field}.${k} must be a string`);
    out[k] = v;
  }
  return out;
}
