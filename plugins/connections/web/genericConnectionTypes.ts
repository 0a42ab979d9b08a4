import { Database20Regular, Globe20Regular, Link20Regular } from '@fluentui/react-icons';
import type { FieldSpec, TypeExtension } from '@web/core/plugin-host';

const HTTP_FIELDS: readonly FieldSpec[] = [
  { name: 'url', label: 'URL', kind: 'text', required: true },
  { name: 'username', label: 'Username', kind: 'text' },
  { name: 'password', label: 'Password', kind: 'secret' },
  { name: 'insecure_tls', label: 'Skip TLS verification', kind: 'boolean' },
];

/**
 * Connection types without a test that this plugin offers itself; types with a test (smtp, jira, service_now,
 * ms_planner) come from their responder plugins on `connection.types`, and the notification channels' types (slack,
 * discord, teams, mattermost, ntfy, telegram, opsgenie, pagerduty) from their `plugins/notify-<type>/web`.
 */
export const GENERIC_CONNECTION_TYPES: readonly TypeExtension[] = [
  { id: 'http', label: 'HTTP', icon: Globe20Regular, fields: HTTP_FIELDS, order: 100 },
  { id: 'webhook', label: 'Webhook', icon: Link20Regular, fields: [{ name: 'url', label: 'URL', kind: 'text', required: true }], order: 110 },
  {
    id: 'postgres',
    label: 'PostgreSQL',
    icon: Database20Regular,
    order: 120,
    fields: [
      { name: 'url', label: 'Connection URL (postgres://host:5432/db)', kind: 'text', required: true },
      { name: 'username', label: 'Username', kind: 'text' },
      { name: 'password', label: 'Password', kind: 'secret' },
    ],
  },
];
