import type { PluginManifest } from '@contracts';

/** Check types `elasticsearch` and `opensearch` (spec 02 Health): a search whose hit count must equal the expected results. */
const manifest: PluginManifest = { id: 'check-elasticsearch', title: 'Elasticsearch and OpenSearch checks', feature: 'health', resources: ['canaries'] };

export default manifest;
