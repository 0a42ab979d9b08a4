import type { PluginManifest } from '@contracts';

/** Check type `exec` (spec 02 Health): a bash script; passes on exit code 0. */
const manifest: PluginManifest = { id: 'check-exec', title: 'Exec check', feature: 'health', resources: ['canaries'] };

export default manifest;
