import type { PluginManifest } from '@contracts';

/** Notification channel `discord`: a message with an embed through a Discord webhook (`discord://token@webhookid` or a discord connection). */
const manifest: PluginManifest = {
  id: 'notify-discord',
  title: 'Discord notifications',
  feature: 'settings.notifications',
  resources: ['notifications'],
};

export default manifest;
