import { Chat20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The slack connection form (Settings → Connections): a bot token and a channel (Slack's API at https://slack.com unless the URL says otherwise), or an incoming webhook's URL. */
export const SLACK_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'password', label: 'Bot token (xoxb-…)', kind: 'secret' },
  { name: 'properties.channel', label: 'Channel', kind: 'text' },
  { name: 'url', label: 'URL (optional: https://slack.com by default; an incoming webhook URL to post there without a token)', kind: 'text' },
];

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
    ctx.add('connection.types', { id: 'slack', label: 'Slack', icon: Chat20Regular, fields: SLACK_CONNECTION_FIELDS, order: 130 });
  },
});
