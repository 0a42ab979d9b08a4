import { hostname } from 'node:os';
import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { can, type CanaryDocument } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import type { CanaryOwner } from '@gateway/core/checks/owned-canaries';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { badRequest, forbidden, notFound } from '@gateway/core/http/domain-error';
import { documentReader } from '@gateway/core/documents';
import { mapDbErrors } from '@gateway/core/database/db-errors';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { parseCanaryYaml, validateCanary, type ParsedCanary } from './canary-document';
import { canaryProblemPath, type CanaryProblem } from './canary-problems';
import type { CanaryBodyDto } from './dto/canary.dto';

/** Canary writes: the canary and its checks in one transaction; nothing saved when the document is invalid. */
@Injectable()
export class CanariesService {
  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'exec'>,
  ) {}

  /**
   * Specs that make the console run code (a check type whose plugin declares `runsCode`, such as exec) may be
   * created or changed only with write on `exec` (admins), and not at all with `EXEC_ENABLED=false`. Both the new
   * document's checks and the canary's current ones count, so an editor can neither add a script nor rewrite an
   * administrator's. Deleting a canary runs nothing and stays with `canaries` write.
   */
  private async assertMayWriteCode(tx: PoolClient, principal: Principal, canaryId: string | null, next: ParsedCanary): Promise<void> {
    const current = canaryId
      ? (await tx.query<{ type: string }>(`SELECT DISTINCT type FROM checks WHERE canary_id = $1 AND deleted_at IS NULL`, [canaryId])).rows.map((r) => r.type)
      : [];
    const added = this.typesRunningCode(next.checks.map((c) => c.type));
    const touched = Array.from(new Set([...added, ...this.typesRunningCode(current)]));
    if (!touched.length) return;
    if (!can(principal.roles, 'exec', 'write')) {
      throw forbidden(`Only administrators may save health checks that run scripts on the console (${touched.join(', ')})`, 'permission_denied');
    }
    if (added.length && !this.config.exec.enabled) {
      throw badRequest(`Checks that run scripts (${added.join(', ')}) are turned off on this console`, 'exec_disabled');
    }
  }

  private typesRunningCode(types: string[]): string[] {
    return Array.from(new Set(types)).filter((type) => this.plugins.find(CHECK_RUNNERS, type)?.runsCode === true);
  }

  /** A validated canary (400 `invalid_canary` naming every problem), and the editor's live validation. */
  private readonly reader = documentReader((body) => this.read(body), 'invalid_canary', canaryProblemPath);

  parse(body: CanaryBodyDto): ParsedCanary {
    return this.reader.parse(body);
  }

  validate(body: CanaryBodyDto): { errors: CanaryProblem[] } {
    return this.reader.validate(body);
  }

  private read(body: CanaryBodyDto): ParsedCanary {
    const types = { ids: this.plugins.ids(CHECK_RUNNERS).sort(), find: (type: string) => this.plugins.find(CHECK_RUNNERS, type) };
    if (typeof body.yaml === 'string') return parseCanaryYaml(body.yaml, types);
    return validateCanary({ name: body.name, namespace: body.namespace, labels: body.labels, spec: body.spec }, types);
  }

  /**
   * Keeps checks in step with canary rows written through the data API (`POST|PATCH /api/db/canaries`): runs in
   * that write's transaction, so an invalid spec answers 400 and rolls the write back. Rows touched by the
   * transaction are those whose `updated_at` is its start time.
   */
  async syncWrittenRows(tx: PoolClient, principal: Principal): Promise<void> {
    const rows = await tx.query<{
      id: string;
      name: string;
      namespace: string;
      labels: unknown;
      spec: unknown;
      schedule: string | null;
      deleted_at: string | null;
    }>(`SELECT id, name, namespace, labels, spec, schedule, deleted_at FROM canaries WHERE updated_at = now()`);
    for (const row of rows.rows) {
      if (row.deleted_at) {
        await tx.query(`UPDATE checks SET deleted_at = now(), next_runtime = NULL WHERE canary_id = $1 AND deleted_at IS NULL`, [row.id]);
        continue;
      }
      const canary = this.parse({
        name: row.name,
        namespace: row.namespace,
        labels: row.labels as Record<string, string>,
        spec: row.spec as Record<string, unknown>,
      });
      await this.assertMayWriteCode(tx, principal, row.id, canary);
      if (canary.schedule !== row.schedule) await tx.query(`UPDATE canaries SET schedule = $2 WHERE id = $1`, [row.id, canary.schedule]);
      await this.syncChecks(tx, row.id, canary);
    }
  }

  async get(id: string): Promise<CanaryDocument> {
    const canary = await this.db.one<CanaryDocument>(
      `SELECT c.id, c.name, c.namespace, c.labels, c.schedule, c.spec,
              coalesce((SELECT jsonb_agg(jsonb_build_object('id', k.id, 'type', k.type, 'name', k.name, 'status', k.status, 'next_runtime', k.next_runtime) ORDER BY k.type, k.name)
                        FROM checks k WHERE k.canary_id = c.id AND k.deleted_at IS NULL), '[]') AS checks
       FROM canaries c WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [id],
    );
    if (!canary) throw notFound('Canary not found');
    return canary;
  }

  async create(body: CanaryBodyDto, principal: Principal): Promise<CanaryDocument> {
    const canary = this.parse(body);
    const id = await this.write(async (tx) => {
      await this.assertMayWriteCode(tx, principal, null, canary);
      const row = await tx.query<{ id: string }>(
        `INSERT INTO canaries (name, namespace, labels, spec, schedule, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [canary.name, canary.namespace, canary.labels, canary.spec, canary.schedule, principal.personId],
      );
      await this.syncChecks(tx, row.rows[0].id, canary);
      return row.rows[0].id;
    });
    return this.get(id);
  }

  async update(id: string, body: CanaryBodyDto, principal: Principal): Promise<CanaryDocument> {
    const canary = this.parse(body);
    await this.write(async (tx) => {
      await this.assertMayWriteCode(tx, principal, id, canary);
      const row = await tx.query(
        `UPDATE canaries SET name = $2, namespace = $3, labels = $4, spec = $5, schedule = $6 WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
        [id, canary.name, canary.namespace, canary.labels, canary.spec, canary.schedule],
      );
      if (!row.rowCount) throw notFound('Canary not found');
      await this.syncChecks(tx, id, canary);
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await tx.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`, [id]);
      if (!row.rowCount) throw notFound('Canary not found');
      await tx.query(`UPDATE checks SET deleted_at = now(), next_runtime = NULL WHERE canary_id = $1 AND deleted_at IS NULL`, [id]);
    });
  }

  /**
   * The canary `owner` owns (unique by its source and name) with `spec`, and its checks, in the owner's transaction.
   * Throws a 400 naming every problem when the spec is not a valid canary.
   */
  async syncOwned(tx: PoolClient, owner: CanaryOwner, spec: Record<string, unknown>): Promise<{ canaryId: string; checkIds: string[] }> {
    const canary = this.parse({ name: owner.name, namespace: owner.namespace, spec });
    const existing = await tx.query<{ id: string }>(`SELECT id FROM canaries WHERE source = $1 AND name = $2 AND deleted_at IS NULL`, [
      owner.source,
      owner.name,
    ]);
    let canaryId = existing.rows[0]?.id;
    if (canaryId) {
      await tx.query(`UPDATE canaries SET spec = $2, schedule = $3, namespace = $4 WHERE id = $1`, [canaryId, canary.spec, canary.schedule, canary.namespace]);
    } else {
      const row = await tx.query<{ id: string }>(
        `INSERT INTO canaries (name, namespace, spec, schedule, source, agent_id) VALUES ($1, $2, $3, $4, $5, coalesce($6, '00000000-0000-0000-0000-000000000000'::uuid)) RETURNING id`,
        [canary.name, canary.namespace, canary.spec, canary.schedule, owner.source, owner.agentId],
      );
      canaryId = row.rows[0].id;
    }
    await this.syncChecks(tx, canaryId, canary);
    const checks = await tx.query<{ id: string }>(`SELECT id FROM checks WHERE canary_id = $1 AND deleted_at IS NULL`, [canaryId]);
    return { canaryId, checkIds: checks.rows.map((r) => r.id) };
  }

  private write<T>(work: (tx: PoolClient) => Promise<T>): Promise<T> {
    return mapDbErrors(() => this.db.transaction(work), { unique: 'A canary with this name already exists in this namespace' });
  }

  /** Upserts each check (unique canary, type, name) and soft-deletes the checks the document no longer has. */
  private async syncChecks(tx: PoolClient, canaryId: string, canary: ParsedCanary): Promise<void> {
    // A new or changed check runs within a tick; the scheduler then follows the canary's schedule.
    const next = canary.schedule ? new Date() : null;
    for (const check of canary.checks) {
      await tx.query(
        `INSERT INTO checks (canary_id, type, name, description, icon, labels, endpoint, namespace, severity, owner, spec, next_runtime)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (canary_id, type, name) DO UPDATE SET
           description = EXCLUDED.description, icon = EXCLUDED.icon, labels = EXCLUDED.labels, endpoint = EXCLUDED.endpoint,
           namespace = EXCLUDED.namespace, severity = EXCLUDED.severity, owner = EXCLUDED.owner, spec = EXCLUDED.spec,
           next_runtime = EXCLUDED.next_runtime, deleted_at = NULL`,
        [
          canaryId,
          check.type,
          check.name,
          check.description,
          check.icon ?? canary.spec.icon ?? null,
          { ...canary.labels, ...check.labels },
          check.endpoint,
          canary.namespace,
          canary.severity,
          canary.owner,
          check.spec,
          next,
        ],
      );
    }
    const removed = await tx.query(
      `UPDATE checks SET deleted_at = now(), next_runtime = NULL
       WHERE canary_id = $1 AND deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS keep(type text, name text) WHERE keep.type = checks.type AND keep.name = checks.name)`,
      [canaryId, JSON.stringify(canary.checks.map(({ type, name }) => ({ type, name })))],
    );
    // The settings list's Job Status: each sync of the canary's checks is a job run (spec 03 settings lists).
    await tx.query(
      `INSERT INTO job_history (name, resource_id, resource_type, status, time_end, duration_millis, success_count, hostname, details)
       VALUES ('SyncCanary', $1, 'canary', 'SUCCESS', now(), 0, $2, $3, $4)`,
      [canaryId, canary.checks.length, hostname(), { checks: canary.checks.map(({ type, name }) => `${type}/${name}`), removed: removed.rowCount ?? 0 }],
    );
  }
}
