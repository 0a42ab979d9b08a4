import type { PluginManifest } from '@contracts';

/** Check type `prometheus` (spec 02 Health): an instant PromQL query whose results the check's expressions test. */
const manifest: PluginManifest = { id: 'check-prometheus', title: 'Prometheus check', feature: 'health', resources: ['canaries'] };

export default manifest;
