import { Alert20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The ntfy connection form (Settings → Connections): the server (ntfy.sh unless the URL says otherwise), the topic and optional credentials. */
export const NTFY_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'properties.topic', label: 'Topic', kind: 'text' },
  { name: 'url', label: 'Server URL (optional: https://ntfy.sh by default)', kind: 'text' },
  { name: 'username', label: 'Username', kind: 'text' },
  { name: 'password', label: 'Password, or an access token without a username', kind: 'secret' },
];

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
    ctx.add('connection.types', { id: 'ntfy', label: 'ntfy', icon: Alert20Regular, fields: NTFY_CONNECTION_FIELDS, order: 170 });
  },
});
