import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { ComponentSummary } from '@contracts';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { rollUp, type RollupInputs } from './rollup';

/** Components rolled up per transaction. */
const BATCH = 500;
/** Batches per pass (a pass ends early when the queue is empty); the rest waits for the next tick. */
const MAX_BATCHES_PER_PASS = 200;

interface InputRow {
  id: string;
  parent_id: string | null;
  own_status: string | null;
  own_status_reason: string | null;
  status: string | null;
  health: string | null;
  status_reason: string | null;
  summary: ComponentSummary | null;
  deleted: boolean;
  checks: Record<string, number> | null;
  configs: Record<string, number> | null;
  worst_config: string | null;
  incidents: Record<string, Record<string, number>> | null;
  insights: Record<string, Record<string, number>> | null;
  children: RollupInputs['children'] | null;
  related: RollupInputs['related'] | null;
  selected_by: string[] | null;
  subtree_checks: Record<string, number> | null;
  subtree_incidents: Record<string, Record<string, number>> | null;
  subtree_insights: Record<string, Record<string, number>> | null;
}

/**
 * Keeps each component's health, status, status_reason and summary current (issue 13: "without recomputing the whole
 * tree on every read"). Triggers queue a component in `component_rollup_queue` when one of its inputs changes; each
 * replica ticks (TOPOLOGY_ROLLUP_TICK_MS), claims queued components with SKIP LOCKED, recomputes them from their own
 * inputs and their children's stored values, and queues the parent (and the components that select it) of each one
 * whose values changed, so a check turning red walks up the tree one level per batch, touching only that path.
 */
@Injectable()
export class RollupService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RollupService.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'topology'>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.pass(), this.config.topology.rollupTickMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // The pool closes alongside this module: wait briefly for a pass under way, never for long.
    if (this.running) await Promise.race([this.running.catch(() => 0), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }

  /** Rolls up until the queue is empty, parents included (or the pass's batch budget is spent). Returns how many components changed. */
  pass(): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      let changed = 0;
      try {
        for (let i = 0; i < MAX_BATCHES_PER_PASS && !this.stopped; i++) {
          const batch = await this.db.transaction((tx) => this.batch(tx));
          changed += batch.changed;
          // Parents queued by this batch are rolled up in the same pass, so a change reaches the root within one tick.
          if (batch.claimed === 0) break;
        }
      } catch (error) {
        if (!this.stopped) this.logger.warn(`component roll-up failed: ${(error as Error).message}`);
      } finally {
        this.running = null;
      }
      return changed;
    })();
    return this.running;
  }

  private async batch(tx: PoolClient): Promise<{ claimed: number; changed: number }> {
    const claimed = await tx.query<{ component_id: string }>(
      `DELETE FROM component_rollup_queue WHERE component_id IN (
         SELECT component_id FROM component_rollup_queue ORDER BY queued_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING component_id`,
      [BATCH],
    );
    if (!claimed.rows.length) return { claimed: 0, changed: 0 };
    const ids = claimed.rows.map((r) => r.component_id);
    // Its own writes of status and health are roll-ups, not a writer's own status (components_own_status trigger).
    await tx.query(`SELECT set_config('console.rollup', 'on', true)`);
    const { rows } = await tx.query<InputRow>(INPUTS_SQL, [ids]);
    const updates: { id: string; status: string; health: string; status_reason: string | null; summary: ComponentSummary }[] = [];
    const next = new Set<string>();
    for (const row of rows) {
      if (row.deleted) {
        // Gone: what it counted in changes (its parent; the components whose selectors pulled it in).
        if (row.parent_id) next.add(row.parent_id);
        for (const selector of row.selected_by ?? []) next.add(selector);
        continue;
      }
      const value = rollUp({
        ownStatus: row.own_status,
        ownStatusReason: row.own_status_reason,
        checks: row.checks ?? {},
        configs: row.configs ?? {},
        worstConfig: row.worst_config,
        incidents: row.incidents ?? {},
        insights: row.insights ?? {},
        children: row.children ?? [],
        related: row.related ?? [],
        subtree: { checks: (row.subtree_checks ?? {}) as never, incidents: row.subtree_incidents ?? {}, insights: row.subtree_insights ?? {} },
      });
      const same =
        row.status === value.status &&
        row.health === value.health &&
        (row.status_reason ?? null) === value.statusReason &&
        // jsonb keeps its own key order (shorter keys first), so compare as values, not as text.
        isDeepStrictEqual(row.summary ?? {}, value.summary);
      if (same) continue;
      updates.push({ id: row.id, status: value.status, health: value.health, status_reason: value.statusReason, summary: value.summary });
      if (row.parent_id) next.add(row.parent_id);
      for (const selector of row.selected_by ?? []) next.add(selector);
    }
    if (updates.length) {
      await tx.query(
        `UPDATE components c SET status = u.status, health = u.health, status_reason = u.status_reason, summary = u.summary
         FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, status text, health text, status_reason text, summary jsonb) WHERE c.id = u.id`,
        [JSON.stringify(updates)],
      );
    }
    if (next.size) await tx.query(`INSERT INTO component_rollup_queue (component_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, [[...next]]);
    return { claimed: ids.length, changed: updates.length };
  }
}

/**
 * Every input of the claimed components, in one statement. The summary counts over the subtree (the component and
 * its descendants by `path`), each check, incident and insight once however many of its components name it.
 */
// Descendants' paths start with the prefix: a range on the path index (text_pattern_ops), which a LIKE with a
// computed pattern could not use. No id continues a prefix but '.', which sorts below '/'. The subtree is an id array,
// and each count reads its links by that array (index lookups), never scanning a link table per component.
const INPUTS_SQL = `
SELECT c.id, c.parent_id, c.own_status, c.own_status_reason, c.status, c.health, c.status_reason, c.summary,
       c.deleted_at IS NOT NULL AS deleted,
       (SELECT jsonb_object_agg(s, n) FROM (
          SELECT coalesce(k.status, 'unknown') AS s, count(*) AS n
            FROM check_component_relationships r JOIN checks k ON k.id = r.check_id AND k.deleted_at IS NULL
           WHERE r.component_id = c.id AND r.deleted_at IS NULL GROUP BY 1) x) AS checks,
       (SELECT jsonb_object_agg(h, n) FROM (
          SELECT coalesce(ci.health, 'unknown') AS h, count(*) AS n
            FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id AND ci.deleted_at IS NULL
           WHERE r.component_id = c.id AND r.deleted_at IS NULL GROUP BY 1) x) AS configs,
       (SELECT ci.name FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id AND ci.deleted_at IS NULL
         WHERE r.component_id = c.id AND r.deleted_at IS NULL AND ci.health IN ('unhealthy', 'warning')
         ORDER BY ci.health = 'unhealthy' DESC, ci.name LIMIT 1) AS worst_config,
       (SELECT jsonb_object_agg(t, sev) FROM (
          SELECT t, jsonb_object_agg(s, n) AS sev FROM (
            SELECT i.type AS t, i.severity AS s, count(DISTINCT i.id) AS n
              FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
             WHERE e.component_id = c.id AND i.status NOT IN ('resolved', 'closed') GROUP BY 1, 2) y GROUP BY t) x) AS incidents,
       (SELECT jsonb_object_agg(t, sev) FROM (
          SELECT t, jsonb_object_agg(s, n) AS sev FROM (
            SELECT a.analysis_type AS t, coalesce(a.severity, 'info') AS s, count(DISTINCT a.id) AS n
              FROM config_component_relationships r JOIN config_analysis a ON a.config_id = r.config_id
             WHERE r.component_id = c.id AND r.deleted_at IS NULL AND a.status = 'open' GROUP BY 1, 2) y GROUP BY t) x) AS insights,
       (SELECT jsonb_agg(jsonb_build_object('name', k.name, 'status', k.status, 'summary', k.summary, 'hidden', k.hidden))
          FROM components k WHERE k.parent_id = c.id AND k.deleted_at IS NULL) AS children,
       (SELECT jsonb_agg(jsonb_build_object('name', k.name, 'status', k.status))
          FROM component_relationships r JOIN components k ON k.id = r.relationship_id AND k.deleted_at IS NULL
         WHERE r.component_id = c.id AND r.deleted_at IS NULL) AS related,
       (SELECT array_agg(r.component_id) FROM component_relationships r WHERE r.relationship_id = c.id AND r.deleted_at IS NULL) AS selected_by,
       (SELECT jsonb_object_agg(st, n) FROM (
          SELECT coalesce(k.status, 'unknown') AS st, count(*) AS n FROM checks k
           WHERE k.deleted_at IS NULL
             AND k.id = ANY(ARRAY(SELECT r.check_id FROM check_component_relationships r WHERE r.deleted_at IS NULL AND r.component_id = ANY(st.ids)))
           GROUP BY 1) x) AS subtree_checks,
       (SELECT jsonb_object_agg(t, sev) FROM (
          SELECT t, jsonb_object_agg(sv, n) AS sev FROM (
            SELECT i.type AS t, i.severity AS sv, count(*) AS n FROM incidents i
             WHERE i.status NOT IN ('resolved', 'closed')
               AND i.id = ANY(ARRAY(SELECT h.incident_id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id WHERE e.component_id = ANY(st.ids)))
             GROUP BY 1, 2) y GROUP BY t) x) AS subtree_incidents,
       (SELECT jsonb_object_agg(t, sev) FROM (
          SELECT t, jsonb_object_agg(sv, n) AS sev FROM (
            SELECT a.analysis_type AS t, coalesce(a.severity, 'info') AS sv, count(*) AS n FROM config_analysis a
             WHERE a.status = 'open'
               AND a.config_id = ANY(ARRAY(SELECT r.config_id FROM config_component_relationships r WHERE r.deleted_at IS NULL AND r.component_id = ANY(st.ids)))
             GROUP BY 1, 2) y GROUP BY t) x) AS subtree_insights
  FROM components c
  CROSS JOIN LATERAL (SELECT CASE WHEN coalesce(c.path, '') = '' THEN c.id::text ELSE c.path || '.' || c.id END AS prefix) s
  CROSS JOIN LATERAL (SELECT c.id || ARRAY(
      SELECT x.id FROM components x WHERE x.deleted_at IS NULL AND NOT x.hidden AND x.path ~>=~ s.prefix AND x.path ~<~ (s.prefix || '/')) AS ids) st
 WHERE c.id = ANY($1::uuid[])`;
