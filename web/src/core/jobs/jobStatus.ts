import type { JobDetails } from './types';

export type JobStatusColor = 'warning' | 'severe' | 'success' | 'danger' | 'informative';

/** Job status colours (spec 03 §4): running yellow, warning orange, success green, failed and stopped red. */
export function jobStatusColor(status: string | null | undefined): JobStatusColor {
  switch ((status ?? '').toUpperCase()) {
    case 'RUNNING':
      return 'warning';
    case 'WARNING':
      return 'severe';
    case 'SUCCESS':
      return 'success';
    case 'FAILED':
    case 'STOPPED':
      return 'danger';
    default:
      return 'informative';
  }
}

/** Whether a value is worth a tab: not null, '', [] or {} (errors may be a string, a list or a map). */
export function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

export type JobDetailsTab = 'errors' | 'scrape' | 'reconcile';

export const JOB_DETAILS_TABS: readonly { value: JobDetailsTab; label: string; content(details: JobDetails): unknown }[] = [
  { value: 'errors', label: 'Errors', content: (details) => details.errors },
  { value: 'scrape', label: 'Scrape Summary', content: (details) => details.scrape_summary },
  { value: 'reconcile', label: 'Reconcile Summary', content: (details) => details.summary },
];

function asDetails(details: unknown): JobDetails | null {
  return details && typeof details === 'object' && !Array.isArray(details) ? (details as JobDetails) : null;
}

/** The tabs that have content, in the spec's order (the first is the default). */
export function jobDetailsTabs(details: unknown): JobDetailsTab[] {
  const object = asDetails(details);
  if (!object) return [];
  return JOB_DETAILS_TABS.filter((tab) => hasContent(tab.content(object))).map((tab) => tab.value);
}

/** Whether a job has anything for the details modal's tabs. */
export function hasJobDetails(details: unknown): boolean {
  return jobDetailsTabs(details).length > 0;
}

/** The content of one tab of a job's details. */
export function jobDetailsContent(details: unknown, tab: JobDetailsTab): unknown {
  const object = asDetails(details);
  return object ? JOB_DETAILS_TABS.find((t) => t.value === tab)!.content(object) : null;
}

/** `1234` → '1.2s'; `65000` → '1m 5s'; null → ''. */
export function formatJobDuration(millis: number | null | undefined): string {
  if (millis === null || millis === undefined) return '';
  if (millis < 1000) return `${millis}ms`;
  const seconds = millis / 1000;
  if (seconds < 60) return seconds < 10 ? `${seconds.toFixed(1)}s` : `${Math.floor(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${Math.floor(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
