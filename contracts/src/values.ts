/** Value sets and constants of the specification, used by gateway and web alike. */
export const SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Spec 02 §9 insight (config analysis) types. */
export const ANALYSIS_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const INCIDENT_STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_TYPES = ['cost', 'availability', 'performance', 'security', 'integration', 'compliance', 'technicalDebt', 'reliability'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** Status choices offered per current status (spec 01 §4). An empty current status is treated as new. */
export const INCIDENT_STATUS_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  new: INCIDENT_STATUSES,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export function allowedIncidentStatuses(current: string | null | undefined): readonly IncidentStatus[] {
  const key = (current || 'new') as IncidentStatus;
  return INCIDENT_STATUS_TRANSITIONS[key] ?? INCIDENT_STATUS_TRANSITIONS.new;
}

export const HYPOTHESIS_STATUSES = ['proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven'] as const;
export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
export const EVIDENCE_TYPES = ['log', 'topology', 'config', 'check', 'config_change', 'config_analysis', 'comment'] as const;

export const INCIDENT_HISTORY_TYPES = [
  'incident.created',
  'responder.created',
  'evidence.created',
  'incident.status_updated',
  'evidence.done_definition_added',
  'responder.commented',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;

export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;
export const TIME_RANGE_OPTIONS = [
  '15m',
  '1h',
  '2h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '3d',
  '1w',
  '2w',
  '3w',
  '1mo',
  '2mo',
  '3mo',
  '6mo',
  '1y',
  '2y',
  '3y',
  '5y',
] as const;
export const TOAST_DURATION_MS = 5000;
export const SEARCH_DEBOUNCE_MS = 400;
export const FRONTEND_VERSION = '1.0.813';

/** The all-zero UUID is the local agent (spec 02 §3). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'] as const;
