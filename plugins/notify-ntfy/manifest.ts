import type { PluginManifest } from '@contracts';

/** Notification channel `ntfy`: a push through an ntfy server (ntfy.sh or your own), by `ntfy://` URL or an ntfy connection. */
const manifest: PluginManifest = {
  id: 'notify-ntfy',
  title: 'ntfy notifications',
  feature: 'settings.notifications',
  resources: ['notifications'],
};

export default manifest;
