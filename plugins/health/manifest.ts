import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'health',
  title: 'Health',
  feature: 'health',
  resources: ['canaries'],
};

export default manifest;
