import { Organization20Regular, DataTreemap20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { settingsTableRoutes } from '@web/core/settings/settingsTables';
import manifest from '../manifest';
import { TOPOLOGIES_TABLE } from './settings/topologiesTable';

const readTopology = { resource: 'topologies', action: 'read' } as const;

/**
 * Topology (spec 02 Topology, spec 03 topology editor): the card grid at /topology and /topology/:id with its side
 * panel, the standalone card at /view/topology/:id, and the topology specs under Settings.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', { id: 'topology', title: 'Topology', icon: Organization20Regular, path: '/topology', section: 'main', order: 10, permission: readTopology });
    ctx.add('routes', { path: '/topology', permission: readTopology, load: () => import('./pages/TopologyPage') });
    ctx.add('routes', { path: '/topology/:id', permission: readTopology, load: () => import('./pages/TopologyPage') });
    // Standalone (spec 02): one card, without the console's header and sidebar, so it can be embedded.
    ctx.add('routes', { path: '/view/topology/:id', bare: true, permission: readTopology, load: () => import('./pages/StandaloneComponentPage') });
    ctx.add('nav', {
      id: 'topologies',
      title: 'Topology',
      icon: DataTreemap20Regular,
      path: '/settings/topologies',
      section: 'settings',
      order: 115,
      permission: readTopology,
      feature: 'settings.topology',
    });
    ctx.add('settings.tables', TOPOLOGIES_TABLE);
    for (const route of settingsTableRoutes(TOPOLOGIES_TABLE)) ctx.add('routes', route);
  },
});
