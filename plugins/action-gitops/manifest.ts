import type { PluginManifest } from '@contracts';

/** Playbook action type `gitops`: commits file changes to a git repository and pushes them over HTTP(S). */
const manifest: PluginManifest = { id: 'action-gitops', title: 'GitOps action', feature: 'playbooks', resources: ['playbooks'] };

export default manifest;
