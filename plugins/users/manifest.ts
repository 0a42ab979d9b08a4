import type { PluginManifest } from '@contracts';

/** Users and teams (spec 03). Each part has its own feature: settings.users (Users), settings.teams (Teams). */
const manifest: PluginManifest = {
  id: 'users',
  title: 'Users and teams',
  resources: ['identities', 'database'],
};

export default manifest;
