import { BranchFork20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The `gitops` action's fields in the playbook editor: the repository, its branch and credentials, and the commit.
 * `files` (a list of {path, content | patch | delete}) is edited in the Code tab.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('playbooks.actionTypes', {
      id: 'gitops',
      label: 'GitOps',
      icon: BranchFork20Regular,
      order: 70,
      fields: [
        { name: 'repo.url', label: 'Repository (http(s) URL or connection://name)', kind: 'text', required: true },
        { name: 'repo.branch', label: 'Branch (default main)', kind: 'text' },
        { name: 'repo.username', label: 'Username', kind: 'text' },
        { name: 'repo.password', label: 'Password or token', kind: 'secret' },
        { name: 'commit.message', label: 'Commit message', kind: 'textarea', required: true },
        { name: 'commit.author.name', label: 'Author name', kind: 'text' },
        { name: 'commit.author.email', label: 'Author email', kind: 'text' },
      ],
    });
  },
});
