import type { PluginManifest } from '@contracts';

/** Log-backend type `loki` (issue 13 Logs): a component's lines from Loki's `query_range` API. */
const manifest: PluginManifest = { id: 'logs-loki', title: 'Loki log backend', feature: 'logs', resources: ['logging_backends'] };

export default manifest;
