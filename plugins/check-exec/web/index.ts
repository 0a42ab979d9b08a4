import { WindowConsole20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The exec check's editor fields (spec 03 health check editors); `env` (a list) is edited in the Code tab. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'exec',
      order: 80,
      label: 'Exec',
      icon: WindowConsole20Regular,
      savePermission: { resource: 'exec', action: 'write' },
      savePermissionHint: 'Only administrators may add checks that run scripts on the console',
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'script', label: 'Script (bash)', kind: 'textarea', required: true },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
