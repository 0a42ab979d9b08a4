import type { PluginManifest } from '@contracts';

/** Notification channel `webhook`: a JSON POST to any URL (`generic+https://…`, webhook and http connections), optionally signed. */
const manifest: PluginManifest = {
  id: 'notify-webhook',
  title: 'Webhook notifications',
  feature: 'settings.notifications',
  resources: ['notifications'],
};

export default manifest;
