import type { PluginManifest } from '@contracts';

/** Check type `opensearch` (spec 02 Health): a search whose hit count must equal the expected results. */
const manifest: PluginManifest = { id: 'check-opensearch', title: 'OpenSearch check', feature: 'health', resources: ['canaries'] };

export default manifest;
