import type { PluginManifest } from '@contracts';

/** Check type `alertmanager` (spec 02 Health): fails while a matching alert fires in Alertmanager. */
const manifest: PluginManifest = { id: 'check-alertmanager', title: 'Alertmanager check', feature: 'health', resources: ['canaries'] };

export default manifest;
