import { PlayCircle20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The `playbook` action's fields in the playbook editor; `params` (a map) is edited in the Code tab. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('playbooks.actionTypes', {
      id: 'playbook',
      label: 'Run playbook',
      icon: PlayCircle20Regular,
      order: 90,
      fields: [{ name: 'name', label: 'Playbook (name or namespace/name)', kind: 'text', required: true }],
    });
  },
});
