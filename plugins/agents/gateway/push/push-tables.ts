import { LOCAL_AGENT_ID, PUSH_TABLES, type PushTable } from '@contracts';

/**
 * How each table of the push protocol (PUSH_TABLES) travels: the columns an agent sends (the upstream refuses any
 * other), the key its upsert is keyed by, how the agent finds what changed since its cursor, and which parent row
 * says whose it is.
 *
 * Left out on purpose: `agent_id` (the upstream sets it to the authenticated agent), `created_by` (a person of the
 * agent's own database, unknown upstream) and the scheduling columns (`next_runtime`, `run_lease_until`,
 * `last_started_at`): the upstream never schedules an agent's checks, scrapers or topologies, they run on the agent.
 */
export interface PushTableSpec {
  table: PushTable;
  /** Columns sent and accepted, the key included. */
  columns: readonly string[];
  /** The upsert's conflict key (the primary key). */
  key: readonly string[];
  /** The table has `agent_id` (forced to the pushing agent upstream; `= LOCAL_AGENT_ID` selects the agent's own rows). */
  agentColumn: boolean;
  /**
   * Tables without `agent_id`: the parent that owns a row (`column` → `table.id`). Upstream a row is applied only when
   * that parent belongs to the pushing agent; on the agent only rows whose parent is local are pushed.
   */
  owner?: { column: string; table: PushTable };
  /**
   * Other references to rows the pushing agent must own: pointing at a row that is not the agent's, a `required`
   * reference drops the row, any other is nulled.
   */
  refs?: readonly { column: string; table: PushTable; required?: boolean }[];
  /** A reference to a row of the same table: upstream, set once that row has arrived (agent_push_pending_parents). */
  selfParent?: string;
  /** The time column (an SQL expression over alias `t`) the agent's cursor follows: when a row was last written. */
  changedAt: string;
}

const TIMES = ['created_at', 'updated_at', 'deleted_at'] as const;
const OWNED = ['name', 'namespace', 'labels', 'spec', 'schedule', 'icon', 'source'] as const;

export const PUSH_TABLE_SPECS: Record<PushTable, PushTableSpec> = {
  canaries: { table: 'canaries', columns: ['id', ...OWNED, ...TIMES], key: ['id'], agentColumn: true, changedAt: 't.updated_at' },
  checks: {
    table: 'checks',
    columns: [
      'id',
      'canary_id',
      'type',
      'name',
      'description',
      'icon',
      'labels',
      'endpoint',
      'namespace',
      'severity',
      'owner',
      'spec',
      'status',
      'last_runtime',
      'last_transition_time',
      'last_message',
      'last_error',
      'last_invalid',
      ...TIMES,
    ],
    key: ['id'],
    agentColumn: true,
    refs: [{ column: 'canary_id', table: 'canaries', required: true }],
    changedAt: 't.updated_at',
  },
  check_statuses: {
    table: 'check_statuses',
    columns: ['check_id', 'time', 'duration', 'status', 'invalid', 'message', 'error', 'details', 'created_at'],
    key: ['check_id', 'time'],
    agentColumn: false,
    owner: { column: 'check_id', table: 'checks' },
    changedAt: 't.created_at',
  },
  config_scrapers: {
    table: 'config_scrapers',
    columns: ['id', ...OWNED, 'description', ...TIMES],
    key: ['id'],
    agentColumn: true,
    changedAt: 't.updated_at',
  },
  config_items: {
    table: 'config_items',
    columns: [
      'id',
      'scraper_id',
      'external_id',
      'config_class',
      'type',
      'name',
      'status',
      'health',
      'ready',
      'description',
      'source',
      'labels',
      'tags',
      'config',
      'properties',
      'cost_per_minute',
      'cost_total_1d',
      'cost_total_7d',
      'cost_total_30d',
      'parent_id',
      'path',
      'last_scraped_time',
      'format',
      'config_digest',
      'delete_reason',
      ...TIMES,
    ],
    key: ['id'],
    agentColumn: true,
    refs: [{ column: 'scraper_id', table: 'config_scrapers' }],
    selfParent: 'parent_id',
    changedAt: 't.updated_at',
  },
  config_changes: {
    table: 'config_changes',
    columns: [
      'id',
      'config_id',
      'external_change_id',
      'change_type',
      'severity',
      'source',
      'summary',
      'details',
      'patches',
      'diff',
      'tags',
      'external_created_by',
      'count',
      'first_observed',
      'created_at',
      'fingerprint',
    ],
    key: ['id'],
    agentColumn: false,
    owner: { column: 'config_id', table: 'config_items' },
    changedAt: 't.created_at',
  },
  config_analysis: {
    table: 'config_analysis',
    columns: [
      'id',
      'config_id',
      'scraper_id',
      'analyzer',
      'analysis_type',
      'severity',
      'status',
      'message',
      'summary',
      'source',
      'analysis',
      'first_observed',
      'last_observed',
    ],
    key: ['id'],
    agentColumn: false,
    owner: { column: 'config_id', table: 'config_items' },
    refs: [{ column: 'scraper_id', table: 'config_scrapers' }],
    changedAt: 't.last_observed',
  },
  config_relationships: {
    table: 'config_relationships',
    columns: ['config_id', 'related_id', 'relation', 'selector_id', ...TIMES],
    key: ['config_id', 'related_id', 'selector_id'],
    agentColumn: false,
    owner: { column: 'config_id', table: 'config_items' },
    refs: [{ column: 'related_id', table: 'config_items', required: true }],
    changedAt: 't.updated_at',
  },
  topologies: { table: 'topologies', columns: ['id', ...OWNED, ...TIMES], key: ['id'], agentColumn: true, changedAt: 't.updated_at' },
  components: {
    table: 'components',
    columns: [
      'id',
      'topology_id',
      'parent_id',
      'external_id',
      'name',
      'title',
      'text',
      'type',
      'icon',
      'namespace',
      'description',
      'path',
      'status',
      'health',
      'status_reason',
      'labels',
      'properties',
      'summary',
      'logs',
      'is_leaf',
      'hidden',
      'own_status',
      'own_status_reason',
      ...TIMES,
    ],
    key: ['id'],
    agentColumn: true,
    refs: [{ column: 'topology_id', table: 'topologies' }],
    selfParent: 'parent_id',
    changedAt: 't.updated_at',
  },
  check_component_relationships: {
    table: 'check_component_relationships',
    columns: ['component_id', 'check_id', 'canary_id', 'selector_id', ...TIMES],
    key: ['component_id', 'check_id', 'selector_id'],
    agentColumn: false,
    owner: { column: 'component_id', table: 'components' },
    refs: [
      { column: 'check_id', table: 'checks', required: true },
      { column: 'canary_id', table: 'canaries', required: true },
    ],
    changedAt: 't.updated_at',
  },
  config_component_relationships: {
    table: 'config_component_relationships',
    columns: ['component_id', 'config_id', 'selector_id', ...TIMES],
    key: ['component_id', 'config_id', 'selector_id'],
    agentColumn: false,
    owner: { column: 'component_id', table: 'components' },
    refs: [{ column: 'config_id', table: 'config_items', required: true }],
    changedAt: 't.updated_at',
  },
  job_history: {
    table: 'job_history',
    columns: [
      'id',
      'name',
      'resource_id',
      'resource_type',
      'status',
      'time_start',
      'time_end',
      'duration_millis',
      'success_count',
      'error_count',
      'hostname',
      'details',
      'created_at',
    ],
    key: ['id'],
    agentColumn: true,
    // No updated_at: a job is written when it starts and again when it ends.
    changedAt: 'greatest(t.created_at, t.time_end)',
  },
};

export const PUSH_TABLE_SET: ReadonlySet<string> = new Set(PUSH_TABLES);

/** SQL (over alias `t`) selecting the rows this console itself made: an agent never re-pushes what it received. */
export function localRowsFilter(spec: PushTableSpec): string {
  if (spec.agentColumn) return `t.agent_id = '${LOCAL_AGENT_ID}'`;
  const owner = spec.owner!;
  return `EXISTS (SELECT 1 FROM ${owner.table} o WHERE o.id = t.${owner.column} AND o.agent_id = '${LOCAL_AGENT_ID}')`;
}

/** The cursor's order after the time: the key's columns as text (`t.id::text`, …). */
export function keyOrder(spec: PushTableSpec): string[] {
  return spec.key.map((column) => `t.${quoteIdent(column)}::text`);
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
