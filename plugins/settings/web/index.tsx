import { PlugConnected20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

const feature = 'settings.integrations' as const;

/**
 * Settings (spec 03 §2 Integrations): /settings/integrations lists scrapers, topologies and log backends together
 * with the Add Integration dialog; /settings/integrations/{type}/{id} opens one in its own table's editor.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'integrations',
      title: 'Integrations',
      icon: PlugConnected20Regular,
      path: '/settings/integrations',
      section: 'settings',
      order: 105,
      permission: { resource: 'integrations', action: 'read' },
      feature,
    });
    ctx.add('routes', {
      path: '/settings/integrations',
      section: 'settings',
      permission: { resource: 'integrations', action: 'read' },
      feature,
      load: () => import('./pages/IntegrationsPage'),
    });
    // Spec 03 §6: the integration detail needs write.
    ctx.add('routes', {
      path: '/settings/integrations/:type/:id',
      section: 'settings',
      permission: { resource: 'integrations', action: 'write' },
      feature,
      load: () => import('./pages/IntegrationPage'),
    });
  },
});
