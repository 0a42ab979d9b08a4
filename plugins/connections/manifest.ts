import type { PluginManifest } from '@contracts';

/** Connections (spec 03 §2, §3, §7): credentials other areas use; secrets are write-only. */
export const manifest: PluginManifest = {
  id: 'connections',
  title: 'Connections',
  feature: 'settings.connections',
  resources: ['connections'],
};

export default manifest;
