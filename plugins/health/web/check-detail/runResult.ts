import type { CheckStatusRow } from '@contracts';

/** What Run Now reports: passed, failed or invalid, with the result's message (or error). */
export function runResultMessage(row: Pick<CheckStatusRow, 'status' | 'invalid' | 'message' | 'error'>): {
  intent: 'success' | 'error';
  text: string;
} {
  const detail = (row.status && !row.invalid ? row.message || row.error : row.error || row.message)?.trim();
  const outcome = row.invalid ? 'invalid' : row.status ? 'passed' : 'failed';
  return { intent: outcome === 'passed' ? 'success' : 'error', text: `Check ${outcome}${detail ? `: ${detail}` : ''}` };
}
