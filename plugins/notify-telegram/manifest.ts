import type { PluginManifest } from '@contracts';

/** Notification channel `telegram`: the Bot API's sendMessage to channels, groups and people. */
const manifest: PluginManifest = { id: 'notify-telegram', title: 'Telegram notifications', feature: 'settings.notifications', resources: ['notifications'] };

export default manifest;
