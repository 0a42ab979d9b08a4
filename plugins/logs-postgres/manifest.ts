import type { PluginManifest } from '@contracts';

/** Log-backend type `postgres` (issue 13): rows of a table or a read-only query over a Postgres connection, newest first. */
const manifest: PluginManifest = { id: 'logs-postgres', title: 'Postgres log backend', feature: 'logs', resources: ['logging_backends'] };

export default manifest;
