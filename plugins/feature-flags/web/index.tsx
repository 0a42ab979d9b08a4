import { Flag20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import { manifest } from '../manifest';

export const FEATURE_FLAGS_PATH = '/settings/feature-flags';

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', {
      id: 'feature-flags',
      title: 'Feature Flags',
      icon: Flag20Regular,
      path: FEATURE_FLAGS_PATH,
      section: 'settings',
      order: 900,
      permission: { resource: 'properties', action: 'read' },
    });
    ctx.add('routes', {
      path: FEATURE_FLAGS_PATH,
      section: 'settings',
      permission: { resource: 'properties', action: 'read' },
      load: () => import('./FeatureFlagsPage'),
    });
  },
});
