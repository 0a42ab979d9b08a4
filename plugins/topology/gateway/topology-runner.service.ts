import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { CheckSpec, TopologyRunResult } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { executeCheck, timeoutOf } from '@gateway/core/checks/check-executor';
import { CHECK_RUNNERS } from '@gateway/core/checks/check-runners';
import { OWNED_CANARIES } from '@gateway/core/checks/owned-canaries';
import { ConnectionStore } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { ADDRESS_POLICY, AddressPolicy } from '@gateway/core/outbound';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { buildComponents, displayOf, lookupScope, type BuiltComponent, type LookupOutcome } from './component-builder';
import { selectorCondition, type ResourceSelector } from './selectors';
import type { ParsedTopology } from './topology-document';

export const TOPOLOGY_JOB_NAME = 'TopologySync';
/** Job history rows kept per topology (the newest). */
export const TOPOLOGY_JOB_HISTORY_KEPT = 20;

/** A stored topology, as the runner reads it. */
export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  agent_id: string;
}

/** The longest one run may take when its lookups do not say: the scheduler's lease. */
export const DEFAULT_RUN_BUDGET_MS = 10 * 60_000;

const emptySummary = (): TopologyRunResult['summary'] => ({ created: 0, updated: 0, deleted: 0, checks_linked: 0, configs_linked: 0 });

/**
 * One run of a topology: builds its components (lookups through the check types' plugins, with core's guard rails),
 * writes them in one transaction (upsert by key, parent and path, soft-delete what is no longer produced), links
 * checks, configs and components by selector, writes the canaries of inline checks, and records a `job_history`
 * row. The roll-up is not done here: the writes queue the touched components for the roll-up worker.
 */
@Injectable()
export class TopologyRunnerService {
  private readonly logger = new Logger(TopologyRunnerService.name);

  constructor(
    private readonly db: Db,
    private readonly plugins: PluginHost,
    private readonly connections: ConnectionStore,
    private readonly expressions: ExpressionEvaluator,
    @Inject(ADDRESS_POLICY) private readonly policy: AddressPolicy,
  ) {}

  /** The scheduler's lease for one run: the sum of its lookups' timeouts, at least the default. */
  runBudgetMs(parsed: Pick<ParsedTopology, 'spec'>): number {
    let sum = 0;
    const walk = (value: unknown, inLookup: boolean): void => {
      if (Array.isArray(value)) return value.forEach((v) => walk(v, inLookup));
      if (!value || typeof value !== 'object') return;
      const obj = value as Record<string, unknown>;
      if (inLookup && typeof obj === 'object') sum += timeoutOf(obj as CheckSpec);
      for (const [key, child] of Object.entries(obj)) walk(child, key === 'lookup' || (inLookup && Array.isArray(child)));
    };
    walk(parsed.spec, false);
    return Math.max(DEFAULT_RUN_BUDGET_MS, sum + 60_000);
  }

  async run(topology: TopologyRow, parsed: ParsedTopology): Promise<TopologyRunResult> {
    const started = Date.now();
    const job = await this.db.one<{ id: string }>(
      `INSERT INTO job_history (name, agent_id, resource_id, resource_type, status, time_start, hostname)
       VALUES ($1, $2, $3, 'topology', 'RUNNING', now(), $4) RETURNING id`,
      [TOPOLOGY_JOB_NAME, topology.agent_id, topology.id, hostname()],
    );
    const built = await buildComponents(topology.name, parsed.spec, { runLookup: (type, spec, display) => this.runLookup(type, spec, display) });
    const errors = [...built.errors];
    let summary = emptySummary();
    let failed = false;
    try {
      summary = await this.db.transaction((tx) => this.write(tx, topology, built.components, built.incomplete, errors));
    } catch (error) {
      failed = true;
      this.logger.warn(`topology ${topology.id}: writing the components failed: ${(error as Error).message}`);
      errors.push(`saving the components failed: ${(error as Error).message}`);
    }
    const status: TopologyRunResult['status'] = failed ? 'FAILED' : errors.length ? 'WARNING' : 'SUCCESS';
    const duration = Date.now() - started;
    await this.db.query(
      `UPDATE job_history SET status = $2, time_end = now(), duration_millis = $3, success_count = $4, error_count = $5, details = $6 WHERE id = $1`,
      [job!.id, status, duration, failed ? 0 : built.components.length, errors.length, JSON.stringify({ errors, summary })],
    );
    await this.db.query(
      `DELETE FROM job_history WHERE resource_id = $1 AND resource_type = 'topology' AND id NOT IN (
         SELECT id FROM job_history WHERE resource_id = $1 AND resource_type = 'topology' ORDER BY created_at DESC LIMIT $2)`,
      [topology.id, TOPOLOGY_JOB_HISTORY_KEPT],
    );
    return {
      job_history_id: job!.id,
      status,
      duration_millis: duration,
      success_count: failed ? 0 : built.components.length,
      error_count: errors.length,
      errors,
      summary,
    };
  }

  /** One lookup entry: the check type's run (guard rails, timeout, redaction), then its display in the bounded evaluator. */
  private async runLookup(type: string, spec: CheckSpec, display: unknown): Promise<LookupOutcome> {
    const result = await executeCheck(this.plugins.find(CHECK_RUNNERS, type), spec, {
      policy: this.policy,
      resolveConnection: (name) => this.connections.resolve(name),
      expressions: this.expressions,
    });
    if (result.invalid) return { ok: false, error: result.message || result.error || 'the lookup is not valid' };
    // A lookup whose check failed (an HTTP 500, a query error) is not data: the components found before are kept.
    // A type that fails on an empty answer (catalog) passes with a `test`, e.g. `test: {expr: 'true'}`.
    if (!result.pass) return { ok: false, error: result.message || result.error || 'the lookup failed' };
    const expression = displayOf(display);
    if (!expression) return { ok: true, value: result.details };
    const outcome = await this.expressions.evaluate(expression as never, lookupScope(result));
    return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, error: `display: ${outcome.error}` };
  }

  private async write(
    tx: PoolClient,
    topology: TopologyRow,
    components: BuiltComponent[],
    incomplete: string[],
    errors: string[],
  ): Promise<TopologyRunResult['summary']> {
    const summary = emptySummary();
    // Serialise runs of one topology (Run Now and a scheduled run on another replica hold the lease; this is a backstop).
    await tx.query(`SELECT 1 FROM topologies WHERE id = $1 FOR UPDATE`, [topology.id]);
    const existing = new Map(
      (await tx.query<{ id: string; external_id: string }>(`SELECT id, external_id FROM components WHERE topology_id = $1`, [topology.id])).rows.map((r) => [
        r.external_id,
        r.id,
      ]),
    );
    const ids = new Map<string, string>();
    const paths = new Map<string, string>();
    const childCount = new Map<string, number>();
    for (const c of components) if (c.parentKey) childCount.set(c.parentKey, (childCount.get(c.parentKey) ?? 0) + 1);
    const rows = components.map((c) => {
      const id = existing.get(c.key) ?? randomUUID();
      ids.set(c.key, id);
      const parentId = c.parentKey ? ids.get(c.parentKey)! : null;
      const parentPath = c.parentKey ? paths.get(c.parentKey)! : null;
      const path = parentId ? (parentPath ? `${parentPath}.${parentId}` : parentId) : '';
      paths.set(c.key, path);
      return {
        id,
        external_id: c.key,
        parent_id: parentId,
        path,
        name: c.name,
        title: c.title,
        text: c.text,
        type: c.type,
        icon: c.icon,
        description: c.description,
        namespace: topology.namespace,
        labels: c.labels,
        properties: c.properties,
        logs: c.logs,
        hidden: c.hidden,
        is_leaf: !childCount.get(c.key) && !incomplete.includes(c.key),
        own_status: c.ownStatus,
        own_status_reason: c.ownStatusReason,
      };
    });
    if (rows.length) {
      const written = await tx.query<{ inserted: boolean }>(
        `INSERT INTO components (id, topology_id, agent_id, external_id, parent_id, path, name, title, text, type, icon, description, namespace, labels,
                                 properties, logs, hidden, is_leaf, own_status, own_status_reason, status, health)
         SELECT x.id, $2, $3, x.external_id, x.parent_id, x.path, x.name, x.title, x.text, x.type, x.icon, x.description, x.namespace, x.labels,
                x.properties, x.logs, x.hidden, x.is_leaf, x.own_status, x.own_status_reason, coalesce(x.own_status, 'unknown'),
                CASE WHEN x.own_status IN ('healthy', 'unhealthy', 'warning') THEN x.own_status ELSE 'unknown' END
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, external_id text, parent_id uuid, path text, name text, title text, text text, type text, icon text,
                                                description text, namespace text, labels jsonb, properties jsonb, logs jsonb, hidden boolean, is_leaf boolean,
                                                own_status text, own_status_reason text)
         ON CONFLICT (topology_id, external_id) DO UPDATE SET
           parent_id = EXCLUDED.parent_id, path = EXCLUDED.path, name = EXCLUDED.name, title = EXCLUDED.title, text = EXCLUDED.text,
           type = EXCLUDED.type, icon = EXCLUDED.icon, description = EXCLUDED.description, namespace = EXCLUDED.namespace, labels = EXCLUDED.labels,
           properties = EXCLUDED.properties, logs = EXCLUDED.logs, hidden = EXCLUDED.hidden, is_leaf = EXCLUDED.is_leaf,
           own_status = EXCLUDED.own_status, own_status_reason = EXCLUDED.own_status_reason, deleted_at = NULL, agent_id = EXCLUDED.agent_id
         WHERE (components.parent_id, components.path, components.name, components.title, components.text, components.type, components.icon,
                components.description, components.namespace, components.labels, components.properties, components.logs, components.hidden,
                components.is_leaf, components.own_status, components.own_status_reason, components.deleted_at)
               IS DISTINCT FROM
               (EXCLUDED.parent_id, EXCLUDED.path, EXCLUDED.name, EXCLUDED.title, EXCLUDED.text, EXCLUDED.type, EXCLUDED.icon,
                EXCLUDED.description, EXCLUDED.namespace, EXCLUDED.labels, EXCLUDED.properties, EXCLUDED.logs, EXCLUDED.hidden,
                EXCLUDED.is_leaf, EXCLUDED.own_status, EXCLUDED.own_status_reason, NULL::timestamptz)
         RETURNING (xmax = 0) AS inserted`,
        [JSON.stringify(rows), topology.id, topology.agent_id],
      );
      summary.created = written.rows.filter((r) => r.inserted).length;
      summary.updated = written.rows.length - summary.created;
    }
    const keep = rows.map((r) => r.external_id);
    const keepUnder = incomplete.map((key) => `${key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}/%`);
    const deleted = await tx.query(
      `UPDATE components SET deleted_at = now()
       WHERE topology_id = $1 AND deleted_at IS NULL AND NOT (external_id = ANY($2::text[])) AND NOT (external_id LIKE ANY($3::text[]))`,
      [topology.id, keep, keepUnder],
    );
    summary.deleted = deleted.rowCount ?? 0;
    const selectorId = `topology:${topology.id}`;
    summary.checks_linked = await this.linkChecks(tx, topology, components, ids, selectorId, errors);
    summary.configs_linked = await this.linkConfigs(tx, components, ids, selectorId, errors);
    await this.linkComponents(tx, topology, components, ids, selectorId, errors);
    return summary;
  }

  /** Existing checks by selector, and the inline checks' own canaries; links no longer selected are removed. */
  private async linkChecks(
    tx: PoolClient,
    topology: TopologyRow,
    components: BuiltComponent[],
    ids: Map<string, string>,
    selectorId: string,
    errors: string[],
  ): Promise<number> {
    const pairs: { component_id: string; check_id: string; canary_id: string }[] = [];
    for (const c of components) {
      for (const selector of c.checkSelectors) {
        const found = await this.select<{ id: string; canary_id: string }>(
          tx,
          'SELECT id, canary_id FROM checks WHERE deleted_at IS NULL AND',
          selector,
          { name: 'name', namespace: 'namespace', type: 'type', labels: 'labels' },
          errors,
          c.name,
        );
        for (const check of found) pairs.push({ component_id: ids.get(c.key)!, check_id: check.id, canary_id: check.canary_id });
      }
    }
    const owned = this.plugins.find(OWNED_CANARIES, 'health');
    const source = `topology/${topology.id}`;
    const keepCanaries: string[] = [];
    for (const c of components) {
      for (const [i, spec] of c.inlineChecks.entries()) {
        if (!owned) {
          errors.push(`${c.name}: inline checks need the health area, which is not installed`);
          continue;
        }
        // Named by the component's key (unique in the topology), readable and short, with a hash of the key so two
        // components of one name under different parents get their own canaries.
        const readable = `${topology.name}-${c.name}`
          .toLowerCase()
          .replace(/[^a-z0-9.-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 180);
        const name = `${readable}-${createHash('sha1').update(`${c.key}#${i}`).digest('hex').slice(0, 8)}`;
        try {
          await tx.query('SAVEPOINT inline_canary');
          const canary = await owned.sync(tx, { source, name, namespace: topology.namespace, agentId: topology.agent_id }, spec);
          await tx.query('RELEASE SAVEPOINT inline_canary');
          keepCanaries.push(canary.canaryId);
          for (const checkId of canary.checkIds) pairs.push({ component_id: ids.get(c.key)!, check_id: checkId, canary_id: canary.canaryId });
        } catch (error) {
          await tx.query('ROLLBACK TO SAVEPOINT inline_canary');
          const details = (error as { details?: { problems?: { message: string }[] } }).details?.problems?.map((p) => p.message).join('; ');
          errors.push(`${c.name}: inline checks: ${details || (error as Error).message}`);
        }
      }
    }
    if (owned) await owned.prune(tx, source, keepCanaries);
    const componentIds = [...ids.values()];
    await tx.query(
      `DELETE FROM check_component_relationships r WHERE r.selector_id = $1 AND r.component_id = ANY($2::uuid[])
         AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($3::jsonb) AS d(component_id uuid, check_id uuid) WHERE d.component_id = r.component_id AND d.check_id = r.check_id)`,
      [selectorId, componentIds, JSON.stringify(pairs)],
    );
    await tx.query(
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id)
       SELECT DISTINCT d.component_id, d.check_id, d.canary_id, $1 FROM jsonb_to_recordset($2::jsonb) AS d(component_id uuid, check_id uuid, canary_id uuid)
       ON CONFLICT (component_id, check_id, selector_id) DO UPDATE SET deleted_at = NULL WHERE check_component_relationships.deleted_at IS NOT NULL`,
      [selectorId, JSON.stringify(pairs)],
    );
    return new Set(pairs.map((p) => `${p.component_id}/${p.check_id}`)).size;
  }

  private async linkConfigs(tx: PoolClient, components: BuiltComponent[], ids: Map<string, string>, selectorId: string, errors: string[]): Promise<number> {
    const pairs: { component_id: string; config_id: string }[] = [];
    for (const c of components) {
      for (const selector of c.configSelectors) {
        const found = await this.select<{ id: string }>(
          tx,
          'SELECT id FROM config_items WHERE deleted_at IS NULL AND',
          selector,
          { name: 'name', namespace: "tags ->> 'namespace'", type: 'type', labels: 'labels', tags: 'tags' },
          errors,
          c.name,
        );
        for (const config of found) pairs.push({ component_id: ids.get(c.key)!, config_id: config.id });
      }
    }
    await tx.query(
      `DELETE FROM config_component_relationships r WHERE r.selector_id = $1 AND r.component_id = ANY($2::uuid[])
         AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($3::jsonb) AS d(component_id uuid, config_id uuid) WHERE d.component_id = r.component_id AND d.config_id = r.config_id)`,
      [selectorId, [...ids.values()], JSON.stringify(pairs)],
    );
    await tx.query(
      `INSERT INTO config_component_relationships (component_id, config_id, selector_id)
       SELECT DISTINCT d.component_id, d.config_id, $1 FROM jsonb_to_recordset($2::jsonb) AS d(component_id uuid, config_id uuid)
       ON CONFLICT (component_id, config_id, selector_id) DO UPDATE SET deleted_at = NULL WHERE config_component_relationships.deleted_at IS NOT NULL`,
      [selectorId, JSON.stringify(pairs)],
    );
    return new Set(pairs.map((p) => `${p.component_id}/${p.config_id}`)).size;
  }

  /** `selectors`: existing components (outside this topology's own tree) shown under the selecting one. */
  private async linkComponents(
    tx: PoolClient,
    topology: TopologyRow,
    components: BuiltComponent[],
    ids: Map<string, string>,
    selectorId: string,
    errors: string[],
  ): Promise<void> {
    const pairs: { component_id: string; relationship_id: string }[] = [];
    for (const c of components) {
      for (const selector of c.componentSelectors) {
        const found = await this.select<{ id: string }>(
          tx,
          `SELECT id FROM components WHERE deleted_at IS NULL AND topology_id IS DISTINCT FROM '${topology.id}'::uuid AND`,
          selector,
          { name: 'name', namespace: 'namespace', type: 'type', labels: 'labels' },
          errors,
          c.name,
        );
        for (const other of found) pairs.push({ component_id: ids.get(c.key)!, relationship_id: other.id });
      }
    }
    await tx.query(
      `DELETE FROM component_relationships r WHERE r.selector_id = $1 AND r.component_id = ANY($3::uuid[])
         AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS d(component_id uuid, relationship_id uuid)
                         WHERE d.component_id = r.component_id AND d.relationship_id = r.relationship_id)`,
      [selectorId, JSON.stringify(pairs), [...ids.values()]],
    );
    await tx.query(
      `INSERT INTO component_relationships (component_id, relationship_id, selector_id)
       SELECT DISTINCT d.component_id, d.relationship_id, $1 FROM jsonb_to_recordset($2::jsonb) AS d(component_id uuid, relationship_id uuid)
       ON CONFLICT (component_id, relationship_id, selector_id) DO UPDATE SET deleted_at = NULL WHERE component_relationships.deleted_at IS NOT NULL`,
      [selectorId, JSON.stringify(pairs)],
    );
  }

  /** Rows matching one selector (at most 10,000; more is reported). */
  private async select<T extends object>(
    tx: PoolClient,
    head: string,
    selector: ResourceSelector,
    columns: Parameters<typeof selectorCondition>[1],
    errors: string[],
    componentName: string,
  ): Promise<T[]> {
    const params: unknown[] = [];
    let condition: string;
    try {
      condition = selectorCondition(selector, columns, params);
    } catch (error) {
      errors.push(`${componentName}: selector: ${(error as Error).message}`);
      return [];
    }
    const limit = 10_000;
    const { rows } = await tx.query<T>(`${head} ${condition} LIMIT ${limit + 1}`, params);
    if (rows.length > limit) errors.push(`${componentName}: a selector matched more than ${limit.toLocaleString('en-US')} rows; the first ${limit} are linked`);
    return rows.slice(0, limit);
  }
}
