import { PeopleTeam20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** Microsoft Teams as an "Others" recipient of a notification rule: a teams:// webhook URL or a teams connection. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'teams',
      label: 'Microsoft Teams',
      icon: PeopleTeam20Regular,
      urlExample: 'teams://example.webhook.office.com/webhookb2/…/IncomingWebhook/…/…',
      connectionTypes: ['teams'],
      order: 40,
    });
  },
});
