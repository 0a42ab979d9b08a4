/**
 * Topology (spec 02 Topology, issue 13). A topology is a Kubernetes-style YAML document
 * (`apiVersion: canaries.flanksource.com/v1`, `kind: Topology`) whose runs build a tree of components in
 * `components`: static components as written, children produced by lookups (catalogue, sql, http, exec: the check
 * types of the health area, through `CHECK_RUNNERS`), links to checks and configs by selector, and existing
 * components pulled in by selector. Health rolls up from linked checks, linked configs and children.
 *
 * The engine lives in `plugins/topology`; these are the shapes the gateway answers with and the pages draw, and the
 * small rules both sides share (ordering, roll-up, card sizes).
 */

export const TOPOLOGY_API_VERSION = 'canaries.flanksource.com/v1';
export const TOPOLOGY_KIND = 'Topology';
/** `spec.schedule` when none is written. */
export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 5m';
/** The fastest a topology may be scheduled. */
export const MIN_TOPOLOGY_EVERY_MS = 60_000;

/** A component's status (the `components.status` column). */
export const COMPONENT_STATUSES = ['healthy', 'unhealthy', 'warning', 'info', 'unknown'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** Spec 02 §4: unhealthy first, then warning, then healthy, then info (unknown last). */
export const COMPONENT_STATUS_ORDER: Record<ComponentStatus, number> = { unhealthy: 1, warning: 2, healthy: 3, info: 4, unknown: 5 };

/** The sort fields of the topology page besides headline properties (spec 02: status is shown as 'Health'). */
export const TOPOLOGY_SORT_FIELDS = ['status', 'name', 'type', 'updated_at'] as const;
export type TopologySortField = (typeof TOPOLOGY_SORT_FIELDS)[number];

/** Spec 02 §4 card sizes and their widths in px. */
export const CARD_SIZES = { small: 198, medium: 258, large: 356, extra_large: 554 } as const;
export type CardSize = keyof typeof CARD_SIZES;
/** The card width slider (spec 02): 250–768 px in steps of 2, kept in browser storage. */
export const CARD_WIDTH_RANGE = { min: 250, max: 768, step: 2 } as const;
/** 'show more' appears beyond this many properties or summaries on a card. */
export const CARD_SHOW_MORE = { properties: 6, summaries: 5 } as const;
/** A property whose value is above this share of its `max` is drawn red. */
export const PROPERTY_ALERT_RATIO = 0.7;

export const PROPERTY_TYPES = ['url', 'currency', 'text', 'age', 'hidden'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export interface PropertyLink {
  label?: string;
  url: string;
  type?: string;
  icon?: string;
}

/** A component property (spec 02 §3) as stored and answered. `value` is numeric; `text` is shown otherwise. */
export interface ComponentProperty {
  name: string;
  label?: string;
  type?: PropertyType | string;
  text?: string;
  value?: number;
  max?: number;
  min?: number;
  unit?: string;
  icon?: string;
  color?: string;
  tooltip?: string;
  headline?: boolean;
  order?: number;
  links?: PropertyLink[];
}

/** Checks by health of a component and everything below it. */
export interface ComponentCheckCounts {
  healthy: number;
  unhealthy: number;
  warning: number;
  unknown: number;
}

/** Spec 02 §3 summary: checks by health; incidents by type then severity; insights by analysis type then severity. */
export interface ComponentSummary {
  checks?: ComponentCheckCounts;
  incidents?: Record<string, Record<string, number>>;
  insights?: Record<string, Record<string, number>>;
}

/** A log source of a component: the name is what /logs offers in its Selector; `backend` names a logging backend. */
export interface ComponentLogSelector {
  name: string;
  backend?: string;
  query?: string;
  labels?: Record<string, string>;
}

/** A topology component as `GET /api/topology` answers it (spec 02 §3). */
export interface TopologyComponent {
  id: string;
  name: string;
  title?: string | null;
  text?: string | null;
  type: string | null;
  icon: string | null;
  description?: string | null;
  /** Ancestor ids from the root, dot-separated (empty for a root). */
  path: string | null;
  status: ComponentStatus | null;
  health: string | null;
  status_reason: string | null;
  labels: Record<string, string>;
  parent_id: string | null;
  topology_id: string | null;
  agent_id: string | null;
  external_id: string | null;
  is_leaf: boolean;
  hidden?: boolean;
  properties: ComponentProperty[];
  logs?: ComponentLogSelector[];
  summary: ComponentSummary;
  components?: TopologyComponent[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** `GET /api/topology` query (spec 02 §7); lists are comma-separated in the query string. */
export interface TopologyQuery {
  id?: string;
  status?: string;
  type?: string;
  team?: string;
  /** `key=value` pairs, comma-separated. */
  labels?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  flatten?: boolean;
  hidden?: boolean;
  agent_id?: string;
}

export interface TopologyResponse {
  components: TopologyComponent[];
  /** Every component type of the answer's scope, for the Type filter. */
  types: string[];
  /** Team names linked to the scope's components, for the Team filter. */
  teams: string[];
  /** Statuses present in the scope, for the Health filter. */
  healthStatuses: string[];
}

/**
 * The roll-up rule: the worst of the parts (unhealthy > warning > healthy); nothing known is `unknown`. `info`
 * counts as healthy. Used by the engine (in SQL, mirrored by its tests) and by the pages for partial trees.
 */
export function rollUpStatus(parts: readonly (string | null | undefined)[]): ComponentStatus {
  let seen = false;
  let worst: ComponentStatus = 'healthy';
  for (const part of parts) {
    const status = normaliseStatus(part);
    if (status === 'unknown') continue;
    seen = true;
    if (status === 'unhealthy') return 'unhealthy';
    if (status === 'warning') worst = 'warning';
  }
  return seen ? worst : 'unknown';
}

/** A health or status word as a component status: degraded/missing/error → unhealthy, info → healthy for roll-up. */
export function normaliseStatus(value: string | null | undefined): ComponentStatus {
  switch ((value ?? '').toLowerCase()) {
    case 'healthy':
    case 'info':
    case 'ok':
      return 'healthy';
    case 'unhealthy':
    case 'degraded':
    case 'missing':
    case 'error':
    case 'failed':
    case 'not-good':
      return 'unhealthy';
    case 'warning':
    case 'mixed':
      return 'warning';
    default:
      return 'unknown';
  }
}

/** Sort rank of a status (spec 02 §4); an absent status sorts last. */
export function statusRank(status: string | null | undefined): number {
  return COMPONENT_STATUS_ORDER[(status ?? 'unknown') as ComponentStatus] ?? COMPONENT_STATUS_ORDER.unknown;
}

/** `POST /api/topologies/{id}/run` answer (as a scrape's). */
export interface TopologyRunResult {
  job_history_id: string;
  status: 'SUCCESS' | 'WARNING' | 'FAILED';
  duration_millis: number;
  /** Components written by the run. */
  success_count: number;
  error_count: number;
  errors: string[];
  summary: { created: number; updated: number; deleted: number; checks_linked: number; configs_linked: number };
}

/** A stored topology as `GET /api/topologies/{id}` answers it. */
export interface TopologyDocument {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
  schedule: string | null;
  source: string;
  created_at: string;
  updated_at: string;
  next_runtime: string | null;
  /** The document as YAML, for the editor's Code tab. */
  yaml: string;
}

/** Snapshot zip query (spec 02: a form with timeRange and relatedComponents). */
export interface SnapshotQuery {
  /** Include components linked by selector and their checks (default off). */
  related?: boolean;
  /** Relative start like `now-2d`, or an ISO time; default the first time range option (`now-15m`). */
  start?: string;
}
