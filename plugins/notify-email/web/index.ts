import { Mail20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The rule form's "Others" recipient by email: an `smtp://` URL or an smtp connection (with `to` in its properties). */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'email',
      label: 'Email',
      icon: Mail20Regular,
      urlExample: 'smtp://user:password@smtp.example.com:587/?from=alerts@example.com&to=oncall@example.com,ops@example.com',
      connectionTypes: ['smtp'],
      order: 10,
    });
  },
});
