import { LOCAL_AGENT_ID, type Feature, type Resource } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { DataApiService } from '@gateway/core/data-api';
import { Db } from '@gateway/core/database/db.service';
import { k8sVersionColumns, type K8sPrinterColumn, type K8sQuery, type K8sResourceKind, type K8sStoredObject, type K8sWrite } from '@gateway/core/k8s';

/** A row as the kinds read it: the table's columns plus what every kind selects. */
export type KindRow = Record<string, unknown> & {
  id: string;
  name: string;
  namespace: string;
  rv: string;
  created: string;
  meta_labels: Record<string, string> | null;
  meta_annotations: Record<string, string> | null;
};

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * A kind stored in one of the console's tables. Reads are SQL over the live rows (the owner's table, and this
 * plugin's `k8s_object_meta` for annotations and the labels of tables without a `labels` column); writes go through
 * the data API as the signed-in person (`DataApiService`): its RBAC, and the owner's `afterWrite` hook, which
 * validates the spec exactly as the console's editor does and rolls the write back with its message.
 */
export abstract class TableKind implements K8sResourceKind {
  abstract readonly group: string;
  readonly version = 'v1';
  abstract readonly kind: string;
  abstract readonly plural: string;
  abstract readonly singular: string;
  abstract readonly shortNames: string[];
  readonly namespaced = true as const;
  abstract readonly read: Resource;
  abstract readonly write: Resource | null;
  abstract readonly feature: Feature;
  abstract readonly table: string;
  /** The table has a `labels` column (canaries, topologies, config_scrapers). */
  protected abstract readonly hasLabels: boolean;
  /** Columns read, without the ones every kind reads (id, name, namespace, the version, the creation time). */
  protected abstract readonly columns: string;
  printerColumns?: K8sPrinterColumn[];

  constructor(
    protected readonly db: Db,
    protected readonly dataApi: DataApiService,
  ) {}

  /** The object's spec from its row. */
  protected spec(row: KindRow, _principal: Principal): Record<string, unknown> {
    return (row.spec as Record<string, unknown>) ?? {};
  }

  protected status(_row: KindRow): Record<string, unknown> | undefined {
    return undefined;
  }

  /**
   * Only this console's own rows: canaries, topologies and scrape configs pushed by agents share their names (unique
   * per agent, namespace and name) and are managed by those agents, not through this API.
   */
  private get ownRows(): string {
    return this.hasLabels ? `AND t.agent_id = '${LOCAL_AGENT_ID}'` : '';
  }

  /** The data API body of a write. */
  protected body(write: K8sWrite): Record<string, unknown> {
    return { name: write.name, namespace: write.namespace, spec: write.spec, ...(this.hasLabels ? { labels: write.labels } : {}) };
  }

  async list(query: K8sQuery): Promise<K8sStoredObject[]> {
    const rows = await this.db.query<KindRow>(
      `SELECT t.id, t.name, t.namespace, ${this.columns},
              ${k8sVersionColumns('t')},
              m.labels AS meta_labels, m.annotations AS meta_annotations
         FROM ${this.table} t
         LEFT JOIN k8s_object_meta m ON m.resource = $3 AND m.uid = t.id
        WHERE t.deleted_at IS NULL ${this.ownRows} AND ($1::text IS NULL OR t.namespace = $1) AND ($2::text IS NULL OR t.name = $2)
        ORDER BY t.namespace, t.name`,
      [query.namespace ?? null, query.name ?? null, this.table],
    );
    return rows.map((row) => {
      const status = this.status(row);
      return {
        uid: row.id,
        name: row.name,
        namespace: row.namespace,
        resourceVersion: row.rv,
        creationTimestamp: row.created,
        labels: (this.hasLabels ? (row.labels as Record<string, string> | null) : row.meta_labels) ?? {},
        annotations: row.meta_annotations ?? {},
        spec: this.spec(row, query.principal),
        ...(status ? { status } : {}),
      };
    });
  }

  async create(write: K8sWrite): Promise<void> {
    await this.dataApi.insert(this.table, { principal: write.principal, queryString: '', body: this.body(write) });
    const row = await this.db.one<{ id: string }>(`SELECT id FROM ${this.table} t WHERE namespace = $1 AND name = $2 AND deleted_at IS NULL ${this.ownRows}`, [
      write.namespace,
      write.name,
    ]);
    if (row) await this.keepMeta(row.id, write);
  }

  async update(uid: string, write: K8sWrite): Promise<void> {
    await this.dataApi.update(this.table, { principal: write.principal, queryString: `id=eq.${uid}&deleted_at=is.null`, body: this.body(write) });
    await this.keepMeta(uid, write);
  }

  async remove(uid: string, principal: Principal): Promise<void> {
    await this.dataApi.update(this.table, { principal, queryString: `id=eq.${uid}&deleted_at=is.null`, body: { deleted_at: 'now()' } });
    await this.db.query(`DELETE FROM k8s_object_meta WHERE resource = $1 AND uid = $2`, [this.table, uid]);
  }

  /** What a kind may keep of the annotations (a kind may override it). */
  protected annotations(write: K8sWrite): Record<string, string> {
    return write.annotations;
  }

  protected async keepMeta(uid: string, write: K8sWrite): Promise<void> {
    const labels = this.hasLabels ? {} : write.labels;
    const annotations = this.annotations(write);
    if (!Object.keys(labels).length && !Object.keys(annotations).length) {
      await this.db.query(`DELETE FROM k8s_object_meta WHERE resource = $1 AND uid = $2`, [this.table, uid]);
      return;
    }
    await this.db.query(
      `INSERT INTO k8s_object_meta (resource, uid, labels, annotations) VALUES ($1, $2, $3, $4)
       ON CONFLICT (resource, uid) DO UPDATE SET labels = excluded.labels, annotations = excluded.annotations, updated_at = now()`,
      [this.table, uid, JSON.stringify(labels), JSON.stringify(annotations)],
    );
  }
}
