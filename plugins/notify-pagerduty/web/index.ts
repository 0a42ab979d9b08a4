import { AlertBadge20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

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
  },
});
