import { type CountedRows, dataApiPath, http, pg, request, totalFromContentRange, withQuery } from '@web/core/api';
import type { SettingsResource, SettingsTable } from './types';

/** Spec 03 §9: settings list limit 100. */
export const SETTINGS_LIST_LIMIT = 100;
export const NEW_RESOURCE_ID = 'new';
export const NO_RESOURCES_MESSAGE = 'No resources found';

export type ListSort = { column: string; direction: 'asc' | 'desc' };

/**
 * The list's data-API key (spec 03 §7): `GET /{view}?select=*,created_by(...)&order=...&deleted_at=is.null&limit=100`,
 * one page of 100 (a stable second key keeps equal rows in order across pages).
 */
export function settingsListKey(table: Pick<SettingsTable, 'view' | 'select'>, sort: ListSort, pageIndex: number): string {
  return withQuery(dataApiPath(table.view), {
    select: table.select,
    order: `${pg.order(sort.column, sort.direction)},id.asc`,
    deleted_at: pg.is('null'),
    limit: SETTINGS_LIST_LIMIT,
    offset: pageIndex ? pageIndex * SETTINGS_LIST_LIMIT : undefined,
  });
}

export async function fetchSettingsPage(key: string): Promise<CountedRows<SettingsResource>> {
  const response = await request<SettingsResource[]>(key, { headers: { Prefer: 'count=exact' } });
  const rows = response.data ?? [];
  return { rows, total: totalFromContentRange(response.headers.get('content-range')) ?? rows.length };
}

/** `GET /{table}?id=eq.{id}` (live records only): the detail page's default reader. */
export const settingsResourceKey = (table: string, id: string) => withQuery(dataApiPath(table), { id: pg.eq(id), deleted_at: pg.is('null'), select: '*' });

/** One live record, or null when there is none with this id. */
export async function fetchSettingsResource(table: string, id: string): Promise<SettingsResource | null> {
  const rows = await http.get<SettingsResource[]>(settingsResourceKey(table, id));
  return rows?.[0] ?? null;
}

/** `POST /{table}`: the new record as stored. */
export async function createSettingsResource(table: string, body: Record<string, unknown>): Promise<SettingsResource> {
  const rows = await http.post<SettingsResource[]>(dataApiPath(table), body, { headers: { Prefer: 'return=representation' } });
  return rows[0];
}

/** `PATCH /{table}?id=eq.{id}`. */
export function updateSettingsResource(table: string, id: string, body: Record<string, unknown>): Promise<unknown> {
  return http.patch(dataApiPath(table), body, { query: { id: pg.eq(id) } });
}

/** Spec 03 §4: deletes of settings resources are soft — a PATCH setting deleted_at to now. */
export function softDeleteSettingsResource(table: string, id: string): Promise<unknown> {
  return http.patch(dataApiPath(table), { deleted_at: 'now()' }, { query: { id: pg.eq(id) } });
}
