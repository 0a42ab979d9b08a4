import type { ResponderIncident } from '@contracts';

/** The footer every responder message carries so the recipient can find the incident. */
export function incidentFooter(incident: ResponderIncident): string {
  return ['', '--', `Incident ${incident.incident_id}: ${incident.title}`, `Severity ${incident.severity}, status ${incident.status}`, incident.url].join('\n');
}
