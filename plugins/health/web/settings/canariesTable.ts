import { HeartPulse20Regular } from '@fluentui/react-icons';
import type { SettingsTableExtension } from '@web/core/settings/types';
import { CANARIES_SETTINGS_PATH, canaryKey } from '../healthApi';

/**
 * `canaries` in core's settings pages (spec 03 §2): the list hides Namespace; a record is read, saved and deleted
 * through the canary API (`/api/canaries`: the check types' validation, soft delete), its job runs of type `canary`.
 */
export const CANARIES_TABLE: SettingsTableExtension = {
  id: 'canaries',
  title: 'Health Checks',
  path: CANARIES_SETTINGS_PATH,
  permission: { resource: 'canaries', action: 'read' },
  writePermission: { resource: 'canaries', action: 'write' },
  hiddenColumns: ['namespace'],
  select: '*,created_by(id,name,avatar)',
  resourceType: 'canary',
  empty: { icon: HeartPulse20Regular, title: 'No health checks yet' },
  resource: { key: canaryKey },
  editor: () => import('./CanarySpecTab'),
};
