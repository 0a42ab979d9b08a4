import type { PluginManifest } from '@contracts';

const manifest: PluginManifest = {
  id: 'catalog',
  title: 'Catalog',
  feature: 'config',
  resources: ['database', 'config_scrapers'],
};

export default manifest;
