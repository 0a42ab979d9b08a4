import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'feature-flags',
  title: 'Feature Flags',
  feature: 'settings.feature_flags',
  resources: ['properties'],
};

export default manifest;
