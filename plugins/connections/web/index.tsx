import { PlugConnected20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { manifest } from '../manifest';
import { GENERIC_CONNECTION_TYPES } from './genericConnectionTypes';

export const CONNECTIONS_ROUTE = '/settings/connections';

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'connections',
      title: 'Connections',
      icon: PlugConnected20Regular,
      path: CONNECTIONS_ROUTE,
      section: 'settings',
      order: 200,
      permission: { resource: 'connections', action: 'read' },
    });
    ctx.add('routes', {
      path: CONNECTIONS_ROUTE,
      section: 'settings',
      permission: { resource: 'connections', action: 'read' },
      load: () => import('./ConnectionsPage'),
    });
    for (const type of GENERIC_CONNECTION_TYPES) ctx.add('connection.types', type);
  },
});
