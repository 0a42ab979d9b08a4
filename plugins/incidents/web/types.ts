/**
 * Shapes the incident screens read from the data API. Local until contracts/src/incidents.ts lands;
 * then these become re-exports.
 */
import type { IncidentStatus, IncidentType, Severity } from '@contracts';

export interface PersonRef {
  id: string;
  name: string;
  avatar?: string | null;
}

export interface TeamRef {
  id: string;
  name: string;
  icon?: string | null;
  spec?: TeamSpec | null;
}

export interface ResponderClientSpec {
  /** A string fixes a field's value; a list offers its choices (possibly nested, e.g. Jira projects). */
  values?: Record<string, unknown>;
  defaults?: Record<string, string>;
  linkUrl?: string;
}

export interface TeamSpec {
  responder_clients?: Record<string, ResponderClientSpec>;
  [key: string]: unknown;
}

export interface Comment {
  id: string;
  incident_id: string;
  hypothesis_id: string | null;
  comment: string;
  created_by?: PersonRef | string | null;
  external_created_by?: string | null;
  responder_id?: string | null;
  created_at: string;
}

export type EvidenceType = 'log' | 'topology' | 'config' | 'check' | 'config_change' | 'config_analysis' | 'comment';

export interface Evidence {
  id: string;
  hypothesis_id: string;
  type: EvidenceType;
  description?: string | null;
  created_by?: PersonRef | string | null;
  external_created_by?: string | null;
  created_at: string;
  component_id?: string | null;
  config_id?: string | null;
  check_id?: string | null;
  config_change_id?: string | null;
  config_analysis_id?: string | null;
  definition_of_done: boolean;
  done: boolean;
  script?: string | null;
  script_result?: string | null;
  script_error?: string | null;
  evidence?: EvidenceInner | null;
  component?: { id: string; name: string; icon?: string | null; status?: string | null } | null;
  config?: { id: string; name: string | null; type: string; health?: string | null } | null;
  check?: { id: string; name: string; type: string; status?: string | null } | null;
  config_change?: { id: string; change_type: string; summary?: string | null; severity?: string | null } | null;
  config_analysis?: { id: string; analyzer: string; summary?: string | null; status?: string | null } | null;
}

export interface EvidenceInner {
  lines?: { timestamp?: string; message: string; labels?: Record<string, string> }[];
  selected_lines?: unknown;
  start?: string;
  includeMessages?: boolean;
  comment?: string;
  [key: string]: unknown;
}

export type HypothesisType = 'root' | 'factor' | 'solution';

export interface Hypothesis {
  id: string;
  incident_id: string;
  parent_id: string | null;
  title: string | null;
  type: HypothesisType;
  status: string | null;
  created_at: string;
  created_by?: string | null;
  comments?: Comment[];
  evidences?: Evidence[];
}

export interface Responder {
  id: string;
  incident_id: string;
  team_id: string | null;
  person_id: string | null;
  type: 'person' | 'system';
  properties: Record<string, unknown> & { responderType?: string };
  external_id?: string | null;
  /** Delivery to the peer: pending, created, failed or no_integration. */
  status?: string | null;
  error?: string | null;
  /** When the error is something to set up: the settings page that fixes it (offered to those who may change it). */
  error_setting?: string | null;
  deleted_at?: string | null;
  created_at: string;
  acknowledge_time?: string | null;
  signoff_time?: string | null;
  close_time?: string | null;
  team?: TeamRef | null;
  person?: PersonRef | null;
}

export interface Incident {
  id: string;
  incident_id: string;
  title: string;
  description: string | null;
  severity: Severity;
  status: IncidentStatus;
  type: IncidentType;
  created_at: string;
  updated_at: string;
  created_by?: string | null;
  commander_id?: string | null;
  communicator_id?: string | null;
  commander?: PersonRef | null;
  communicator?: PersonRef | null;
  hypotheses?: Hypothesis[];
  responders?: Responder[];
}

export interface IncidentHistory {
  id: string;
  incident_id: string;
  type: string;
  description: string | null;
  created_at: string;
  created_by?: PersonRef | null;
  responder?: { id: string; team?: TeamRef | null; person?: PersonRef | null } | null;
  hypothesis?: { id: string; title: string | null } | null;
  evidence?: { id: string; description: string | null; type: string } | null;
  comment?: { id: string; comment: string } | null;
}

export interface NewIncident {
  title: string;
  description?: string;
  severity: Severity;
  type: IncidentType;
  status?: IncidentStatus;
  evidence?: Record<string, unknown>;
}
