import type { PluginManifest } from '@contracts';

/** Playbook action type `http` (spec 02 Playbooks): one HTTP request through the outbound policy. */
const manifest: PluginManifest = { id: 'action-http', title: 'HTTP action', feature: 'playbooks' };

export default manifest;
