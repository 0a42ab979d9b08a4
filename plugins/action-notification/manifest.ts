import type { PluginManifest } from '@contracts';

/** Playbook action type `notification`: an email through an smtp connection, or a JSON webhook. */
const manifest: PluginManifest = { id: 'action-notification', title: 'Notification action', feature: 'playbooks', resources: ['playbooks'] };

export default manifest;
