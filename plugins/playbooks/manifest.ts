import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'playbooks',
  title: 'Playbooks',
  feature: 'playbooks',
  resources: ['playbooks', 'playbook_runs'],
};

export default manifest;
