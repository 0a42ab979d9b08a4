import type { Role } from './rbac';
import { TIME_RANGE_OPTIONS } from './values';

/**
 * Health checks (spec 02 Health, spec 03 health check editors). A canary is a Kubernetes-style YAML document with
 * one list per check type; each check type is a plugin (plugins/check-<type>/) contributing a runner to the
 * gateway extension point `CHECK_RUNNERS` and a form to the web (`health.checkTypes`). The check types are those
 * contributions (the editor's picker and the gateway's validation both read them); this file keeps the shapes.
 */

/** What a runner returns. `invalid` is a configuration error: not a failure, and it does not count against uptime. */
export interface CheckResult {
  pass: boolean;
  invalid: boolean;
  /** Milliseconds the check took (the runner's own measurement). */
  duration: number;
  message: string;
  error: string | null;
  /** Type-specific data the `test`/`display`/`transform` expressions see (code, headers, content, json, ...). */
  details: Record<string, unknown>;
}

export interface CheckRunContext {
  /** Abort when the check's timeout passes; runners must stop work and answer promptly. */
  signal: AbortSignal;
  timeoutMs: number;
  /**
   * Resolves `connection` references and secret-or-value fields ({value} | {valueFrom: ...}). A value from a stored
   * connection is bound to that connection's origin and redacted from the stored result.
   */
  resolveSecret(ref: unknown): Promise<string | null>;
  /** Every outbound call the runner makes for the spec asks this first (address policy, credential binding). */
  outbound: OutboundGuard;
}

/**
 * The guard rail before a call made on behalf of a user's spec: throws (the message goes into an *invalid* result)
 * when the target is denied by the outbound address policy (this console, its database, cloud metadata, unless
 * allowed), or when `sending` (URL, headers, credentials, body) carries a stored credential of a connection whose
 * origin is not the target.
 */
export interface OutboundGuard {
  /**
   * Resolves to the addresses it checked when it resolved the name: the caller connects to one of those, never to a
   * fresh answer of the name server (which could be another address by then: DNS rebinding).
   */
  check(target: string | URL | { protocol: string; host: string; port: number }, sending?: unknown): Promise<void | readonly string[]>;
}

/** The check as written in the canary spec: name, description, labels, icon, test/display/transform, type fields. */
export type CheckSpec = Record<string, unknown> & { name: string };

/**
 * What a check type's gateway plugin implements, registered with `@Extension(CHECK_RUNNERS, '<type>')` (gateway/src/core/checks).
 * `validate` returns messages naming the field within the check (e.g. `url: required`; the gateway prefixes where it is,
 * giving `spec.http[0].url: required`), empty when valid.
 */
export interface CheckRunner {
  readonly type: string;
  /**
   * The type runs user-supplied code on the console's machine (exec). Saving or changing a canary holding such a
   * check needs write on the `exec` RBAC resource, and `EXEC_ENABLED=false` refuses it entirely.
   */
  readonly runsCode?: boolean;
  validate(spec: CheckSpec): string[];
  run(spec: CheckSpec, context: CheckRunContext): Promise<CheckResult>;
  /**
   * How long a run may take, when the type reads the check's `timeout` its own way (junit: minutes). Absent: the
   * host reads `timeout` as milliseconds or a duration such as `30s` (default 30 s).
   */
  timeoutMs?(spec: CheckSpec): number | null;
}

export const CHECK_TYPE_NOT_SUPPORTED = 'check type not supported';

/** Spec 02 §6: who may Run Now a check (canaries write leaves out responder and commander). Enforced by the gateway. */
export const RUN_NOW_ROLES: readonly Role[] = ['admin', 'editor', 'responder', 'commander'];

export function canRunNow(roles: readonly string[] | undefined): boolean {
  return (roles ?? []).some((role) => (RUN_NOW_ROLES as readonly string[]).includes(role));
}

/** One row of `GET|POST /api/canary/api/summary` → `{checks_summary: CheckSummary[]}` (spec 02 Health). */
export interface CheckSummary {
  id: string;
  canary_id: string;
  name: string;
  canary_name: string;
  /** The check's namespace, else its canary's. */
  namespace: string | null;
  /** The agent that runs it; the all-zero id (or null) is this console. */
  agent_id: string | null;
  agent_name: string | null;
  type: string;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  severity: string | null;
  /** healthy | unhealthy; null before the first run. */
  status: string | null;
  labels: Record<string, string>;
  /** Over the time range; invalid results excluded. Uptime = passed / (passed + failed). */
  uptime: { passed: number; failed: number; last_pass: string | null; last_fail: string | null };
  /** Milliseconds over the time range; null when nothing ran. */
  latency: { p50: number | null; p95: number | null; p97: number | null; p99: number | null };
  last_runtime: string | null;
  last_transition_time: string | null;
  next_runtime: string | null;
  /** The latest result's message/error (invalid results included), for the dashboard's tooltip. */
  last_message: string | null;
  last_error: string | null;
  last_invalid: boolean;
}

/** `GET /api/canary/api/graph` → a check's results bucketed over the range. */
export interface CheckGraphPoint {
  time: string;
  passed: number;
  failed: number;
  invalid: number;
  avg_duration: number | null;
  max_duration: number | null;
}

/** A `check_statuses` row (history, Run Now). Time is an ISO timestamp with milliseconds; duration in ms. */
export interface CheckStatusRow {
  check_id: string;
  time: string;
  duration: number | null;
  status: boolean;
  invalid: boolean;
  message: string | null;
  error: string | null;
  details: Record<string, unknown> | null;
}

/** Time ranges of the health pages (spec 02 §9): the console's time ranges. */
export const HEALTH_TIME_RANGES = TIME_RANGE_OPTIONS;

/** Dashboard refresh options (spec 02 Health); 15s and 30s are disabled for ranges of 60 minutes or more. */
export const HEALTH_REFRESH_OPTIONS = ['None', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m'] as const;

/** Check detail history filters (spec 02). */
export const HISTORY_DURATIONS = ['All', '100ms', '500ms', '1s', '5s', '10s', '30s'] as const;
export const HISTORY_PAGE_SIZES = [50, 100, 200] as const;
export const INVALID_DURATION_MESSAGE = 'duration is allowed only in milli seconds & seconds';

/**
 * The languages of a check's `test`, `display` and `transform`, with the key each is written under (the shape canary
 * files already use): CEL `expr`, `javascript`, `jsonPath`, Go `template`. One per field; a plain string is CEL.
 */
export const CHECK_EXPRESSION_KEYS = { cel: 'expr', javascript: 'javascript', jsonpath: 'jsonPath', template: 'template' } as const;
export type CheckExpressionLanguage = keyof typeof CHECK_EXPRESSION_KEYS;
/** The editor's Expression selector, in the spec's order (spec 03: None, Go Template, Javascript, Expr, JSONPath). */
export const CHECK_EXPRESSION_CHOICES: ReadonlyArray<{ language: CheckExpressionLanguage | null; label: string }> = [
  { language: null, label: 'None' },
  { language: 'template', label: 'Go Template' },
  { language: 'javascript', label: 'Javascript' },
  { language: 'cel', label: 'Expr' },
  { language: 'jsonpath', label: 'JSONPath' },
];

/** A field's expression as `{language, source}`; null when there is none; `{error}` when it is not one expression. */
export function checkExpressionOf(value: unknown): { language: CheckExpressionLanguage; source: string } | { error: string } | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() ? { language: 'cel', source: value } : null;
  if (typeof value !== 'object' || Array.isArray(value)) return { error: 'must be an expression ({expr}, {javascript}, {jsonPath} or {template})' };
  const set = (Object.entries(CHECK_EXPRESSION_KEYS) as Array<[CheckExpressionLanguage, string]>).filter(
    ([, key]) => (value as Record<string, unknown>)[key] !== undefined,
  );
  if (set.length > 1) return { error: `holds ${set.map(([, key]) => key).join(' and ')}: give one of them` };
  if (set.length === 0) return null;
  const [language, key] = set[0];
  const source = (value as Record<string, unknown>)[key];
  if (typeof source !== 'string') return { error: `${key}: must be text` };
  return source.trim() ? { language, source } : null;
}
