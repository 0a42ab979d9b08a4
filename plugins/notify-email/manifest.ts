import type { PluginManifest } from '@contracts';

/** Notification channel `email`: a rule's message by SMTP (`smtp://…` URLs, smtp connections, Person and Team recipients). */
const manifest: PluginManifest = {
  id: 'notify-email',
  title: 'Email notifications',
  feature: 'settings.notifications',
  resources: ['notifications'],
};

export default manifest;
