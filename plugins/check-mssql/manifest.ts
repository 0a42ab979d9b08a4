import type { PluginManifest } from '@contracts';

/** Check type `mssql` (canary-checker's SQL Server check): connect, run a query, compare the row count. */
const manifest: PluginManifest = { id: 'check-mssql', title: 'SQL Server check', feature: 'health', resources: ['canaries'] };

export default manifest;
