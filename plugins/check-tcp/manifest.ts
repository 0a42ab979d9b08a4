import type { PluginManifest } from '@contracts';

/** Check type `tcp` (spec 02 Health): a TCP connect, with an optional latency threshold. */
const manifest: PluginManifest = { id: 'check-tcp', title: 'TCP check', feature: 'health', resources: ['canaries'] };

export default manifest;
