import type { PluginManifest } from '@contracts';

/** Notification channel `mattermost`: a post through a Mattermost incoming webhook (`mattermost://[user@]host[:port]/token[/channel]` or a mattermost connection). */
const manifest: PluginManifest = {
  id: 'notify-mattermost',
  title: 'Mattermost notifications',
  feature: 'settings.notifications',
  resources: ['notifications'],
};

export default manifest;
