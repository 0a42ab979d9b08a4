/**
 * Incident domain endpoints (spec 01 §3–§5, §7): request and response shapes, messages and the definition-of-done
 * scripts. The data API (`/api/db/*`) stays the way to read; these endpoints own the multi-row and rule-bearing writes.
 */
import type { IncidentStatus } from './values';

export const INCIDENT_MESSAGES = {
  required: 'This field is required',
  selectIncident: 'Must select or create an incident',
  selectHypothesis: 'Must select or create a hypothesis',
  selectSeverity: 'Please select incident severity',
  selectType: 'Please select an incident type',
  noIntegration: 'no integration configured',
} as const;

/** Longest comment written in the console (the database's `comments_comment_length`; the comment box counts to it). */
export const COMMENT_MAX_LENGTH = 10_000;
export const COMMENT_TOO_LONG_MESSAGE = `A comment may be at most ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters`;

/** The message used by the gateway (and the database trigger) when a status change is not offered by spec §4. */
export function incidentTransitionMessage(from: string | null | undefined, to: string): string {
  return `Cannot change incident status from ${from || 'new'} to ${to}`;
}

/** Variables a definition-of-done script sees, per evidence type. */
export const DOD_SCRIPT_VARIABLES = {
  check: 'check',
  config_analysis: 'analysis',
  topology: 'component',
  config: 'config',
  config_change: 'change',
} as const;
export type DodEvidenceType = keyof typeof DOD_SCRIPT_VARIABLES;

/**
 * The spec's pre-filled scripts (CEL). `check.age` is a duration since the check's last status transition;
 * `check.status` is 'healthy' or 'unhealthy' (its latest result).
 */
export const DOD_SCRIPTS = {
  /** 'check is healthy and older than 5m' */
  checkHealthy: "check.status == 'healthy' && check.age > duration('5m')",
  /** 'analysis resolved' */
  analysisResolved: "analysis.status == 'resolved'",
  /** 'component is healthy' (the topology shortcut) */
  componentHealthy: "component.health == 'healthy'",
} as const;

/**
 * The spec names its pre-filled scripts by phrase; a script that is exactly one of these phrases (any case) runs as
 * the CEL expression it names (older data stores the phrase).
 */
export const DOD_SCRIPT_ALIASES: Record<string, string> = {
  'check is healthy and older than 5m': DOD_SCRIPTS.checkHealthy,
  'analysis resolved': DOD_SCRIPTS.analysisResolved,
  'component is healthy': DOD_SCRIPTS.componentHealthy,
};

/** The CEL expression a stored script stands for. */
export function dodScriptExpression(script: string): string {
  return DOD_SCRIPT_ALIASES[script.trim().toLowerCase()] ?? script;
}

/** The pre-filled script for an evidence type, or '' when the spec has none. */
export function defaultDodScript(type: string): string {
  if (type === 'check') return DOD_SCRIPTS.checkHealthy;
  if (type === 'config_analysis') return DOD_SCRIPTS.analysisResolved;
  if (type === 'topology') return DOD_SCRIPTS.componentHealthy;
  return '';
}

/** Incident statuses whose definition-of-done scripts the scheduler evaluates. */
export const DOD_EVALUATED_STATUSES: readonly IncidentStatus[] = ['open', 'investigating', 'mitigated', 'resolved'];

export interface EvidenceInput {
  type: string;
  description?: string | null;
  config_id?: string | null;
  component_id?: string | null;
  check_id?: string | null;
  config_change_id?: string | null;
  config_analysis_id?: string | null;
  /** The inner object: {lines, selected_lines} for logs, {start, includeMessages} for checks, {comment} for comments. */
  evidence?: Record<string, unknown> | null;
  definition_of_done?: boolean;
  script?: string | null;
}

/** POST /api/incidents */
export interface CreateIncidentRequest {
  title: string;
  description?: string | null;
  severity?: string;
  type?: string;
  status?: string;
  commander_id?: string | null;
  communicator_id?: string | null;
  evidence?: EvidenceInput;
}

/** PATCH /api/incidents/:id/status */
export interface IncidentStatusRequest {
  status: string;
  /**
   * The 'Add contributing factors to definition of done' Submit: evidence ids (of this incident) marked
   * definition_of_done first, in the same transaction as the status change. Skip = omit.
   */
  definition_of_done?: string[];
}

/** POST /api/incidents/:id/hypotheses */
export interface CreateHypothesisRequest {
  parent_id?: string | null;
  title?: string | null;
  type?: 'root' | 'factor' | 'solution';
  status?: string;
}

/** POST /api/incidents/link */
export interface LinkToIncidentRequest {
  incident_id?: string | null;
  new_incident?: { title: string; type?: string; severity?: string; description?: string | null } | null;
  hypothesis_id?: string | null;
  new_hypothesis_title?: string | null;
  evidence: EvidenceInput;
}

export interface LinkToIncidentResponse {
  incident_id: string;
  hypothesis_id: string;
  evidence: IncidentEvidence;
}

/** POST /api/evidences/:id/definition-of-done */
export interface DefinitionOfDoneRequest {
  definition_of_done: boolean;
  script?: string | null;
}

/** POST /api/evidences/:id/done */
export interface EvidenceDoneRequest {
  done: boolean;
}

/** POST /api/incidents/:id/responders: exactly one of team_id and person_id. */
export interface CreateResponderRequest {
  team_id?: string | null;
  person_id?: string | null;
  type?: 'person' | 'system';
  /** {responderType, ...form values} */
  properties?: Record<string, unknown>;
}

export const RESPONDER_DELIVERY_STATUSES = ['pending', 'created', 'failed', 'no_integration'] as const;
export type ResponderDeliveryStatus = (typeof RESPONDER_DELIVERY_STATUSES)[number];

export interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
  description: string | null;
  severity: string;
  status: string;
  type: string;
  created_by: string | null;
  commander_id: string | null;
  communicator_id: string | null;
  created_at: string;
  updated_at: string;
  resolved: string | null;
  closed: string | null;
}

export interface IncidentHypothesis {
  id: string;
  incident_id: string;
  parent_id: string | null;
  title: string | null;
  type: 'root' | 'factor' | 'solution';
  status: string | null;
  created_by: string | null;
  created_at: string;
  evidences?: IncidentEvidence[];
}

export interface IncidentEvidence {
  id: string;
  hypothesis_id: string;
  type: string;
  description: string | null;
  definition_of_done: boolean;
  done: boolean;
  script: string | null;
  script_result: string | null;
  script_error: string | null;
  script_evaluated_at: string | null;
  evidence: Record<string, unknown> | null;
  [column: string]: unknown;
}

export interface IncidentWithHypotheses extends IncidentRow {
  hypotheses: IncidentHypothesis[];
}

/** POST /api/incidents/:id/definition-of-done/evaluate */
export interface DodEvaluationResult {
  evaluated: number;
  errors: number;
  /** The incident's status after the roll-up. */
  status: string;
  evidences: Pick<IncidentEvidence, 'id' | 'done' | 'script_result' | 'script_error'>[];
}
