import type { PluginManifest } from '@contracts';

/** Check type `elasticsearch` (spec 02 Health): a search whose hit count must equal the expected results. */
const manifest: PluginManifest = { id: 'check-elasticsearch', title: 'Elasticsearch check', feature: 'health', resources: ['canaries'] };

export default manifest;
