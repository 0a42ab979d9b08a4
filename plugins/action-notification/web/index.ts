import { Alert20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The `notification` action's fields in the playbook editor: an email (`to`, optionally through `connection`) or a
 * webhook (`url`), one of the two. `properties` (a map) is edited in the Code tab.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('playbooks.actionTypes', {
      id: 'notification',
      label: 'Notification',
      icon: Alert20Regular,
      order: 60,
      fields: [
        { name: 'title', label: 'Title', kind: 'text' },
        { name: 'message', label: 'Message (Markdown)', kind: 'textarea', required: true },
        { name: 'to', label: 'To (email addresses, one per line)', kind: 'lines' },
        { name: 'connection', label: 'SMTP connection (connection://name)', kind: 'text' },
        { name: 'url', label: 'Webhook URL (instead of email)', kind: 'text' },
      ],
    });
  },
});
