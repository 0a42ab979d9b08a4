import type { IncidentStatusRequest } from '@contracts';
import { dataApiPath, http, pg, withQuery } from '@web/core/api';
import type { Hypothesis, Incident, NewIncident, Responder } from './types';

export const INCIDENTS_PATH = '/incidents';
export const incidentPath = (id: string) => `/incidents/${encodeURIComponent(id)}`;

const PERSON = 'id,name,avatar';
const RESPONDER_SELECT = `*,team:team_id(id,name,icon,spec),person:person_id(${PERSON})`;

/** Evidence with the names of what it points at. */
const EVIDENCE_SELECT = [
  '*',
  'component:component_id(id,name,icon,status)',
  'config:config_id(id,name,type,health)',
  'check:check_id(id,name,type,status)',
  'config_change:config_change_id(id,change_type,summary,severity)',
  'config_analysis:config_analysis_id(id,analyzer,summary,status)',
].join(',');

/** The detail page's one read: the incident with its tree, evidence, comments and responders. */
export const INCIDENT_DETAIL_SELECT = [
  '*',
  `hypotheses(*,evidences(${EVIDENCE_SELECT}),comments(*,created_by(${PERSON})))`,
  `commander:commander_id(${PERSON})`,
  `communicator:communicator_id(${PERSON})`,
  `responders(${RESPONDER_SELECT})`,
].join(',');

export function incidentDetailKey(id: string): string {
  return withQuery(dataApiPath('incidents'), { id: pg.eq(id), select: INCIDENT_DETAIL_SELECT });
}

export function incidentHistoryKey(id: string): string {
  return withQuery(dataApiPath('incident_histories'), {
    incident_id: pg.eq(id),
    select: `*,created_by(${PERSON}),responder:responder_id(id,team:team_id(id,name,icon),person:person_id(${PERSON})),hypothesis:hypothesis_id(id,title),evidence:evidence_id(id,description,type),comment:comment_id(id,comment)`,
    order: pg.order('created_at', 'desc'),
  });
}

export function createIncident(input: NewIncident): Promise<Incident> {
  return http.post<Incident>('/api/incidents', input);
}

/**
 * Sets the status; `definitionOfDone` (the contributing-factors Submit) adds those evidences to the definition of
 * done first, in the same transaction on the server.
 */
export function updateIncidentStatus(id: string, status: string, definitionOfDone?: readonly string[]): Promise<Incident> {
  const body: IncidentStatusRequest = definitionOfDone?.length ? { status, definition_of_done: [...definitionOfDone] } : { status };
  return http.patch<Incident>(`/api/incidents/${encodeURIComponent(id)}/status`, body);
}

export function updateIncidentFields(id: string, fields: Partial<Pick<Incident, 'severity' | 'type'>>): Promise<unknown> {
  return http.patch(dataApiPath('incidents'), fields, { query: { id: pg.eq(id) } });
}

export function createHypothesis(incidentId: string, body: { parent_id: string | null; title: string; type: string; status: string }): Promise<Hypothesis> {
  return http.post<Hypothesis>(`/api/incidents/${encodeURIComponent(incidentId)}/hypotheses`, body);
}

export function updateHypothesis(id: string, fields: { title?: string; status?: string }): Promise<unknown> {
  return http.patch(dataApiPath('hypotheses'), fields, { query: { id: pg.eq(id) } });
}

export function deleteHypothesis(id: string): Promise<void> {
  return http.delete(`/api/hypotheses/${encodeURIComponent(id)}`);
}

export function createEvidence(body: Record<string, unknown>): Promise<unknown> {
  return http.post(dataApiPath('evidences'), body, { headers: { Prefer: 'return=representation' } });
}

export function deleteEvidence(id: string): Promise<void> {
  return http.delete(dataApiPath('evidences'), { query: { id: pg.eq(id) } });
}

export function setDefinitionOfDone(id: string, definition_of_done: boolean, script?: string | null): Promise<unknown> {
  return http.post(`/api/evidences/${encodeURIComponent(id)}/definition-of-done`, {
    definition_of_done,
    script: script ?? null,
  });
}

export function setEvidenceDone(id: string, done: boolean): Promise<unknown> {
  return http.post(`/api/evidences/${encodeURIComponent(id)}/done`, { done });
}

export function evaluateDefinitionOfDone(incidentId: string): Promise<unknown> {
  return http.post(`/api/incidents/${encodeURIComponent(incidentId)}/definition-of-done/evaluate`);
}

export function addResponder(
  incidentId: string,
  body: { team_id?: string; person_id?: string; type: 'person' | 'system'; properties: Record<string, unknown> },
): Promise<Responder> {
  return http.post<Responder>(`/api/incidents/${encodeURIComponent(incidentId)}/responders`, body);
}

/** Soft delete (spec 01 §4). */
export function deleteResponder(id: string): Promise<unknown> {
  return http.patch(dataApiPath('responders'), { deleted_at: 'now()' }, { query: { id: pg.eq(id) } });
}

export function responderOptions(type: string, key: string, params: Record<string, string>): Promise<{ value: string; label: string }[]> {
  return http.get(`/api/incidents/responder-options/${encodeURIComponent(type)}/${encodeURIComponent(key)}`, { query: params });
}

export function createComment(body: { incident_id: string; hypothesis_id: string; comment: string }): Promise<unknown> {
  return http.post(dataApiPath('comments'), body, { headers: { Prefer: 'return=representation' } });
}

export function linkToIncident(body: Record<string, unknown>): Promise<unknown> {
  return http.post('/api/incidents/link', body);
}
