import type { Evidence, Hypothesis, Incident } from './types';

/** Every evidence of the incident, across its hypotheses, with the hypothesis it belongs to. */
export function allEvidences(incident: Pick<Incident, 'hypotheses'>): (Evidence & { hypothesis?: Hypothesis })[] {
  return (incident.hypotheses ?? []).flatMap((hypothesis) => (hypothesis.evidences ?? []).map((evidence) => ({ ...evidence, hypothesis })));
}

export function evidenceLabel(evidence: Evidence): string {
  return evidence.description || evidence.evidence?.comment || `${evidence.type} evidence`;
}
