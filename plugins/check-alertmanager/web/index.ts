import { AlertUrgent20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The Alertmanager check's editor fields (spec 03 health check editors); the gateway runner validates the same fields. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'alertmanager',
      order: 90,
      label: 'Alert Manager',
      icon: AlertUrgent20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'url', label: 'URL', kind: 'text', required: true },
        { name: 'alerts', label: 'Alert names (one per line, regex)', kind: 'textarea' },
        { name: 'ignore', label: 'Ignore alert names (one per line, regex)', kind: 'textarea' },
        { name: 'username', label: 'Username', kind: 'text' },
        { name: 'password', label: 'Password', kind: 'secret' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
