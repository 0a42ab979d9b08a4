import { allowedIncidentStatuses, type IncidentStatus } from '@contracts';

/** The status control's choices: exactly the transition table (spec 01 §4); the server enforces it too. */
export function statusChoices(current: string | null | undefined): readonly IncidentStatus[] {
  return allowedIncidentStatuses(current);
}

/** Mitigated and resolved first ask for contributing factors. */
export function asksForContributingFactors(status: string): boolean {
  return status === 'mitigated' || status === 'resolved';
}

/** The top-level toggle: Close when open, else Reopen; flips between open and closed. */
export function closeToggle(status: string | null | undefined): { label: 'Close' | 'Reopen'; target: IncidentStatus } {
  return status === 'open' ? { label: 'Close', target: 'closed' } : { label: 'Reopen', target: 'open' };
}

export const STATUS_UPDATED = 'Incident status updated successfully';
export const STATUS_UPDATE_FAILED = 'Incident status updated failed';
export const SELECT_EVIDENCE_MESSAGE = 'Please select atleast one evidence';
