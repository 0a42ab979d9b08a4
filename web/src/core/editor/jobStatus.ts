/** Job status colours (spec 03 §4): running yellow, warning orange, success green, failed and stopped red. */
export function jobStatusColor(status: string | null): 'warning' | 'severe' | 'success' | 'danger' | 'informative' {
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

/** Whether a job's details hold anything worth showing (errors may be a string, a list or a map). */
export function hasJobDetails(details: unknown): boolean {
  if (details === null || details === undefined || details === '') return false;
  if (Array.isArray(details)) return details.length > 0;
  if (typeof details === 'object') return Object.keys(details).length > 0;
  return true;
}
