import { Alert20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The rule form's "Others" recipient on ntfy: a push through an ntfy server (ntfy.sh or your own), by `ntfy://` URL or an ntfy connection. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('notifications.channels', {
      id: 'ntfy',
      label: 'ntfy',
      icon: Alert20Regular,
      urlExample: 'ntfy://ntfy.sh/my-alerts?priority=high&tags=ops',
      connectionTypes: ['ntfy'],
      order: 70,
    });
  },
});
