import type { PluginManifest } from '@contracts';

/** Check type `redis` (spec 02 Health): connect, authenticate, select the db and PING. */
const manifest: PluginManifest = { id: 'check-redis', title: 'Redis check', feature: 'health', resources: ['canaries'] };

export default manifest;
