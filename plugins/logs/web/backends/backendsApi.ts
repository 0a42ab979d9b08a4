import { dataApiPath, http, pg, request } from '@web/core/api';

export const BACKENDS_PATH = '/settings/logging_backends';
export const NEW_BACKEND_ID = 'new';
export const backendPath = (id: string) => `${BACKENDS_PATH}/${encodeURIComponent(id)}`;

export const BACKENDS_TABLE = 'logging_backends';
/** The list's view (core's settings list), refreshed after a save or delete. */
export const BACKENDS_VIEW = 'logging_backends_with_status';

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
