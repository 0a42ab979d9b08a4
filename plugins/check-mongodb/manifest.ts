import type { PluginManifest } from '@contracts';

/** Check type `mongodb` (spec 02 Health): connect and ping a MongoDB server. */
const manifest: PluginManifest = { id: 'check-mongodb', title: 'MongoDB check', feature: 'health', resources: ['canaries'] };

export default manifest;
