import type { PluginManifest } from '@contracts';

/** Playbook action type `exec` (spec 02 Playbooks): a bash script run in the core sandbox. */
const manifest: PluginManifest = { id: 'action-exec', title: 'Exec action', feature: 'playbooks' };

export default manifest;
