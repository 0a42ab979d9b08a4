import { definePlugin } from '@web/core/plugin-host';
import { manifest } from '../manifest';

/** Reached from the user menu ('Your Profile'), so it has a route and no navigation item. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('routes', { path: '/profile-settings', load: () => import('./ProfileSettingsPage') });
  },
});
