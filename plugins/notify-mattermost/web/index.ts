import { PeopleChat20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The mattermost connection form (Settings → Connections): the incoming webhook URL, and the channel, username and icon it posts with. */
export const MATTERMOST_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'Incoming webhook URL (https://host/hooks/token)', kind: 'text', required: true },
  { name: 'properties.channel', label: 'Channel', kind: 'text' },
  { name: 'properties.username', label: 'Username', kind: 'text' },
  { name: 'properties.icon', label: 'Icon URL', kind: 'text' },
];

/** The rule form's "Others" recipient on Mattermost: a post through a Mattermost incoming webhook (`mattermost://[user@]host[:port]/token[/channel]` or a mattermost connection). */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'mattermost',
      label: 'Mattermost',
      icon: PeopleChat20Regular,
      urlExample: 'mattermost://mattermost.example.com/hooktoken/alerts',
      connectionTypes: ['mattermost'],
      order: 60,
    });
    ctx.add('connection.types', { id: 'mattermost', label: 'Mattermost', icon: PeopleChat20Regular, fields: MATTERMOST_CONNECTION_FIELDS, order: 160 });
  },
});
