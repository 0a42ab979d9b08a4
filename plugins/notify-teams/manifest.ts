import type { PluginManifest } from '@contracts';

/** Notification channel `teams`: an Adaptive Card to a Microsoft Teams incoming webhook or workflow. */
const manifest: PluginManifest = {
  id: 'notify-teams',
  title: 'Microsoft Teams notifications',
  feature: 'settings.notifications',
  resources: ['notifications'],
};

export default manifest;
