import type { PluginManifest } from '@contracts';

/** Check type `dns` (spec 02 Health): a query to a chosen server, with record-count and exact-reply tests. */
const manifest: PluginManifest = { id: 'check-dns', title: 'DNS check', feature: 'health', resources: ['canaries'] };

export default manifest;
