import type { PluginManifest } from '@contracts';

/** Check type `catalog` (spec 02 Health): config items selected from the catalog; passes when some match. */
const manifest: PluginManifest = { id: 'check-catalog', title: 'Catalog check', feature: 'health', resources: ['canaries'] };

export default manifest;
