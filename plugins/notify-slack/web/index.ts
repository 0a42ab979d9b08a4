import { Chat20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** Slack as an "Others" recipient of a notification rule: a slack:// URL or a slack connection. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'slack',
      label: 'Slack',
      icon: Chat20Regular,
      urlExample: 'slack://xoxb-token@alerts',
      connectionTypes: ['slack'],
      order: 30,
    });
  },
});
