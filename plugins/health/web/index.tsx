import { HeartPulse20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { settingsTableRoutes } from '@web/core/settings/settingsTables';
import manifest from '../manifest';
import { YAML_ONLY_CHECK_TYPES } from './checkTypes';
import { CANARIES_SETTINGS_PATH, HEALTH_PATH } from './healthApi';
import { CANARIES_TABLE } from './settings/canariesTable';

const readCanaries = { resource: 'canaries', action: 'read' } as const;

/**
 * Health (spec 02 Health, spec 03 health check editors): the dashboard at /health (the check detail modal opens
 * from its `checkId` query parameter) and the canary list and editor under /settings/canaries. Check types add
 * their label, icon and editor fields through `health.checkTypes` (plugins/check-<type>/web); the spec's types that no
 * plugin runs yet are contributed here, so the editor offers them (as YAML) in the spec's order.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', { id: 'health', title: 'Health', icon: HeartPulse20Regular, path: HEALTH_PATH, section: 'main', order: 20, permission: readCanaries });
    ctx.add('routes', { path: HEALTH_PATH, permission: readCanaries, load: () => import('./dashboard/HealthPage') });
    ctx.add('nav', {
      id: 'canaries',
      title: 'Health Checks',
      icon: HeartPulse20Regular,
      path: CANARIES_SETTINGS_PATH,
      section: 'settings',
      order: 120,
      permission: readCanaries,
    });
    ctx.add('settings.tables', CANARIES_TABLE);
    for (const route of settingsTableRoutes(CANARIES_TABLE)) ctx.add('routes', route);
    // Placeholders: a plugin folder that implements one of these types replaces its entry (fallback).
    for (const type of YAML_ONLY_CHECK_TYPES) ctx.add('health.checkTypes', { ...type, fallback: true });
  },
});
