import type { Hypothesis } from './types';

export const NEW = '__new__';

export const LINK_MESSAGES = {
  selectIncident: 'Must select or create an incident',
  selectHypothesis: 'Must select or create a hypothesis',
  selectSeverity: 'Please select incident severity',
  selectType: 'Please select an incident type',
  linked: 'Linked to incident successfully',
} as const;

export interface LinkFormState {
  /** '' (none), NEW, or an incident id. */
  incident: string;
  newIncidentTitle: string;
  /** '' (none), NEW, or a hypothesis id. */
  hypothesis: string;
  newHypothesisTitle: string;
  severity: string;
  type: string;
  description: string;
}

export const LINK_FORM_DEFAULTS: LinkFormState = {
  incident: '',
  newIncidentTitle: '',
  hypothesis: '',
  newHypothesisTitle: '',
  severity: 'low',
  type: 'availability',
  description: '',
};

export type LinkFormErrors = Partial<Record<'incident' | 'hypothesis' | 'severity' | 'type', string>>;

/** Spec 01 §5: incident always; hypothesis for an existing incident; severity and type for a new one. */
export function validateLinkForm(state: LinkFormState): LinkFormErrors {
  const errors: LinkFormErrors = {};
  const isNew = state.incident === NEW;
  if (!state.incident || (isNew && !state.newIncidentTitle.trim())) errors.incident = LINK_MESSAGES.selectIncident;
  if (state.incident && !isNew && !state.hypothesis) errors.hypothesis = LINK_MESSAGES.selectHypothesis;
  if (isNew && !state.severity) errors.severity = LINK_MESSAGES.selectSeverity;
  if (isNew && !state.type) errors.type = LINK_MESSAGES.selectType;
  return errors;
}

/** Choosing another incident clears the hypothesis; a single hypothesis is picked for the user. */
export function chooseIncident(state: LinkFormState, incident: string, hypotheses: readonly Pick<Hypothesis, 'id'>[]): LinkFormState {
  if (incident === state.incident) return state;
  const single = incident && incident !== NEW && hypotheses.length === 1 ? hypotheses[0].id : '';
  return { ...state, incident, hypothesis: single, newHypothesisTitle: '' };
}

/** The body of POST /api/incidents/link. */
export function linkRequest(state: LinkFormState, evidence: Record<string, unknown>, incidentTitle: string | undefined) {
  const isNew = state.incident === NEW;
  const description = state.description.trim() || (evidence.description as string | undefined) || null;
  return {
    incident_id: isNew ? null : state.incident,
    new_incident: isNew ? { title: state.newIncidentTitle.trim(), type: state.type, severity: state.severity, status: 'open', description } : null,
    hypothesis_id: !isNew && state.hypothesis !== NEW ? state.hypothesis : null,
    new_hypothesis_title: !isNew && state.hypothesis === NEW ? state.newHypothesisTitle.trim() || incidentTitle || null : null,
    evidence: { ...evidence, description },
  };
}
