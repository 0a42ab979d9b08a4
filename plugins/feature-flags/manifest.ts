import type { PluginManifest } from '@contracts';

/** Feature flags: `properties` rows such as `{feature}.disable = 'true'` (spec 03 §2, §6). */
export const manifest: PluginManifest = {
  id: 'feature-flags',
  title: 'Feature Flags',
  feature: 'settings.feature_flags',
  resources: ['properties'],
};

export default manifest;
