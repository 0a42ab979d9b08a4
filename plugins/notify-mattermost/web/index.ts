import { PeopleChat20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

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
  },
});
