import type { Severity } from '@contracts';

/** The severity filter's choices (spec 01 §4): All, critical, high, medium, low, Info. */
export const SEVERITY_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'critical', label: 'critical' },
  { value: 'high', label: 'high' },
  { value: 'medium', label: 'medium' },
  { value: 'low', label: 'low' },
  { value: 'info', label: 'Info' },
] as const;

const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** How a severity reads in the incident list: Low is merged into Medium there (spec 01 §4). */
export function listSeverityLabel(severity: Severity | string | null | undefined): string {
  if (!severity) return '';
  return capitalize(severity === 'low' ? 'medium' : severity);
}

export function severityLabel(severity: string | null | undefined): string {
  return severity ? capitalize(severity) : '';
}
