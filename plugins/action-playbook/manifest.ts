import type { PluginManifest } from '@contracts';

/** Playbook action type `playbook`: starts a run of another playbook and waits until it ends. */
const manifest: PluginManifest = { id: 'action-playbook', title: 'Playbook action', feature: 'playbooks', resources: ['playbooks'] };

export default manifest;
