import type { Property, PropertyInput } from '@contracts';
import { API_PATHS, http } from '@web/core/api';

/** The list's SWR key. */
export const PROPERTIES_PATH = '/api/properties';

/** After a change the list and the effective feature states (sidebar, routes) are stale. */
export const KEYS_CHANGED_BY_WRITES = [PROPERTIES_PATH, API_PATHS.features] as const;

export function createFeatureFlag(input: PropertyInput): Promise<Property> {
  return http.post<Property>(PROPERTIES_PATH, input);
}

export function updateFeatureFlag(name: string, changes: Omit<PropertyInput, 'name'>): Promise<Property> {
  return http.patch<Property>(PROPERTIES_PATH, changes, { query: { name } });
}

export function deleteFeatureFlag(name: string): Promise<void> {
  return http.delete(PROPERTIES_PATH, { query: { name } });
}
