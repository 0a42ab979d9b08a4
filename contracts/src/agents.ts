/**
 * Agents (spec 02 Agents, §3, §4, §5, §6, §7, §8, §9; issue 16): consoles in other clusters that run their own checks,
 * scrapers and topologies on their own database and push the results to this one (the upstream).
 */

/** Online when last seen within this (spec 02 §4, §9). */
export const AGENT_ONLINE_MS = 61_000;

/** Scrape interval choices of the drawer (spec 02 §9), default 30m. */
export const AGENT_SCRAPE_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;
export const AGENT_DEFAULT_SCRAPE_INTERVAL = '30m';
export const AGENT_PAGE_SIZES = [50, 100, 200] as const;

/** Literal strings of spec 02 (§2, §8). */
export const AGENT_MESSAGES = {
  createTitle: 'Create new agent',
  saving: 'Saving ...',
  created: 'Agent created',
  updated: 'Agent updated',
  deleted: 'Agent deleted',
  tokenOnce: 'Access token will be shown only once. Please copy it and store it securely.',
  deleteResourcesTitle: 'Delete Agents Resources',
  deleteResourcesQuestion: 'Would you like to delete resources created by agent?',
  deleteTitle: 'Delete Agent',
  deleteQuestion: 'Are you sure you want to delete agent?',
  installTitle: 'Installation Instructions',
} as const;

/** The drawer's form (spec 02 §3 "Form values"), kept in the agent's `properties` besides the user's labels. */
export interface AgentFormValues {
  name: string;
  properties?: Record<string, string>;
  kubernetes?: { enabled: boolean; interval?: string; exclusions?: string[] };
  pushTelemetry?: { enabled: boolean; topologyName?: string };
}

/** A row of `agents_summary`. */
export interface AgentSummary {
  id: string;
  name: string;
  description: string | null;
  properties: Record<string, unknown>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  last_seen: string | null;
  last_received: string | null;
  config_count: number;
  checks_count: number;
  config_scrapper_count: number;
  playbook_runs_count: number;
}

/** `POST /api/agent/generate` answers the new agent and its one-time credentials. */
export interface AgentGenerateResponse {
  id: string;
  name: string;
  /** Basic user name of the agent's upstream credentials. */
  username: 'token';
  /** Shown once; stored hashed. */
  access_token: string;
}

export type AgentStatus = 'Online' | 'Offline' | null;

/** Online within AGENT_ONLINE_MS of last_seen, Offline after, none when never seen (spec 02 §4). */
export function agentStatus(lastSeen: string | null | undefined, now = Date.now()): AgentStatus {
  if (!lastSeen) return null;
  const at = Date.parse(lastSeen);
  if (!Number.isFinite(at)) return null;
  return now - at <= AGENT_ONLINE_MS ? 'Online' : 'Offline';
}

// --- The push protocol (agent → upstream) -------------------------------------------------------------------------

/**
 * Tables an agent pushes, in the order the upstream applies them (parents first). Each row keeps its own id (the
 * agent's), so a push is an idempotent upsert; `agent_id` is set by the upstream to the authenticated agent.
 */
export const PUSH_TABLES = [
  'canaries',
  'checks',
  'check_statuses',
  'config_scrapers',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'topologies',
  'components',
  'check_component_relationships',
  'config_component_relationships',
  'job_history',
] as const;
export type PushTable = (typeof PUSH_TABLES)[number];

/** `POST /api/push` (JSON, usually `Content-Encoding: gzip`): rows per table, plus ids deleted since the last push. */
export interface PushBatch {
  /** The agent's name (must match the authenticated agent's). */
  agent: string;
  /** Rows per table; unknown columns are refused. */
  rows: Partial<Record<PushTable, Record<string, unknown>[]>>;
}

export interface PushResult {
  /** Rows applied per table. */
  applied: Partial<Record<PushTable, number>>;
}

/** Who may manage agents (spec 02 §6: create, edit, delete need write on agents). */
export const AGENTS_WRITE = { resource: 'agents', action: 'write' } as const;
export const AGENTS_READ = { resource: 'agents', action: 'read' } as const;
