import { AlertUrgent20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** Opsgenie as an "Others" recipient of a notification rule: an opsgenie:// URL or an opsgenie connection. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'opsgenie',
      label: 'Opsgenie',
      icon: AlertUrgent20Regular,
      urlExample: 'opsgenie://api.opsgenie.com/api-key',
      connectionTypes: ['opsgenie'],
      order: 80,
    });
  },
});
