import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'users',
  title: 'Users and teams',
  feature: 'settings.users',
  resources: ['identities', 'database'],
};

export default manifest;
