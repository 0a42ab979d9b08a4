import { Send20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** Telegram as an "Others" recipient of a notification rule: a telegram:// URL or a telegram connection. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'telegram',
      label: 'Telegram',
      icon: Send20Regular,
      urlExample: 'telegram://123456:bot-token@telegram?chats=@alerts,123456789',
      connectionTypes: ['telegram'],
      order: 70,
    });
  },
});
