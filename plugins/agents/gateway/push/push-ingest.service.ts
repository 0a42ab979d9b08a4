import { Injectable, Logger, Optional } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { Counter, Histogram, type Registry } from 'prom-client';
import { PUSH_TABLES, type PushBatch, type PushResult, type PushTable } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { badRequest, DomainError, forbidden } from '@gateway/core/http/domain-error';
import { metricsRegistry } from '@gateway/core/observability/metrics';
import { PUSH_TABLE_SET, PUSH_TABLE_SPECS, quoteIdent, type PushTableSpec } from './push-tables';

/** The agent a push comes from (resolved from the access token's person). */
export interface PushingAgent {
  id: string;
  name: string;
}

/** Most rows one push may carry (the body limit usually bites first). */
export const PUSH_MAX_ROWS = 20_000;

/**
 * The upstream's side of the push protocol: checks a batch against the allow-lists, then applies it in one
 * transaction, table by table in PUSH_TABLES order, as upserts keyed by each table's key. Rows keep the agent's ids;
 * `agent_id` becomes the pushing agent's. A row may only touch what that agent owns: an upsert never overwrites a row
 * of another agent (or of the upstream itself), and a row whose owner (a check result's check, a change's config
 * item...) is not the agent's is dropped.
 */
@Injectable()
export class PushIngestService {
  private readonly logger = new Logger(PushIngestService.name);
  private readonly rowsCounter: Counter<'table'>;
  private readonly pushes: Counter<'result'>;
  private readonly applySeconds: Histogram;

  constructor(
    private readonly db: Db,
    @Optional() registry?: Registry,
  ) {
    const reg = registry ?? metricsRegistry;
    const reuse = <M>(name: string, make: () => M): M => (reg.getSingleMetric(name) as M | undefined) ?? make();
    this.rowsCounter = reuse(
      'agent_push_rows_total',
      () => new Counter({ name: 'agent_push_rows_total', help: 'Rows applied from agent pushes, by table', labelNames: ['table'], registers: [reg] }),
    );
    this.pushes = reuse(
      'agent_pushes_total',
      () =>
        new Counter({
          name: 'agent_pushes_total',
          help: 'Agent pushes received, by result (applied, heartbeat, refused)',
          labelNames: ['result'],
          registers: [reg],
        }),
    );
    this.applySeconds = reuse(
      'agent_push_apply_seconds',
      () =>
        new Histogram({
          name: 'agent_push_apply_seconds',
          help: 'Time to apply one agent push (its transaction)',
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
          registers: [reg],
        }),
    );
  }

  /** The live agent whose person holds these credentials; 403 for anyone else. */
  async agentOf(personId: string): Promise<PushingAgent> {
    const agent = await this.db.one<PushingAgent>(`SELECT id, name FROM agents WHERE person_id = $1 AND deleted_at IS NULL`, [personId]);
    if (!agent) {
      this.pushes.inc({ result: 'refused' });
      throw forbidden('Only an agent may push: these credentials are not the access token of a registered agent', 'not_an_agent');
    }
    return agent;
  }

  /** Checks the batch's shape and columns; 400 naming the first problem. */
  validate(body: unknown, agent: PushingAgent): PushBatch {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('A push is a JSON object: {"agent": "<name>", "rows": {"<table>": [...]}}');
    const { agent: name, rows } = body as Record<string, unknown>;
    if (typeof name !== 'string' || !name) throw badRequest("agent: the pushing agent's name is required");
    if (name !== agent.name) {
      this.pushes.inc({ result: 'refused' });
      throw forbidden(`These credentials belong to agent '${agent.name}', not '${name}'`, 'wrong_agent');
    }
    if (rows === undefined || rows === null) return { agent: name, rows: {} };
    if (typeof rows !== 'object' || Array.isArray(rows)) throw badRequest('rows: an object of rows per table');
    let count = 0;
    for (const [table, list] of Object.entries(rows as Record<string, unknown>)) {
      if (!PUSH_TABLE_SET.has(table)) throw badRequest(`rows.${table}: unknown table (tables: ${PUSH_TABLES.join(', ')})`, 'unknown_table');
      if (!Array.isArray(list)) throw badRequest(`rows.${table}: a list of rows`);
      const spec = PUSH_TABLE_SPECS[table as PushTable];
      const allowed = new Set(spec.columns);
      list.forEach((row: unknown, index) => {
        if (!row || typeof row !== 'object' || Array.isArray(row)) throw badRequest(`rows.${table}[${index}]: a row is an object of columns`);
        for (const column of Object.keys(row)) {
          if (!allowed.has(column)) throw badRequest(`rows.${table}[${index}].${column}: unknown column`, 'unknown_column');
        }
        for (const column of spec.key) {
          const value = (row as Record<string, unknown>)[column];
          if (value === undefined || value === null || value === '') throw badRequest(`rows.${table}[${index}].${column}: the key column is required`);
        }
      });
      count += list.length;
      if (count > PUSH_MAX_ROWS) throw new DomainError(413, 'payload_too_large', `A push carries at most ${PUSH_MAX_ROWS} rows`);
    }
    return { agent: name, rows: rows as PushBatch['rows'] };
  }

  /** Applies a validated batch in one transaction and marks the agent seen (and received, unless a heartbeat). */
  async apply(agent: PushingAgent, batch: PushBatch): Promise<PushResult> {
    const started = process.hrtime.bigint();
    const applied: PushResult['applied'] = {};
    const tables = PUSH_TABLES.filter((table) => (batch.rows[table]?.length ?? 0) > 0);
    try {
      await this.db.transaction(async (tx) => {
        for (const table of tables) applied[table] = await this.upsert(tx, PUSH_TABLE_SPECS[table], batch.rows[table]!, agent.id);
        await tx.query(`UPDATE agents SET last_seen = now(), last_received = CASE WHEN $2 THEN now() ELSE last_received END WHERE id = $1`, [
          agent.id,
          tables.length > 0,
        ]);
      });
    } catch (error) {
      const e = error as { code?: string; message?: string };
      // Data the tables refuse (a malformed value, a missing required column): the agent's batch is wrong, not us.
      if (typeof e.code === 'string' && (e.code.startsWith('22') || e.code.startsWith('23'))) {
        this.pushes.inc({ result: 'refused' });
        this.logger.warn(`push from agent ${agent.name} refused: ${e.message}`);
        throw badRequest(`The push could not be applied: ${e.message}`, 'push_rejected');
      }
      throw error;
    }
    this.applySeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
    this.pushes.inc({ result: tables.length ? 'applied' : 'heartbeat' });
    for (const [table, n] of Object.entries(applied)) this.rowsCounter.inc({ table }, n);
    if (tables.length) this.logger.debug(`agent ${agent.name} pushed ${tables.map((t) => `${t}: ${applied[t]}`).join(', ')}`);
    return { applied };
  }

  private async upsert(tx: PoolClient, spec: PushTableSpec, rows: Record<string, unknown>[], agentId: string): Promise<number> {
    const present = new Set<string>();
    for (const row of rows) for (const column of Object.keys(row)) present.add(column);
    const columns = spec.columns.filter((c) => present.has(c));
    const q = quoteIdent;
    const owned = (table: string, expr: string) => `EXISTS (SELECT 1 FROM ${table} o WHERE o.id = ${expr} AND o.agent_id = $2)`;
    const select = columns.map((c) => {
      const ref = spec.refs?.find((r) => r.column === c && !r.required);
      if (ref) return `CASE WHEN ${owned(ref.table, `x.${q(c)}`)} THEN x.${q(c)} END`;
      if (c === spec.selfParent) {
        // A parent the upstream does not know yet (a later batch) is left out rather than failing the whole push.
        return `CASE WHEN ${owned(spec.table, `x.${q(c)}`)} OR EXISTS (SELECT 1 FROM jsonb_populate_recordset(NULL::${spec.table}, $1::jsonb) y WHERE y.id = x.${q(c)}) THEN x.${q(c)} END`;
      }
      return `x.${q(c)}`;
    });
    const insertColumns = [...columns.map(q)];
    if (spec.agentColumn) {
      insertColumns.push('agent_id');
      select.push('$2::uuid');
    }
    const where: string[] = [];
    if (spec.owner) where.push(owned(spec.owner.table, `x.${q(spec.owner.column)}`));
    for (const ref of spec.refs ?? []) if (ref.required && present.has(ref.column)) where.push(owned(ref.table, `x.${q(ref.column)}`));
    const key = spec.key.map(q).join(', ');
    const updates = [...columns.filter((c) => !spec.key.includes(c)).map((c) => `${q(c)} = EXCLUDED.${q(c)}`)];
    if (spec.agentColumn) updates.push('agent_id = EXCLUDED.agent_id');
    const sql =
      `INSERT INTO ${spec.table} AS t (${insertColumns.join(', ')})
       SELECT DISTINCT ON (${spec.key.map((k) => `x.${q(k)}`).join(', ')}) ${select.join(', ')}
       FROM jsonb_populate_recordset(NULL::${spec.table}, $1::jsonb) x
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ON CONFLICT (${key}) DO ` + (updates.length ? `UPDATE SET ${updates.join(', ')}${spec.agentColumn ? ' WHERE t.agent_id = $2' : ''}` : 'NOTHING');
    const json = JSON.stringify(rows);
    const result = await tx.query(sql, [json, agentId]);
    if (spec.selfParent) await this.linkParents(tx, spec, spec.selfParent, json, agentId);
    return result.rowCount ?? 0;
  }

  /**
   * A child may come in a push before its parent (a batch cut between them): its parent link waits in
   * `agent_push_pending_parents` and is set when the parent arrives, so the tree upstream ends up as the agent's.
   */
  private async linkParents(tx: PoolClient, spec: PushTableSpec, column: string, json: string, agentId: string): Promise<void> {
    const table = spec.table;
    const parent = quoteIdent(column);
    // The rows of this push say where their parent is now.
    await tx.query(
      `DELETE FROM agent_push_pending_parents p USING jsonb_populate_recordset(NULL::${table}, $1::jsonb) x
        WHERE p.table_name = $3 AND p.child_id = x.id AND p.agent_id = $2`,
      [json, agentId, table],
    );
    await tx.query(
      `INSERT INTO agent_push_pending_parents (table_name, child_id, parent_id, agent_id)
       SELECT $3, x.id, x.${parent}, $2 FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) x
        WHERE x.${parent} IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM ${table} p WHERE p.id = x.${parent} AND p.agent_id = $2)
          AND EXISTS (SELECT 1 FROM ${table} c WHERE c.id = x.id AND c.agent_id = $2)
       ON CONFLICT (table_name, child_id) DO UPDATE SET parent_id = EXCLUDED.parent_id`,
      [json, agentId, table],
    );
    await tx.query(
      `WITH ready AS (
         DELETE FROM agent_push_pending_parents p
          WHERE p.table_name = $2 AND p.agent_id = $1 AND EXISTS (SELECT 1 FROM ${table} t WHERE t.id = p.parent_id AND t.agent_id = $1)
         RETURNING p.child_id, p.parent_id)
       UPDATE ${table} t SET ${parent} = ready.parent_id FROM ready WHERE t.id = ready.child_id AND t.agent_id = $1`,
      [agentId, table],
    );
  }
}
