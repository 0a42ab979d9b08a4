import { ChatMultiple20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The rule form's "Others" recipient on Discord: a message with an embed through a Discord webhook (`discord://token@webhookid` or a discord connection). */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'discord',
      label: 'Discord',
      icon: ChatMultiple20Regular,
      urlExample: 'discord://token@webhookid',
      connectionTypes: ['discord'],
      order: 50,
    });
  },
});
