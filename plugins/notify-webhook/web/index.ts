import { PlugConnected20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The rule form's "Others" recipient as a plain webhook: a JSON POST, signed with HMAC-SHA256 when a secret is set. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'webhook',
      label: 'Webhook',
      icon: PlugConnected20Regular,
      urlExample: 'generic+https://hooks.example.com/alerts?@Authorization=Bearer%20token&titlekey=title&messagekey=message',
      connectionTypes: ['webhook', 'http'],
      order: 20,
    });
  },
});
