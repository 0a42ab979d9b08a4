import type { PluginManifest } from '@contracts';

/** Notification channel `pagerduty`: incidents triggered and resolved through PagerDuty's Events API v2. */
const manifest: PluginManifest = { id: 'notify-pagerduty', title: 'PagerDuty notifications', feature: 'settings.notifications', resources: ['notifications'] };

export default manifest;
