import { DocumentText20Regular, TextBulletListSquare20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { settingsTableRoutes } from '@web/core/settings/settingsTables';
import manifest from '../manifest';
import { LOGGING_BACKENDS_TABLE } from './backends/backendsTable';

const readLogs = { resource: 'topologies', action: 'read' } as const;
const readBackends = { resource: 'logging_backends', action: 'read' } as const;

/**
 * Logs (spec 01 /logs, spec 03 Log Backends): the logs viewer of a component's logs, and the logging backends
 * under Settings. Backend types add their label and a starter spec through `logs.backendTypes`
 * (plugins/logs-<type>/web).
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', { id: 'logs', title: 'Logs', icon: TextBulletListSquare20Regular, path: '/logs', section: 'main', order: 35, permission: readLogs });
    ctx.add('routes', { path: '/logs', permission: readLogs, load: () => import('./pages/LogsPage') });
    ctx.add('nav', {
      id: 'logging_backends',
      title: 'Log Backends',
      icon: DocumentText20Regular,
      path: '/settings/logging_backends',
      section: 'settings',
      order: 130,
      permission: readBackends,
      feature: 'settings.logging_backends',
    });
    ctx.add('settings.tables', LOGGING_BACKENDS_TABLE);
    for (const route of settingsTableRoutes(LOGGING_BACKENDS_TABLE)) ctx.add('routes', route);
  },
});
