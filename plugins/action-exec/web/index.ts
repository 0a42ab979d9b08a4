import { WindowConsole20Regular } from '@fluentui/react-icons';
import type { FieldSpec } from '@web/core/plugin-host';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The exec action's fields; `env` (a list of `{name, value | valueFrom}`) is written in the playbook's YAML. */
const fields: readonly FieldSpec[] = [{ name: 'script', label: 'Script (bash)', kind: 'textarea', required: true }];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('playbooks.actionTypes', {
      id: 'exec',
      label: 'Exec',
      icon: WindowConsole20Regular,
      order: 10,
      savePermission: { resource: 'exec', action: 'write' },
      savePermissionHint: 'Only administrators may add actions that run scripts on the console',
      fields,
    });
  },
});
