import { dataApiPath, http, pg, request } from '@web/core/api';
import type { SettingsListRow } from '@web/core/editor/SettingsListPage';

export const BACKENDS_PATH = '/settings/logging_backends';
export const NEW_BACKEND_ID = 'new';
export const backendPath = (id: string) => `${BACKENDS_PATH}/${encodeURIComponent(id)}`;

export const BACKENDS_TABLE = 'logging_backends';
/** The list's view: the table's rows with their last job (spec 03 settings lists). */
export const BACKENDS_VIEW = 'logging_backends_with_status';
export const BACKENDS_SELECT = '*,created_by(id,name)';
/** Columns of the view the list may be sorted by (log backends have no schedule). */
export const SORTABLE_COLUMNS = ['name', 'source', 'job_status', 'last_runtime', 'job_last_failed', 'created_at', 'updated_at'] as const;
/** Spec 03 §9: settings list limit 100. */
export const LIST_PAGE_SIZE = 100;

export type BackendListRow = SettingsListRow;

/** A stored logging backend (spec 03 §3: id, name, labels, spec, source, created_by, created_at, updated_at). */
export interface LoggingBackend {
  id: string;
  name: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown> | null;
  source: string | null;
  created_at: string;
  updated_at: string | null;
}

/** What a save sends: the data API writes these columns of `logging_backends`. */
export interface BackendInput {
  name: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

export const backendKey = (id: string) => `${dataApiPath(BACKENDS_TABLE)}?id=eq.${encodeURIComponent(id)}`;

/** One live backend; null when there is none with this id. */
export async function fetchBackend(id: string): Promise<LoggingBackend | null> {
  const response = await request<LoggingBackend[]>(dataApiPath(BACKENDS_TABLE), {
    query: { id: pg.eq(id), deleted_at: pg.is('null'), select: 'id,name,labels,spec,source,created_at,updated_at' },
  });
  return response.data?.[0] ?? null;
}

export async function createBackend(input: BackendInput): Promise<LoggingBackend> {
  const rows = await http.post<LoggingBackend[]>(dataApiPath(BACKENDS_TABLE), input, { headers: { Prefer: 'return=representation' } });
  return rows[0];
}

export function updateBackend(id: string, input: BackendInput): Promise<unknown> {
  return http.patch(dataApiPath(BACKENDS_TABLE), input, { query: { id: pg.eq(id) } });
}

/** Spec 03 §4: deletes of settings resources are soft (deleted_at set to now). */
export function deleteBackend(id: string): Promise<unknown> {
  return http.patch(dataApiPath(BACKENDS_TABLE), { deleted_at: 'now()' }, { query: { id: pg.eq(id) } });
}

/** The type's own check of a spec, without saving (`POST /api/logs/backends/validate`). */
export function validateBackendSpec(spec: Record<string, unknown>): Promise<{ errors?: string[] }> {
  return http.post<{ errors?: string[] }>('/api/logs/backends/validate', { spec });
}
