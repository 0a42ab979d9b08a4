import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DOD_EVALUATED_STATUSES, DOD_SCRIPT_VARIABLES, dodScriptExpression, type DodEvaluationResult, type IncidentEvidence } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { badRequest, notFound } from '@gateway/core/http/domain-error';
import { JobsService } from '@gateway/core/jobs';
import { ExpressionEvaluator, expressionLimitProblem } from '@gateway/core/cel';
import { celDuration, evaluateCel, type CelOutcome } from './cel';
import { mapDbErrors } from '@gateway/core/database/db-errors';
import { actAs } from './incidents.service';

export const DOD_JOB = 'incident.dod.evaluate';

type Json = Record<string, unknown>;
/** What the item lookups need: a pool or a transaction's client. */
type Queryable = Pick<PoolClient, 'query'>;

/**
 * The definition of done (spec 01 §4): evidence flagged `definition_of_done`, done by hand or by a CEL script over
 * the linked item's current data. Scripts run on demand and every minute (job `incident.dod.evaluate`). A script
 * that fails to parse, fails at run time or returns a non-boolean records `script_error` and leaves `done` as it
 * was. When every scripted item of an incident is done, the incident becomes resolved; when one regresses while it
 * is resolved, it goes back to open. Status changes go through the transition trigger, which writes the changelog.
 */
@Injectable()
export class DefinitionOfDoneService implements OnModuleInit {
  private readonly logger = new Logger('DefinitionOfDone');

  constructor(
    private readonly db: Db,
    private readonly jobs: JobsService,
    private readonly expressions: ExpressionEvaluator,
  ) {}

  onModuleInit(): void {
    this.jobs.work(DOD_JOB, () => this.evaluateAll());
    this.jobs.schedule(DOD_JOB, '* * * * *');
  }

  /** Adds the evidence to (or removes it from) the definition of done; removal clears done and the script. */
  async setDefinitionOfDone(evidenceId: string, definitionOfDone: boolean, script: string | null | undefined, personId: string): Promise<IncidentEvidence> {
    // A script over the limits is refused here, not re-run (and failed) every minute.
    const problem = definitionOfDone && script?.trim() ? expressionLimitProblem(dodScriptExpression(script)) : null;
    if (problem) throw badRequest(`The script ${problem}`, 'invalid_script');
    return mapDbErrors(() =>
      this.db.transaction(async (tx) => {
        await actAs(tx, personId);
        const { rows } = await tx.query<IncidentEvidence>(
          `UPDATE evidences SET
             definition_of_done = $2,
             done = CASE WHEN $2 THEN done ELSE false END,
             script = CASE WHEN NOT $2 THEN NULL WHEN $3 THEN nullif(btrim($4), '') ELSE script END,
             script_result = CASE WHEN $2 AND NOT $3 THEN script_result END,
             script_error = CASE WHEN $2 AND NOT $3 THEN script_error END
           WHERE id = $1 RETURNING *`,
          [evidenceId, definitionOfDone, script !== undefined, script ?? null],
        );
        if (!rows[0]) throw notFound('Evidence not found');
        return rows[0];
      }),
    );
  }

  /** 'Mark as resolved' / 'Mark as not resolved'. */
  async setDone(evidenceId: string, done: boolean, personId: string): Promise<IncidentEvidence> {
    return mapDbErrors(() =>
      this.db.transaction(async (tx) => {
        await actAs(tx, personId);
        const { rows } = await tx.query<IncidentEvidence>('UPDATE evidences SET done = $2 WHERE id = $1 RETURNING *', [evidenceId, done]);
        if (!rows[0]) throw notFound('Evidence not found');
        return rows[0];
      }),
    );
  }

  /** Every incident in an evaluated status that has scripted definition-of-done evidence. */
  async evaluateAll(): Promise<number> {
    const incidents = await this.db.query<{ id: string }>(
      `SELECT DISTINCT i.id FROM incidents i
         JOIN hypotheses h ON h.incident_id = i.id
         JOIN evidences e ON e.hypothesis_id = h.id
        WHERE i.status = ANY($1::text[]) AND e.definition_of_done AND coalesce(btrim(e.script), '') <> ''`,
      [DOD_EVALUATED_STATUSES],
    );
    for (const { id } of incidents) {
      await this.evaluateIncident(id).catch((error) => this.logger.warn(`Incident ${id}: ${(error as Error).message}`));
    }
    return incidents.length;
  }

  /** Evaluations in flight on this replica, by incident: a second request for the same incident shares the first. */
  private readonly inFlight = new Map<string, Promise<DodEvaluationResult>>();

  /**
   * Evaluates one incident's scripts, then records the outcomes and rolls them up into its status under the
   * incident's row lock. The scripts run with no database connection or lock held (they wait for an expression
   * worker), so evaluations cannot tie up the pool or block writes to the incident.
   */
  evaluateIncident(incidentId: string): Promise<DodEvaluationResult> {
    const running = this.inFlight.get(incidentId);
    if (running) return running;
    const evaluation = this.evaluateNow(incidentId).finally(() => this.inFlight.delete(incidentId));
    this.inFlight.set(incidentId, evaluation);
    return evaluation;
  }

  private async evaluateNow(incidentId: string): Promise<DodEvaluationResult> {
    const { pool } = this.db;
    if (!(await pool.query('SELECT 1 FROM incidents WHERE id = $1', [incidentId])).rowCount) throw notFound('Incident not found');
    const evidences = (
      await pool.query<IncidentEvidence>(
        `SELECT e.* FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
          WHERE h.incident_id = $1 AND e.definition_of_done AND coalesce(btrim(e.script), '') <> '' ORDER BY e.created_at`,
        [incidentId],
      )
    ).rows;
    const outcomes: Array<{ evidence: IncidentEvidence; outcome: CelOutcome }> = [];
    for (const evidence of evidences) outcomes.push({ evidence, outcome: await this.evaluateEvidence(pool, evidence) });

    return this.db.transaction(async (tx) => {
      const incident = (await tx.query<{ status: string }>('SELECT status FROM incidents WHERE id = $1 FOR UPDATE', [incidentId])).rows[0];
      if (!incident) throw notFound('Incident not found');
      const results: DodEvaluationResult['evidences'] = [];
      let errors = 0;
      for (const { evidence, outcome } of outcomes) {
        if (!outcome.ok) errors++;
        // Only while the script is still the one evaluated and still part of the definition of done.
        const row = (
          await tx.query<IncidentEvidence>(
            `UPDATE evidences SET
               done = CASE WHEN $2 THEN $3 ELSE done END,
               script_result = CASE WHEN $2 THEN $3::text END,
               script_error = $4,
               script_evaluated_at = now()
             WHERE id = $1 AND definition_of_done AND script IS NOT DISTINCT FROM $5 RETURNING id, done, script_result, script_error`,
            [evidence.id, outcome.ok, outcome.ok ? outcome.value : false, outcome.ok ? null : outcome.error, evidence.script],
          )
        ).rows[0];
        if (row) results.push(row);
      }
      const status = await this.rollUp(tx, incidentId, incident.status, results);
      return { evaluated: results.length, errors, status, evidences: results };
    });
  }

  private async rollUp(tx: PoolClient, incidentId: string, status: string, items: { done: boolean }[]): Promise<string> {
    if (items.length === 0 || !DOD_EVALUATED_STATUSES.includes(status as never)) return status;
    const allDone = items.every((e) => e.done);
    const next = allDone && status !== 'resolved' ? 'resolved' : !allDone && status === 'resolved' ? 'open' : status;
    if (next !== status) await tx.query('UPDATE incidents SET status = $2 WHERE id = $1', [incidentId, next]);
    return next;
  }

  private async evaluateEvidence(tx: Queryable, evidence: IncidentEvidence): Promise<CelOutcome> {
    const variable = DOD_SCRIPT_VARIABLES[evidence.type as keyof typeof DOD_SCRIPT_VARIABLES];
    if (!variable) return { ok: false, error: `Evidence of type ${evidence.type} has no linked item a script can read` };
    const item = await this.linkedItem(tx, evidence);
    if (!item) return { ok: false, error: `The linked ${variable} no longer exists` };
    // `check.age` is a CEL duration, so scripts can compare it with duration('5m').
    const linked = typeof item.age_seconds === 'number' ? { ...item, age: celDuration(item.age_seconds) } : item;
    return evaluateCel(this.expressions, dodScriptExpression(evidence.script!), { [variable]: linked, evidence: evidence.evidence ?? {} });
  }

  /** The current data of the evidence's linked item, as the script sees it. */
  private async linkedItem(tx: Queryable, e: IncidentEvidence): Promise<Json | null> {
    const one = async (sql: string, id: unknown) => (id ? ((await tx.query<{ row: Json }>(sql, [id])).rows[0]?.row ?? null) : null);
    switch (e.type) {
      case 'check':
        return this.checkItem(tx, e.check_id as string | null);
      case 'config_analysis':
        return one('SELECT to_jsonb(a) AS row FROM config_analysis a WHERE id = $1', e.config_analysis_id);
      case 'topology':
        return one('SELECT to_jsonb(c) AS row FROM components c WHERE id = $1', e.component_id);
      case 'config':
        return one('SELECT to_jsonb(c) AS row FROM config_items c WHERE id = $1', e.config_id);
      case 'config_change':
        return one('SELECT to_jsonb(c) AS row FROM config_changes c WHERE id = $1', e.config_change_id);
      default:
        return null;
    }
  }

  /**
   * `check`: the checks row; `status` is its latest result ('healthy'/'unhealthy', falling back to the row's
   * status), `last_result` that result, and `age` a duration (`age_seconds` a number) since the status last changed.
   */
  private async checkItem(tx: Queryable, checkId: string | null): Promise<Json | null> {
    if (!checkId) return null;
    const row = (
      await tx.query<{ row: Json; last: Json | null; since: Date | null; now: Date }>(
        // Health's public view of a check (plugins/health/migrations, HealthPublicSurface): never its tables.
        `SELECT check_row AS row, last_result AS last, now() AS now, status_since AS since
           FROM check_current_state
          WHERE id = $1`,
        [checkId],
      )
    ).rows[0];
    if (!row) return null;
    const last = row.last && row.last.status !== null && row.last.status !== undefined ? row.last : null;
    const status = last ? (last.status ? 'healthy' : 'unhealthy') : (row.row.status ?? 'unknown');
    const sinceRaw = (last ? row.since : null) ?? row.row.last_transition_time ?? row.row.created_at;
    const since = sinceRaw ? new Date(sinceRaw as string | Date) : row.now;
    return {
      ...row.row,
      status,
      healthy: status === 'healthy',
      last_result: last,
      age_seconds: Math.max(0, Math.floor((row.now.getTime() - since.getTime()) / 1000)),
    };
  }
}
