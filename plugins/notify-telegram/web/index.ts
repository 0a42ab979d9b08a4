import { Send20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The telegram connection form (Settings → Connections): the bot token and the chats (Telegram's Bot API at https://api.telegram.org unless the URL says otherwise). */
export const TELEGRAM_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'password', label: 'Bot token (123456:ABC…)', kind: 'secret', required: true },
  { name: 'properties.chats', label: 'Chats (@channel or chat ids, comma-separated)', kind: 'text' },
  { name: 'url', label: 'Bot API URL (optional: https://api.telegram.org by default)', kind: 'text' },
];

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
    ctx.add('connection.types', { id: 'telegram', label: 'Telegram', icon: Send20Regular, fields: TELEGRAM_CONNECTION_FIELDS, order: 180 });
  },
});
