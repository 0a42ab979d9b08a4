import type { PluginManifest } from '@contracts';

/** Check type `http` (spec 02 Health): a real request with status, content, latency and certificate-expiry tests. */
const manifest: PluginManifest = { id: 'check-http', title: 'HTTP check', feature: 'health', resources: ['canaries'] };

export default manifest;
