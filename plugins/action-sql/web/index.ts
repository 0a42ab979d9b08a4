import { Database20Regular } from '@fluentui/react-icons';
import type { FieldSpec } from '@web/core/plugin-host';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The sql action's fields (all of them: secret references for username/password are written in the YAML). */
const fields: readonly FieldSpec[] = [
  {
    name: 'driver',
    label: 'Driver',
    kind: 'select',
    options: [
      { value: 'postgres', label: 'Postgres' },
      { value: 'mysql', label: 'MySQL / MariaDB' },
    ],
  },
  { name: 'connection', label: 'Connection (postgres://, mysql:// or connection://)', kind: 'text', required: true },
  { name: 'username', label: 'Username', kind: 'text' },
  { name: 'password', label: 'Password', kind: 'secret' },
  { name: 'query', label: 'Statement', kind: 'textarea', required: true },
  { name: 'maxRows', label: 'Rows kept (default 1000)', kind: 'number' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('playbooks.actionTypes', { id: 'sql', label: 'SQL', icon: Database20Regular, order: 30, fields });
  },
});
