import { Globe20Regular } from '@fluentui/react-icons';
import type { FieldSpec } from '@web/core/plugin-host';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => ({ value: m, label: m }));

/** The http action's fields; `headers` (a map or a list of `{name, value | valueFrom}`) is written in the playbook's YAML. */
const fields: readonly FieldSpec[] = [
  { name: 'url', label: 'URL (http://, https:// or connection://)', kind: 'text', required: true },
  { name: 'method', label: 'Method', kind: 'select', options: METHODS },
  { name: 'body', label: 'Body', kind: 'textarea' },
  { name: 'username', label: 'Username', kind: 'text' },
  { name: 'password', label: 'Password', kind: 'secret' },
  { name: 'insecureSkipVerify', label: 'Skip TLS certificate verification', kind: 'boolean' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('playbooks.actionTypes', { id: 'http', label: 'HTTP', icon: Globe20Regular, order: 20, fields });
  },
});
