import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'topology',
  title: 'Topology',
  feature: 'topology',
  resources: ['topologies'],
};

export default manifest;
