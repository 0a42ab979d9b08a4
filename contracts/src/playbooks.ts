import type { CheckRunContext } from './checks';

/**
 * Playbooks (spec 02 Playbooks, issue 12). A playbook is a Kubernetes-style YAML document
 * (`apiVersion: mission-control.flanksource.com/v1`, `kind: Playbook`) whose `spec` holds its title and look, the
 * resources it applies to, its parameters, approval, triggers and an ordered list of actions. Each action has exactly
 * one body keyed by its type (`exec: {...}`, `http: {...}`); each type is a plugin (`plugins/action-<type>/`) that
 * contributes an `ActionType` to the gateway extension point `ACTION_TYPES` (gateway/src/core/playbooks) and a label
 * to the web (`playbooks.actionTypes`). The engine (`plugins/playbooks`) validates, templates, runs, retries and
 * records them. docs/playbooks.md is the user's reference.
 */

export const PLAYBOOK_API_VERSION = 'mission-control.flanksource.com/v1';
export const PLAYBOOK_KIND = 'Playbook';
/** Cards without a category are grouped under this one (spec 02). */
export const DEFAULT_PLAYBOOK_CATEGORY = 'Other';
/** A run's whole budget when the spec names no `timeout`. */
export const DEFAULT_PLAYBOOK_TIMEOUT = '30m';
/** An action's budget when it names no `timeout`. */
export const DEFAULT_ACTION_TIMEOUT = '5m';

/** Spec 02 §4 run (and action) statuses. */
export const PLAYBOOK_RUN_STATUSES = [
  'running',
  'scheduled',
  'cancelled',
  'completed',
  'failed',
  'pending',
  'pending_approval',
  'waiting',
  'sleeping',
  'skipped',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];
/** A run in one of these is over: the run page stops polling (spec 02 §4). */
export const FINAL_RUN_STATUSES: readonly PlaybookRunStatus[] = ['completed', 'failed', 'cancelled'];
/** An action in one of these is over: its log pane stops polling. */
export const FINAL_ACTION_STATUSES: readonly PlaybookRunStatus[] = ['completed', 'failed', 'cancelled', 'skipped'];
/** Spec 02 §4 polling when the live stream is not available. */
export const RUN_POLL_MS = 2000;
export const ACTION_POLL_MS = 1000;

/** Spec 02 §2 parameter types. */
export const PLAYBOOK_PARAMETER_TYPES = ['code', 'checkbox', 'list', 'team', 'people', 'component', 'config', 'check', 'text'] as const;
export type PlaybookParameterType = (typeof PLAYBOOK_PARAMETER_TYPES)[number];
export const PARAMETER_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;
/** Formats of text parameters with a rule of their own (others are an HTML input type such as `email`). */
export const PARAMETER_FORMATS = ['bytes', 'millicores', 'dns1123'] as const;

export interface PlaybookParameterProperties {
  size?: (typeof PARAMETER_SIZES)[number];
  /** code: `yaml` (default) or `json`. */
  language?: 'yaml' | 'json';
  jsonSchemaUrl?: string;
  /** list: the choices (`{label, value}`, or plain strings). */
  options?: ({ label: string; value: string } | string)[];
  /** component/config/check: the picker's filter, e.g. `{types: ['Kubernetes::Pod']}`. */
  filter?: Record<string, unknown>;
  multiline?: boolean | string;
  maxLength?: number;
  minLength?: number;
  regex?: string;
  format?: string;
  min?: number;
  max?: number;
}

export interface PlaybookParameter {
  name: string;
  label?: string;
  description?: string;
  type?: PlaybookParameterType;
  required?: boolean;
  /** A value, or a Go template over the resource (`{{ .config.name }}`), resolved by `POST /api/playbook/{id}/params`. */
  default?: string;
  properties?: PlaybookParameterProperties;
}

/** Which resources a playbook applies to: any listed selector matching. Names and types take `*` wildcards. */
export interface ResourceSelector {
  /** One type or several (`types`). */
  type?: string;
  types?: string[];
  name?: string;
  names?: string[];
  namespace?: string;
  /** Every label must be equal (a value of `*` only requires the key). */
  labels?: Record<string, string>;
  /** `key=value,other!=x` as Kubernetes writes label selectors. */
  labelSelector?: string;
}

export interface PlaybookApproval {
  /** `any` (default): one approval suffices; `all`: every listed person and team must approve. */
  type?: 'any' | 'all';
  approvers: {
    /** Emails or ids of people (names are not unique). */
    people?: string[];
    /** Names or ids of teams: any member approves for the team. */
    teams?: string[];
  };
  /** A run started by one of the approvers is approved at once. */
  autoApprove?: boolean;
}

/** An event trigger: the run is against the event's resource, when it matches the playbook's selectors and `filter`. */
export interface PlaybookEventTrigger {
  event: string;
  /** CEL over the resource (`config`, `check`, `component`, `incident`) and `event`: true starts the run. */
  filter?: string;
  labels?: Record<string, string>;
}

export interface PlaybookTriggers {
  /** `passed`, `failed`. */
  canary?: PlaybookEventTrigger[];
  /** `created`, `updated`, `changed`, `deleted`, `healthy`, `unhealthy`, `warning`. */
  config?: PlaybookEventTrigger[];
  /** `healthy`, `unhealthy`, `warning`, `unknown`. */
  component?: PlaybookEventTrigger[];
  /** `created`, `status.updated`. */
  incident?: PlaybookEventTrigger[];
  /** Cron (5 fields, UTC) or `@every <duration>`: a run without a resource, with the parameters' defaults. */
  schedule?: { schedule: string }[];
  /** `POST /api/playbook/webhook/{path}`: the request (`.request.body`, `.request.headers`) is in the templates. */
  webhook?: {
    path: string;
    authentication?: {
      basic?: { username: unknown; password: unknown };
      /** `Authorization: Bearer <token>` (a value or a secret reference). */
      token?: unknown;
    };
  };
}

export interface PlaybookRetry {
  /** Further attempts after the first failure. */
  limit: number;
  /** Wait before the first retry (default 10s); doubled (`exponent`) on each next one. */
  duration?: string;
  exponent?: { multiplier?: number };
}

/**
 * One action as written: the shared fields below, plus exactly one type body (`exec: {script}`). `if` is CEL over
 * the template scope, or `always()`, `success()` (the default: every earlier action succeeded or was skipped),
 * `failure()` (one failed), `skip()`.
 */
export interface PlaybookActionSpec {
  name: string;
  if?: string;
  timeout?: string;
  delay?: string;
  retry?: PlaybookRetry;
  /** Agents that run this action (docs/playbooks.md "Running on an agent"); `local` is this console. Default: the playbook's. */
  runsOn?: string[];
  [type: string]: unknown;
}

export interface PlaybookSpec {
  title?: string;
  icon?: string;
  description?: string;
  category?: string;
  configs?: ResourceSelector[];
  checks?: ResourceSelector[];
  components?: ResourceSelector[];
  parameters?: PlaybookParameter[];
  approval?: PlaybookApproval;
  on?: PlaybookTriggers;
  /** CEL over the template scope: all must be true for the playbook to apply to a resource. */
  filters?: string[];
  timeout?: string;
  /** Agents that run its actions (an action's own `runsOn` wins); `local` is this console. Default: this console. */
  runsOn?: string[];
  actions: PlaybookActionSpec[];
}

/** In `runsOn`: this console itself. */
export const RUNS_ON_LOCAL = 'local';

/** An action the upstream hands to the agent that runs it (`GET /api/agent/actions`), claimed by that agent. */
export interface AgentActionRequest {
  /** The run action's id: post its result to `/api/agent/actions/{id}/result`. */
  id: string;
  /** The action type (the key of its body) and its body, rendered by the upstream. */
  type: string;
  body: ActionSpec;
  timeoutMs: number;
  /** What the action is stopped with when its time runs out ('timed out after 5m'). */
  timeoutReason: string;
  run: { id: string; playbookId: string; playbookName: string; action: string; attempt: number };
  scope: PlaybookScope;
}

/** What the agent posts back: the run goes on as if the action had run on the upstream. */
export interface AgentActionResult {
  status: 'completed' | 'failed';
  result?: Record<string, unknown> | null;
  error?: string | null;
}

/** The body of one action after templating, as its type sees it. */
export type ActionSpec = Record<string, unknown>;

/** What templates, `if` and filters see (docs/playbooks.md "Templates"). */
export interface PlaybookScope {
  params: Record<string, unknown>;
  config?: Record<string, unknown> | null;
  check?: Record<string, unknown> | null;
  component?: Record<string, unknown> | null;
  playbook: { id: string; name: string; title: string | null };
  run: { id: string; created_by: string | null };
  user?: { id: string; name: string | null; email: string | null } | null;
  /** Earlier actions by name: status and result. */
  actions: Record<string, { status: PlaybookRunStatus; result: Record<string, unknown> | null; error: string | null }>;
  /** The webhook request that started the run. */
  request?: { body: unknown; headers: Record<string, string>; params: Record<string, string> } | null;
  /** The event that triggered the run. */
  event?: { name: string; properties: Record<string, unknown>; created_at: string } | null;
}

/** What an action type gives back. `result` is stored (stdout, stderr, exitCode, logs, the HTTP answer, rows...). */
export interface ActionOutcome {
  /** Failed when `error` is set. */
  error?: string | null;
  result: Record<string, unknown>;
  /** The action started another run and is done when that one is (the `playbook` type): the action waits. */
  waitFor?: { runId: string };
}

/**
 * What a run gives an action type: the checks' guard rails (abort signal on timeout or cancel, secret resolution
 * with redaction, the outbound address policy), plus where it runs and a log the run page shows live.
 */
export interface ActionContext extends CheckRunContext {
  run: { id: string; playbookId: string; playbookName: string; action: string; attempt: number };
  scope: PlaybookScope;
  /** A line of progress, shown live in the run page's log pane and kept in `result.logs`. */
  log(line: string): void;
  /** Starts a run of another playbook (the `playbook` type); answers its id or throws with the reason. */
  startPlaybook(request: { name: string; namespace?: string; params?: Record<string, unknown> }): Promise<string>;
}

/**
 * What an action type's gateway plugin implements, registered with `@Extension(ACTION_TYPES, '<type>')`, where
 * `<type>` is the key of its body in an action. `validate` returns messages naming the field within the body
 * (`script: required`); the engine prefixes where it is (`spec.actions[0].exec.script: required`).
 */
export interface ActionType {
  readonly type: string;
  /** Runs user code on the console's machine: saving a playbook with it needs write on `exec`. */
  readonly runsCode?: boolean;
  /**
   * Running it again after an interruption (the console killed mid-action) cannot do harm, so the engine may resume
   * the run with it. When false (the default) such a run fails instead.
   */
  readonly retrySafe?: boolean;
  /**
   * Fields whose strings only take Go templates (never `$(...)` CEL): a script's own `$(command)`. Paths within the
   * body; `[*]` stands for every item of a list (`files[*].content`).
   */
  readonly codeFields?: readonly string[];
  /**
   * Fields taken exactly as written: no Go template, no CEL (`exec.script`). Values reach such a field's program
   * another way (exec: through `env`, whose values are templated), so a parameter or a resource's field can never
   * become part of the program. Saving a template that reads the run's data (`{{ .params.x }}`) there is refused.
   */
  readonly literalFields?: readonly string[];
  validate(spec: ActionSpec): string[];
  run(spec: ActionSpec, ctx: ActionContext): Promise<ActionOutcome>;
}

/** Writers of playbooks (add, edit, delete; spec 02 §6). */
export const PLAYBOOK_WRITE = { resource: 'playbooks', action: 'write' } as const;
/** Who may run a playbook (spec 02 §6). */
export const PLAYBOOK_RUN_WRITE = { resource: 'playbook_runs', action: 'write' } as const;

// --- Calls (spec 02 §7) ------------------------------------------------------------------------------------------

export interface PlaybookRunRequest {
  id: string;
  config_id?: string;
  check_id?: string;
  component_id?: string;
  params?: Record<string, unknown>;
}
export interface PlaybookRunResponse {
  run_id: string;
}

/** `POST /api/playbook/{id}/params`: the parameters with their defaults resolved for the resource. */
export interface PlaybookParamsResponse {
  params: (PlaybookParameter & { default?: string })[];
}

/** `GET /api/playbook/list?config_id=|check_id=|component_id=`: playbooks that apply to the resource. */
export interface PlaybookListItem {
  id: string;
  name: string;
  title: string | null;
  icon: string | null;
  description: string | null;
  category: string;
  parameters: PlaybookParameter[];
}

export type SearchableResource = 'config' | 'check' | 'component';
/** The selector list of a playbook's spec that names each kind of resource. */
export const RESOURCE_SELECTORS: Record<SearchableResource, 'configs' | 'checks' | 'components'> = {
  config: 'configs',
  check: 'checks',
  component: 'components',
};

/** The kinds of resources a playbook's selectors name; none: it runs without a resource (manual, schedule, webhook). */
export function playbookResourceKinds(spec: Pick<PlaybookSpec, 'configs' | 'checks' | 'components'> | null | undefined): SearchableResource[] {
  return (Object.keys(RESOURCE_SELECTORS) as SearchableResource[]).filter((kind) => Boolean(spec?.[RESOURCE_SELECTORS[kind]]?.length));
}
/** `POST /api/resources/search`: resource pickers and the first piece of a global search. */
export interface ResourceSearchRequest {
  search?: string;
  /** Which kinds to search (default all). */
  kinds?: SearchableResource[];
  /** Only resources this playbook applies to. */
  playbook_id?: string;
  /** Narrow by type (config type, check type, component type). */
  types?: string[];
  limit?: number;
}
export interface ResourceSearchHit {
  id: string;
  kind: SearchableResource;
  name: string;
  type: string | null;
  namespace: string | null;
  icon: string | null;
  health: string | null;
}
export interface ResourceSearchResponse {
  configs: ResourceSearchHit[];
  checks: ResourceSearchHit[];
  components: ResourceSearchHit[];
}

/** One action of a run as the run page shows it. */
export interface PlaybookRunAction {
  id: string;
  name: string;
  status: PlaybookRunStatus;
  scheduled_time: string;
  start_time: string | null;
  end_time: string | null;
  error: string | null;
  result: ({ stdout?: string; stderr?: string; logs?: string; exitCode?: number | null } & Record<string, unknown>) | null;
  retry_count: number;
}

/** `GET /api/playbook/run/{id}` and each message of its live stream (`/api/playbook/run/{id}/events`). */
export interface PlaybookRunDetail {
  id: string;
  playbook_id: string;
  playbook: { id: string; name: string; title: string | null; icon: string | null; spec: PlaybookSpec } | null;
  status: PlaybookRunStatus;
  parameters: Record<string, unknown>;
  config_id: string | null;
  check_id: string | null;
  component_id: string | null;
  resource: { kind: SearchableResource; id: string; name: string; type: string | null } | null;
  error: string | null;
  scheduled_time: string;
  start_time: string | null;
  end_time: string | null;
  created_at: string;
  created_by: { id: string; name: string | null; email: string | null } | null;
  parent_id: string | null;
  trigger: string | null;
  approval: {
    required: boolean;
    type: 'any' | 'all';
    approvals: { person_id: string | null; team_id: string | null; name: string | null; created_at: string }[];
    can_approve: boolean;
  } | null;
  actions: PlaybookRunAction[];
}

/** The 400 of a run whose parameters do not pass (spec 02 §5): one message per parameter. */
export interface PlaybookParamProblems {
  message: string;
  params: Record<string, string>;
}

/** A stored playbook: a row of the `playbooks` table as the gateway reads it (the data API gives the same columns). */
export interface PlaybookRecord {
  id: string;
  name: string;
  namespace: string;
  title: string | null;
  icon: string | null;
  description: string | null;
  category: string | null;
  source: string;
  spec: PlaybookSpec;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
}

/** `GET /api/playbooks/{id}` (and what POST/PUT answer): the stored playbook and its YAML document. */
export interface PlaybookDocument extends PlaybookRecord {
  yaml: string;
}

/**
 * `POST /api/playbooks`, `PUT /api/playbooks/{id}`: the whole document (`{yaml}`, or a raw `application/yaml` body),
 * or the spec form's fields with `spec` as YAML text or an object (spec 02: title and spec required; `name` defaults
 * to the title made DNS-safe).
 */
export type PlaybookWriteRequest =
  | { yaml: string }
  | { name?: string; namespace?: string; title: string; icon?: string; description?: string; category?: string; spec: string | Record<string, unknown> };
