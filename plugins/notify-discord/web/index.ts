import { ChatMultiple20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The discord connection form (Settings → Connections): the webhook URL Discord gives. */
export const DISCORD_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'Webhook URL (https://discord.com/api/webhooks/{id}/{token})', kind: 'text', required: true },
];

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
    ctx.add('connection.types', { id: 'discord', label: 'Discord', icon: ChatMultiple20Regular, fields: DISCORD_CONNECTION_FIELDS, order: 140 });
  },
});
