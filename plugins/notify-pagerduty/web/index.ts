import { AlertBadge20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The pagerduty connection form (Settings → Connections): the Events API v2 integration key (https://events.pagerduty.com unless the URL says otherwise). */
export const PAGERDUTY_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'password', label: 'Integration key (Events API v2)', kind: 'secret', required: true },
  { name: 'url', label: 'Events API URL (optional: https://events.pagerduty.com by default)', kind: 'text' },
];

/** PagerDuty as an "Others" recipient of a notification rule: a pagerduty:// URL or a pagerduty connection. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'pagerduty',
      label: 'PagerDuty',
      icon: AlertBadge20Regular,
      urlExample: 'pagerduty://events.pagerduty.com/integration-key',
      connectionTypes: ['pagerduty'],
      order: 90,
    });
    ctx.add('connection.types', { id: 'pagerduty', label: 'PagerDuty', icon: AlertBadge20Regular, fields: PAGERDUTY_CONNECTION_FIELDS, order: 200 });
  },
});
