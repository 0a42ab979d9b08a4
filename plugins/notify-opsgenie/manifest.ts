import type { PluginManifest } from '@contracts';

/** Notification channel `opsgenie`: alerts created and closed through Opsgenie's Alert API. */
const manifest: PluginManifest = { id: 'notify-opsgenie', title: 'Opsgenie notifications', feature: 'settings.notifications', resources: ['notifications'] };

export default manifest;
