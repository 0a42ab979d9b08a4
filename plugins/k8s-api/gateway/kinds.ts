import { Injectable } from '@nestjs/common';
import { ConnectionStore } from '@gateway/core/connections';
import { DataApiService } from '@gateway/core/data-api';
import { Db } from '@gateway/core/database/db.service';
import { asDomainError } from '@gateway/core/database/db-errors';
import { badRequest, notFound } from '@gateway/core/http/domain-error';
import { K8S_RESOURCES, type K8sStoredObject, type K8sWrite } from '@gateway/core/k8s';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { LAST_APPLIED, TableKind, type KindRow } from './table-kind';

const CANARIES = 'canaries.flanksource.com';
const CONFIGS = 'configs.flanksource.com';
const MISSION_CONTROL = 'mission-control.flanksource.com';

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** canaries.flanksource.com/v1 Canary: the canary's spec, validated by health's hook (the editor's rules). */
@Injectable()
@Extension(K8S_RESOURCES, `canaries.${CANARIES}`)
export class CanaryKind extends TableKind {
  readonly group = CANARIES;
  readonly kind = 'Canary';
  readonly plural = 'canaries';
  readonly singular = 'canary';
  readonly shortNames = ['canary'];
  readonly read = 'canaries' as const;
  readonly write = 'canaries' as const;
  readonly feature = 'health' as const;
  readonly table = 'canaries';
  protected readonly hasLabels = true;
  protected readonly columns = `t.labels, t.spec, t.schedule,
    (SELECT count(*)::int FROM checks k WHERE k.canary_id = t.id AND k.deleted_at IS NULL) AS checks,
    (SELECT count(*)::int FROM checks k WHERE k.canary_id = t.id AND k.deleted_at IS NULL AND k.status = 'unhealthy') AS unhealthy,
    (SELECT count(*)::int FROM checks k WHERE k.canary_id = t.id AND k.deleted_at IS NULL AND k.status = 'healthy') AS healthy`;

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [
    { name: 'Checks', type: 'integer' as const, description: 'Checks of the canary', value: (o: K8sStoredObject) => Number(o.status?.checks ?? 0) },
    { name: 'Status', type: 'string' as const, description: 'Healthy when every check passed', value: (o: K8sStoredObject) => text(o.status?.status) },
  ];

  protected override status(row: KindRow) {
    const checks = Number(row.checks);
    const status = Number(row.unhealthy) > 0 ? 'Unhealthy' : checks > 0 && Number(row.healthy) === checks ? 'Healthy' : 'Pending';
    return { checks, status, healthy: Number(row.healthy), unhealthy: Number(row.unhealthy) };
  }
}

/** canaries.flanksource.com/v1 Topology: validated by topology's hook. */
@Injectable()
@Extension(K8S_RESOURCES, `topologies.${CANARIES}`)
export class TopologyKind extends TableKind {
  readonly group = CANARIES;
  readonly kind = 'Topology';
  readonly plural = 'topologies';
  readonly singular = 'topology';
  readonly shortNames = ['topology'];
  readonly read = 'topologies' as const;
  readonly write = 'topologies' as const;
  readonly feature = 'settings.topology' as const;
  readonly table = 'topologies';
  protected readonly hasLabels = true;
  protected readonly columns = 't.labels, t.spec, t.schedule';

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [{ name: 'Schedule', type: 'string' as const, description: 'When it runs', value: (o: K8sStoredObject) => text(o.spec.schedule) }];
}

/** configs.flanksource.com/v1 ScrapeConfig: validated by the catalog's hook. */
@Injectable()
@Extension(K8S_RESOURCES, `scrapeconfigs.${CONFIGS}`)
export class ScrapeConfigKind extends TableKind {
  readonly group = CONFIGS;
  readonly kind = 'ScrapeConfig';
  readonly plural = 'scrapeconfigs';
  readonly singular = 'scrapeconfig';
  readonly shortNames = ['scrapeconfig', 'sc'];
  readonly read = 'config_scrapers' as const;
  readonly write = 'config_scrapers' as const;
  readonly feature = 'settings.config_scraper' as const;
  readonly table = 'config_scrapers';
  protected readonly hasLabels = true;
  protected readonly columns = 't.labels, t.spec, t.schedule';

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [{ name: 'Schedule', type: 'string' as const, description: 'When it runs', value: (o: K8sStoredObject) => text(o.spec.schedule) }];
}

/** mission-control.flanksource.com/v1 Playbook: validated by the playbooks' hook (actions, approvers, exec rule). */
@Injectable()
@Extension(K8S_RESOURCES, `playbooks.${MISSION_CONTROL}`)
export class PlaybookKind extends TableKind {
  readonly group = MISSION_CONTROL;
  readonly kind = 'Playbook';
  readonly plural = 'playbooks';
  readonly singular = 'playbook';
  readonly shortNames = ['playbook'];
  readonly read = 'playbooks' as const;
  readonly write = 'playbooks' as const;
  readonly feature = 'playbooks' as const;
  readonly table = 'playbooks';
  protected readonly hasLabels = false;
  protected readonly columns = 't.spec, t.title, t.category';

  constructor(db: Db, dataApi: DataApiService) {
    super(db, dataApi);
  }

  override printerColumns = [
    { name: 'Title', type: 'string' as const, description: 'The title', value: (o: K8sStoredObject) => text(o.spec.title) },
    { name: 'Category', type: 'string' as const, description: 'The category', value: (o: K8sStoredObject) => text(o.spec.category) },
  ];
}

const SECRET_FIELDS = ['password', 'certificate'] as const;
const CONNECTION_TYPE = /^[a-z][a-z0-9_]*$/;

/**
 * mission-control.flanksource.com/v1 Connection. Secrets (password, certificate) are write-only: set with the
 * object, sealed as the connections API seals them, never returned nor kept in the last-applied annotation. Values are
 * plain strings or `{value: ...}` (the CRD's EnvVar form; `valueFrom` is refused: the console holds the secret itself).
 */
@Injectable()
@Extension(K8S_RESOURCES, `connections.${MISSION_CONTROL}`)
export class ConnectionKind extends TableKind {
  readonly group = MISSION_CONTROL;
  readonly kind = 'Connection';
  readonly plural = 'connections';
  readonly singular = 'connection';
  readonly shortNames = ['connection'];
  readonly read = 'connections' as const;
  readonly write = 'connections' as const;
  readonly feature = 'settings.connections' as const;
  readonly table = 'connections';
  protected readonly hasLabels = false;
  protected readonly columns = `t.type, t.url, t.username, t.insecure_tls, t.properties,
    t.password IS NOT NULL AS password_set, t.certificate IS NOT NULL AS certificate_set`;

  constructor(
    db: Db,
    dataApi: DataApiService,
    private readonly store: ConnectionStore,
  ) {
    super(db, dataApi);
  }

  override printerColumns = [
    { name: 'Type', type: 'string' as const, description: 'The connection type', value: (o: K8sStoredObject) => text(o.spec.type) },
    { name: 'URL', type: 'string' as const, description: 'Where it connects', value: (o: K8sStoredObject) => text((o.spec.url as { value?: string })?.value) },
  ];

  protected override spec(row: KindRow): Record<string, unknown> {
    const spec: Record<string, unknown> = { type: row.type };
    if (row.url) spec.url = { value: row.url };
    if (row.username) spec.username = { value: row.username };
    if (row.insecure_tls) spec.insecure_tls = true;
    if (row.properties && Object.keys(row.properties as object).length) spec.properties = row.properties;
    return spec;
  }

  protected override status(row: KindRow) {
    return { passwordSet: row.password_set === true, certificateSet: row.certificate_set === true };
  }

  protected override annotations(write: K8sWrite): Record<string, string> {
    const kept = { ...write.annotations };
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

  override async create(write: K8sWrite): Promise<void> {
    const c = this.candidate(write);
    const key = this.store.sealKey();
    const row = await this.db
      .one<{ id: string }>(
        `INSERT INTO connections (name, namespace, type, url, username, password, certificate, insecure_tls, properties, created_by)
         VALUES ($1, $2, $3, $4, $5, ${this.store.sealSql(6, 11)}, ${this.store.sealSql(7, 11)}, $8, $9, $10) RETURNING id`,
        [
          c.name,
          c.namespace,
          c.type,
          c.url,
          c.username,
          c.password ?? null,
          c.certificate ?? null,
          c.insecure,
          JSON.stringify(c.properties),
          write.principal.personId,
          key,
        ],
      )
      .catch((error: unknown) => {
        throw asDomainError(error, { unique: 'A connection with this name already exists in this namespace' });
      });
    if (row) await this.keepMeta(row.id, write);
  }

  override async update(uid: string, write: K8sWrite): Promise<void> {
    const c = this.candidate(write);
    // A secret left out keeps the stored one (an apply from a file without it); '' clears it.
    const rows = await this.db.query(
      `UPDATE connections SET name = $2, namespace = $3, type = $4, url = $5, username = $6,
              password = CASE WHEN $7::boolean THEN ${this.store.sealSql(8, 12)} ELSE password END,
              certificate = CASE WHEN $9::boolean THEN ${this.store.sealSql(10, 12)} ELSE certificate END,
              insecure_tls = $11, properties = $13, updated_at = now()
        WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [
        uid,
        c.name,
        c.namespace,
        c.type,
        c.url,
        c.username,
        c.password !== undefined,
        c.password || null,
        c.certificate !== undefined,
        c.certificate || null,
        c.insecure,
        this.store.sealKey(),
        JSON.stringify(c.properties),
      ],
    );
    if (!rows.length) throw notFound('Connection not found');
    await this.keepMeta(uid, write);
  }

  override async remove(uid: string): Promise<void> {
    await this.db.query(`UPDATE connections SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [uid]);
    await this.db.query(`DELETE FROM k8s_object_meta WHERE resource = $1 AND uid = $2`, [this.table, uid]);
  }

  /** The connections API's basic rules (the per-type requirements stay with the connections plugin: see the README). */
  private candidate(write: K8sWrite) {
    const spec = write.spec;
    const value = (field: string): string | undefined => {
      const v = spec[field];
      if (v === undefined || v === null) return undefined;
      if (typeof v === 'string') return v;
      if (typeof v === 'object' && !Array.isArray(v)) {
        const o = v as Record<string, unknown>;
        if (o.valueFrom !== undefined) throw badRequest(`spec.${field}.valueFrom: not supported: give the value (the console keeps the secret itself)`);
        if (o.value === undefined || o.value === null) return undefined;
        if (typeof o.value === 'string') return o.value;
      }
      throw badRequest(`spec.${field}: must be a string or {value: string}`);
    };
    const type = typeof spec.type === 'string' ? spec.type.trim() : '';
    if (!type) throw badRequest('Type is required');
    if (!CONNECTION_TYPE.test(type)) throw badRequest(`Unknown connection type '${type}'`);
    const url = value('url')?.trim() || null;
    if (url && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && type !== 'smtp') throw badRequest('URL must include a scheme such as https://');
    const properties: Record<string, string> = {};
    if (spec.properties !== undefined && spec.properties !== null) {
      if (typeof spec.properties !== 'object' || Array.isArray(spec.properties)) throw badRequest('spec.properties: must be a map of strings');
      for (const [k, v] of Object.entries(spec.properties as Record<string, unknown>)) if (v !== null && v !== undefined) properties[k] = String(v);
    }
    const insecure = spec.insecure_tls ?? spec.insecureTLS ?? false;
    if (typeof insecure !== 'boolean') throw badRequest('spec.insecure_tls: must be true or false');
    return {
      name: write.name,
      namespace: write.namespace,
      type,
      url,
      username: value('username')?.trim() || null,
      password: value('password'),
      certificate: value('certificate'),
      insecure,
      properties,
    };
  }
}

export const KINDS = [CanaryKind, TopologyKind, ScrapeConfigKind, PlaybookKind, ConnectionKind];
