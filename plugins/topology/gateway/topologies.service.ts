import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { can, type TopologyDocument, type TopologyRunResult } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { mapDbErrors } from '@gateway/core/database/db-errors';
import { documentReader, type DocumentBodyDto, type DocumentProblem } from '@gateway/core/documents';
import { badRequest, conflict, forbidden, notFound } from '@gateway/core/http/domain-error';
import { compileSchedule } from '@gateway/core/jobs';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { MIN_TOPOLOGY_EVERY_MS } from '@contracts';
import { parseTopologyYaml, topologyYaml, validateTopology, type ParsedTopology, type TopologyCheckTypes } from './topology-document';
import { TopologyRunnerService, type TopologyRow } from './topology-runner.service';

const COLUMNS = `id, name, namespace, labels, spec, schedule, source, agent_id, created_at, updated_at, next_runtime`;

/** The next run after `now`: the schedule's next time, at least the minimum gap away; null when it never fires again. */
export function nextTopologyRun(schedule: string, now: number): Date | null {
  const compiled = compileSchedule(schedule, { minEveryMs: MIN_TOPOLOGY_EVERY_MS });
  if (compiled.everyMs !== null) return new Date(now + compiled.everyMs);
  const next = compiled.next(new Date(now));
  return next ? new Date(Math.max(next.getTime(), now + MIN_TOPOLOGY_EVERY_MS)) : null;
}

/**
 * Topology documents: validated whole (400 `invalid_topology` naming each field; nothing saved on error) on every
 * way in (`/api/topologies`, the data API), soft deletes that take the topology's components and owned canaries
 * with them, and Run Now under the same lease as the scheduler. Lookups or inline checks of a type that runs code
 * (exec) may be saved only by writers of `exec`, as health checks.
 */
@Injectable()
export class TopologiesService {
  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly runner: TopologyRunnerService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'exec'>,
  ) {}

  types(): TopologyCheckTypes {
    return { ids: this.plugins.ids(CHECK_RUNNERS).sort(), find: (type) => this.plugins.find(CHECK_RUNNERS, type) };
  }

  private readonly reader = documentReader((body: DocumentBodyDto) => this.read(body), 'invalid_topology');

  parse(body: DocumentBodyDto): ParsedTopology {
    return this.reader.parse(body);
  }

  validate(body: DocumentBodyDto): { errors: DocumentProblem[] } {
    return this.reader.validate(body);
  }

  private read(body: DocumentBodyDto): ParsedTopology {
    if (typeof body.yaml === 'string') return parseTopologyYaml(body.yaml, this.types());
    return validateTopology(body, this.types());
  }

  /** The exec rule: the new document's code-running types and the stored one's (`prior`, else read by id) both count. */
  private async assertMayWriteCode(tx: PoolClient, principal: Principal, id: string | null, next: ParsedTopology | null, prior?: unknown): Promise<void> {
    let stored: unknown = prior;
    if (stored === undefined && id) stored = (await tx.query<{ spec: unknown }>(`SELECT spec FROM topologies WHERE id = $1`, [id])).rows[0]?.spec;
    const current = stored ? this.codeTypesOf(stored) : [];
    const added = next?.codeTypes ?? [];
    const touched = [...new Set([...added, ...current])];
    if (!touched.length) return;
    if (!can(principal.roles, 'exec', 'write')) {
      throw forbidden(
        `Only administrators may save topologies whose lookups or checks run scripts on the console (${touched.join(', ')})`,
        'permission_denied',
      );
    }
    if (added.length && !this.config.exec.enabled)
      throw badRequest(`Lookups that run scripts (${added.join(', ')}) are turned off on this console`, 'exec_disabled');
  }

  /** Code-running check types anywhere in a stored spec (valid or not: a stored spec is judged by what it holds). */
  private codeTypesOf(spec: unknown): string[] {
    const found = new Set<string>();
    const walk = (value: unknown, key: string | null): void => {
      if (Array.isArray(value)) return value.forEach((v) => walk(v, null));
      if (!value || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if ((key === 'lookup' || key === 'inline') && this.plugins.find(CHECK_RUNNERS, k)?.runsCode) found.add(k);
        walk(v, k);
      }
    };
    walk(spec, null);
    return [...found].sort();
  }

  async get(id: string): Promise<TopologyDocument> {
    const row = await this.db.one<Omit<TopologyDocument, 'yaml'>>(`SELECT ${COLUMNS} FROM topologies WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!row) throw notFound('Topology not found');
    return { ...row, yaml: topologyYaml(row) };
  }

  async create(body: DocumentBodyDto, principal: Principal): Promise<TopologyDocument> {
    const parsed = this.parse(body);
    const id = await this.write(async (tx) => {
      await this.assertMayWriteCode(tx, principal, null, parsed);
      const row = await tx.query<{ id: string }>(
        `INSERT INTO topologies (name, namespace, labels, spec, schedule, icon, created_by, next_runtime) VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id`,
        [parsed.name, parsed.namespace, parsed.labels, parsed.spec, parsed.schedule, iconOf(parsed), principal.personId],
      );
      return row.rows[0].id;
    });
    return this.get(id);
  }

  async update(id: string, body: DocumentBodyDto, principal: Principal): Promise<TopologyDocument> {
    const parsed = this.parse(body);
    await this.write(async (tx) => {
      await this.assertMayWriteCode(tx, principal, id, parsed);
      const row = await tx.query(
        `UPDATE topologies SET name = $2, namespace = $3, labels = $4, spec = $5, schedule = $6, icon = $7, next_runtime = now()
         WHERE id = $1 AND deleted_at IS NULL`,
        [id, parsed.name, parsed.namespace, parsed.labels, parsed.spec, parsed.schedule, iconOf(parsed)],
      );
      if (!row.rowCount) throw notFound('Topology not found');
    });
    return this.get(id);
  }

  /** Soft delete: the topology, its components and the canaries of its inline checks. */
  async remove(id: string, principal: Principal): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.assertMayWriteCode(tx, principal, id, null);
      const row = await tx.query(`UPDATE topologies SET deleted_at = now(), next_runtime = NULL WHERE id = $1 AND deleted_at IS NULL`, [id]);
      if (!row.rowCount) throw notFound('Topology not found');
      await this.cascadeDelete(tx, [id]);
    });
  }

  private async cascadeDelete(tx: PoolClient, ids: string[]): Promise<void> {
    await tx.query(`UPDATE components SET deleted_at = now() WHERE topology_id = ANY($1::uuid[]) AND deleted_at IS NULL`, [ids]);
    await tx.query(
      `WITH gone AS (UPDATE canaries SET deleted_at = now() WHERE source = ANY($1::text[]) AND deleted_at IS NULL RETURNING id)
       UPDATE checks SET deleted_at = now(), next_runtime = NULL WHERE canary_id IN (SELECT id FROM gone) AND deleted_at IS NULL`,
      [ids.map((id) => `topology/${id}`)],
    );
  }

  /** Run Now: takes the run lease (no overlap with a scheduled run on any replica), runs, answers with the run's summary. */
  async runNow(id: string): Promise<TopologyRunResult> {
    const row = await this.db.one<TopologyRow & { labels: Record<string, string>; spec: Record<string, unknown> }>(
      `SELECT id, name, namespace, agent_id, labels, spec FROM topologies WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    if (!row) throw notFound('Topology not found');
    const parsed = this.parse({ name: row.name, namespace: row.namespace, labels: row.labels, spec: row.spec });
    const leased = await this.db.query(
      `UPDATE topologies SET run_lease_until = now() + $2 * interval '1 millisecond'
       WHERE id = $1 AND (run_lease_until IS NULL OR run_lease_until < now()) RETURNING id`,
      [id, this.runner.runBudgetMs(parsed)],
    );
    if (!leased.length) throw conflict('A run of this topology is already under way; try again when it has finished');
    try {
      return await this.runner.run(row, parsed);
    } finally {
      await this.db.query(`UPDATE topologies SET run_lease_until = NULL WHERE id = $1`, [id]);
    }
  }

  /**
   * Keeps topologies written through the data API valid (runs in that write's transaction: an invalid spec answers
   * 400 and rolls the write back), applies the exec rule, schedules them, and cascades soft deletes.
   */
  async syncWrittenRows(tx: PoolClient, principal: Principal): Promise<void> {
    const { rows } = await tx.query<{
      id: string;
      name: string;
      namespace: string;
      labels: Record<string, string>;
      spec: Record<string, unknown>;
      deleted_at: string | null;
    }>(`SELECT id, name, namespace, labels, spec, deleted_at FROM topologies WHERE updated_at = now()`);
    for (const row of rows) {
      // The spec this write replaced (kept by the topologies_keep_prior trigger; none for an insert).
      const { rows: kept } = await tx.query<{ spec: string | null }>(`SELECT current_setting($1, true) AS spec`, [
        `console.topology_prior_${row.id.replace(/-/g, '')}`,
      ]);
      const prior: unknown = kept[0]?.spec ? JSON.parse(kept[0].spec) : null;
      if (row.deleted_at) {
        await this.assertMayWriteCode(tx, principal, null, null, prior ?? row.spec);
        await tx.query(`UPDATE topologies SET next_runtime = NULL WHERE id = $1 AND next_runtime IS NOT NULL`, [row.id]);
        await this.cascadeDelete(tx, [row.id]);
        continue;
      }
      const parsed = this.parse({ name: row.name, namespace: row.namespace, labels: row.labels, spec: row.spec });
      await this.assertMayWriteCode(tx, principal, null, parsed, prior);
      await tx.query(`UPDATE topologies SET schedule = $2, icon = coalesce(icon, $3), next_runtime = coalesce(next_runtime, now()) WHERE id = $1`, [
        row.id,
        parsed.schedule,
        iconOf(parsed),
      ]);
    }
  }

  private write<T>(work: (tx: PoolClient) => Promise<T>): Promise<T> {
    return mapDbErrors(() => this.db.transaction(work), { unique: 'A topology with this name already exists in this namespace' });
  }
}

const iconOf = (parsed: ParsedTopology): string | null => (typeof parsed.spec.icon === 'string' ? parsed.spec.icon : null);
