import { PeopleTeam20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The teams connection form (Settings → Connections): the incoming webhook's or workflow's URL. */
export const TEAMS_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'Webhook URL (incoming webhook or Workflows)', kind: 'text', required: true },
];

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
    ctx.add('connection.types', { id: 'teams', label: 'Microsoft Teams', icon: PeopleTeam20Regular, fields: TEAMS_CONNECTION_FIELDS, order: 150 });
  },
});
