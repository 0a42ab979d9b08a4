import type { PluginManifest } from '@contracts';

/** Check type `postgres` (spec 02 Health): connect, run a query, compare the row count. */
const manifest: PluginManifest = { id: 'check-postgres', title: 'Postgres check', feature: 'health', resources: ['canaries'] };

export default manifest;
