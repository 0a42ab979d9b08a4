import type { PluginManifest } from '@contracts';

/** Check type `mysql` (spec 02 Health): connect, run a query, compare the row count. */
const manifest: PluginManifest = { id: 'check-mysql', title: 'MySQL check', feature: 'health', resources: ['canaries'] };

export default manifest;
