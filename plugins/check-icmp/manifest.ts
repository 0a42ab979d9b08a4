import type { PluginManifest } from '@contracts';

/** Check type `icmp` (spec 02 Health): the system `ping`; invalid when it cannot run on this host. */
const manifest: PluginManifest = { id: 'check-icmp', title: 'ICMP check', feature: 'health', resources: ['canaries'] };

export default manifest;
