/**
 * Shapes the incident screens read from the data API: the rows of contracts/src/incidents.ts with what the pages
 * embed (people, hypotheses, comments, responders). Only what contracts does not describe is declared here.
 */
import type {
  CreateIncidentRequest,
  EvidenceInput,
  IncidentEvidence,
  IncidentHypothesis,
  IncidentRow,
  IncidentStatus,
  IncidentType,
  Severity,
} from '@contracts';

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

/** A stored evidence: its row's columns (contracts) with the names of what it points at. */
export interface Evidence
  extends
    Pick<IncidentEvidence, 'id' | 'hypothesis_id' | 'definition_of_done' | 'done'>,
    Partial<Pick<IncidentEvidence, 'script_result' | 'script_error'>>,
    Omit<EvidenceInput, 'type' | 'evidence' | 'definition_of_done'> {
  type: EvidenceType;
  created_by?: PersonRef | string | null;
  external_created_by?: string | null;
  created_at: string;
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

export type HypothesisType = IncidentHypothesis['type'];

/** A hypothesis row (contracts) with its comments and evidence. */
export interface Hypothesis extends Omit<IncidentHypothesis, 'created_by' | 'evidences'> {
  created_by?: IncidentHypothesis['created_by'];
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

/** Columns an incident read may leave out (older rows, narrow selects). */
type OptionalIncidentColumns = 'created_by' | 'commander_id' | 'communicator_id' | 'resolved' | 'closed';

/** An incident row (contracts) with its values typed, its commander and communicator, hypotheses and responders. */
export interface Incident
  extends Omit<IncidentRow, 'severity' | 'status' | 'type' | OptionalIncidentColumns>, Partial<Pick<IncidentRow, OptionalIncidentColumns>> {
  severity: Severity;
  status: IncidentStatus;
  type: IncidentType;
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

/** The body of `POST /api/incidents` (contracts) as the create dialog fills it. */
export interface NewIncident extends Omit<CreateIncidentRequest, 'severity' | 'type' | 'status'> {
  severity: Severity;
  type: IncidentType;
  status?: IncidentStatus;
}
