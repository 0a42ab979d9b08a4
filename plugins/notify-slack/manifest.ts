import type { PluginManifest } from '@contracts';

/** Notification channel `slack`: chat.postMessage with a bot token, or an incoming webhook. */
const manifest: PluginManifest = { id: 'notify-slack', title: 'Slack notifications', feature: 'settings.notifications', resources: ['notifications'] };

export default manifest;
