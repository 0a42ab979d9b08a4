import { BookOpen20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

const readPlaybooks = { resource: 'playbooks', action: 'read' } as const;
const readRuns = { resource: 'playbook_runs', action: 'read' } as const;

/**
 * Playbooks (spec 02 Playbooks): /playbooks (cards by category, the spec form, the run dialog), /playbooks/runs and a
 * run's page at /playbooks/runs/:id. Other areas place the run button through `playbooks.runButton` (config detail,
 * check detail, component panel). Action types add their label and fields through `playbooks.actionTypes`
 * (plugins/action-<type>/web).
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', { id: 'playbooks', title: 'Playbooks', icon: BookOpen20Regular, path: '/playbooks', section: 'main', order: 50, permission: readPlaybooks });
    ctx.add('routes', { path: '/playbooks', permission: readPlaybooks, load: () => import('./pages/PlaybooksPage') });
    ctx.add('routes', { path: '/playbooks/runs', permission: readRuns, load: () => import('./pages/PlaybookRunsPage') });
    ctx.add('routes', { path: '/playbooks/runs/:id', permission: readRuns, load: () => import('./pages/PlaybookRunPage') });
    ctx.add('playbooks.runButton', {
      id: 'playbooks',
      permission: { resource: 'playbook_runs', action: 'write' },
      load: () => import('./run/PlaybookRunButton'),
    });
  },
});
