import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'agents',
  title: 'Agents',
  feature: 'agents',
  resources: ['agents'],
};

export default manifest;
