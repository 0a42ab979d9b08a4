import type { IncidentHistory } from './types';

const titleOf = (title: string | null | undefined) => title || '(no title)';

/** One sentence per changelog kind (spec 01 §4); the description carries the details the trigger wrote. */
export function changelogText(event: IncidentHistory): string {
  const detail = event.description ? `: ${event.description}` : '';
  const responder = event.responder?.team?.name ?? event.responder?.person?.name ?? event.description ?? '';
  switch (event.type) {
    case 'incident.created':
      return 'Created the incident';
    case 'incident.status_updated':
    case 'incident_status.updated':
      return `Changed the status${detail}`;
    case 'hypothesis.created':
      return `Created hypothesis ${titleOf(event.hypothesis?.title)}`;
    case 'hypothesis.status_updated':
      return `Changed the status of hypothesis ${titleOf(event.hypothesis?.title)}${detail}`;
    case 'evidence.created':
      return `Added evidence ${event.evidence?.description ?? event.description ?? ''}`.trim();
    case 'evidence.done_definition_added':
      return `Added evidence ${event.evidence?.description ?? event.description ?? ''} to the definition of done`.replace('  ', ' ');
    case 'responder.created':
      return `Added responder ${responder}`.trim();
    case 'responder.commented':
      return `Commented: ${event.comment?.comment ?? event.description ?? ''}`;
    default:
      return `${event.type}${detail}`;
  }
}
