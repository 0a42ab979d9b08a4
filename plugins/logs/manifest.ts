import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'logs',
  title: 'Logs',
  feature: 'logs',
  resources: ['logging_backends'],
};

export default manifest;
