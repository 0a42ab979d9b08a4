import type { PluginManifest } from '@contracts';

/** The signed-in user's own account pages (spec 03 §2: /profile-settings). */
export const manifest: PluginManifest = {
  id: 'profile',
  title: 'Profile',
};

export default manifest;
