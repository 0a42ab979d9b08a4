import { PlugConnected20Regular } from '@fluentui/react-icons';
import { AGENTS_READ } from '@contracts';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';
import { AGENTS_PATH, AGENTS_SETTINGS_PATH } from './agentsApi';

/** Agents (spec 02 Agents): the list at /agents, also reachable under Settings as /settings/agents. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'agents',
      title: 'Agents',
      icon: PlugConnected20Regular,
      path: AGENTS_SETTINGS_PATH,
      section: 'settings',
      order: 850,
      permission: AGENTS_READ,
      feature: 'agents',
    });
    ctx.add('routes', { path: AGENTS_PATH, permission: AGENTS_READ, feature: 'agents', load: () => import('./AgentsPage') });
    ctx.add('routes', { path: AGENTS_SETTINGS_PATH, section: 'settings', permission: AGENTS_READ, feature: 'agents', load: () => import('./AgentsPage') });
  },
});
