import type { CanaryDocument, CanaryInput, CheckGraphPoint, CheckStatusRow, CheckSummary } from '@contracts';
import { dataApiPath, http, pg, request, totalFromContentRange, withQuery } from '@web/core/api';

/** Routes of the health area. */
export const HEALTH_PATH = '/health';
export const CANARIES_SETTINGS_PATH = '/settings/canaries';
export const canarySettingsPath = (id: string) => `${CANARIES_SETTINGS_PATH}/${encodeURIComponent(id)}`;

const SUMMARY_PATH = '/api/canary/api/summary';

/** The dashboard's read: per check status, uptime and latency over `timeRange`. Abortable (spec 02 §7). */
export async function fetchSummary(
  query: { timeRange: string; labels?: Record<string, string>; check_id?: string },
  signal?: AbortSignal,
): Promise<CheckSummary[]> {
  const response = await request<{ checks_summary: CheckSummary[] }>(SUMMARY_PATH, { method: 'POST', body: query, signal });
  return response.data.checks_summary;
}

/** Run Now (admin, editor, responder, commander; enforced by the gateway). Returns the stored result. */
export function runCheckNow(checkId: string): Promise<CheckStatusRow> {
  return http.post<CheckStatusRow>(`/api/canary/run/check/${encodeURIComponent(checkId)}`, {});
}

export function graphKey(checkId: string, timeRange: string): string {
  return withQuery('/api/canary/api/graph', { check_id: checkId, timeRange });
}
export type CheckGraph = { bucket_seconds: number; points: CheckGraphPoint[] };

/** One page of a check's status history, newest first, with the exact total (Prefer: count=exact). */
export async function fetchCheckHistory(params: {
  checkId: string;
  since: string;
  page: number;
  pageSize: number;
  /** true = healthy only, false = unhealthy only. */
  status?: boolean;
  /** Only results that took at least this many milliseconds. */
  minDurationMs?: number;
  signal?: AbortSignal;
}): Promise<{ data: CheckStatusRow[]; totalEntries: number }> {
  const query: Record<string, string> = {
    check_id: pg.eq(params.checkId),
    time: pg.gt(params.since),
    order: pg.order('time', 'desc'),
    limit: String(params.pageSize),
    offset: String(params.page * params.pageSize),
  };
  if (params.status !== undefined) query.status = pg.eq(params.status);
  if (params.minDurationMs !== undefined) query.duration = pg.gte(params.minDurationMs);
  const response = await request<CheckStatusRow[]>(dataApiPath('check_statuses'), {
    query,
    headers: { Prefer: 'count=exact' },
    signal: params.signal,
  });
  return { data: response.data, totalEntries: totalFromContentRange(response.headers.get('content-range')) ?? response.data.length };
}

/** A check with its spec and canary, for the detail modal. */
export function checkKey(checkId: string): string {
  return withQuery(dataApiPath('checks'), {
    id: pg.eq(checkId),
    select: '*,canary:canary_id(id,name,namespace,schedule)',
  });
}

/** Canary documents (contracts/src/canary-spec.ts): the gateway validates and writes the canary with its checks in one transaction. */
export type { CanaryDocument, CanaryInput };

export const canaryKey = (id: string) => `/api/canaries/${encodeURIComponent(id)}`;
export const createCanary = (input: CanaryInput) => http.post<CanaryDocument>('/api/canaries', input);
export const updateCanary = (id: string, input: CanaryInput) => http.put<CanaryDocument>(canaryKey(id), input);
export const deleteCanary = (id: string) => http.delete<void>(canaryKey(id));
/** Validates without saving: `{errors: [{message, line?, column?, path?}]}`, empty when the document is valid. */
export const validateCanary = (input: CanaryInput) =>
  http.post<{ errors: Array<{ message: string; line?: number; column?: number; path?: string }> }>('/api/canaries/validate', input);
