import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'notifications',
  title: 'Notifications',
  feature: 'settings.notifications',
  resources: ['notifications'],
};

export default manifest;
