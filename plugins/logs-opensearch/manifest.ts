import type { PluginManifest } from '@contracts';

/** Log-backend type `opensearch` (issue 13 Logs): a component's lines from an OpenSearch index through its `_search` API. */
const manifest: PluginManifest = { id: 'logs-opensearch', title: 'OpenSearch log backend', feature: 'logs', resources: ['logging_backends'] };

export default manifest;
