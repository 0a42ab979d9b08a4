import { DocumentText20Regular } from '@fluentui/react-icons';
import type { SettingsResource, SettingsTableExtension } from '@web/core/settings/types';
import { BACKENDS_PATH, BACKENDS_TABLE, backendKey, fetchBackend } from './backendsApi';

/**
 * `logging_backends` in core's settings pages (spec 03 §2): the list hides Schedule and Namespace (the default); a
 * record is read and written through the data API by the Log Backends form, which validates the spec as typed.
 */
export const LOGGING_BACKENDS_TABLE: SettingsTableExtension = {
  id: BACKENDS_TABLE,
  title: 'Log Backends',
  path: BACKENDS_PATH,
  permission: { resource: 'logging_backends', action: 'read' },
  feature: 'settings.logging_backends',
  writePermission: { resource: 'logging_backends', action: 'write' },
  resourceType: 'logging_backend',
  empty: { icon: DocumentText20Regular, title: 'No log backends yet' },
  resource: { key: backendKey, fetch: async (id) => (await fetchBackend(id)) as SettingsResource | null },
  editor: () => import('./LogBackendSpecTab'),
};
