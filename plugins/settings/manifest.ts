import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'settings',
  title: 'Settings',
  resources: ['connections', 'logging_backends', 'integrations', 'database'],
};

export default manifest;
