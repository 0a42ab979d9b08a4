import type { PluginManifest } from '@contracts';

/** Check type `junit` (spec 02 Health): reads JUnit XML reports from a folder and fails on failed tests. */
const manifest: PluginManifest = { id: 'check-junit', title: 'JUnit check', feature: 'health', resources: ['canaries'] };

export default manifest;
