import { AlertUrgent20Regular } from '@fluentui/react-icons';
import { definePlugin, type FieldSpec } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The opsgenie connection form (Settings → Connections): the API key (Opsgenie's API at https://api.opsgenie.com unless the URL says otherwise). */
export const OPSGENIE_CONNECTION_FIELDS: readonly FieldSpec[] = [
  { name: 'password', label: 'API key', kind: 'secret', required: true },
  { name: 'url', label: 'API URL (optional: https://api.opsgenie.com by default, https://api.eu.opsgenie.com in the EU)', kind: 'text' },
];

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
    ctx.add('connection.types', { id: 'opsgenie', label: 'Opsgenie', icon: AlertUrgent20Regular, fields: OPSGENIE_CONNECTION_FIELDS, order: 190 });
  },
});
