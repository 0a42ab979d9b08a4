import type { PluginManifest } from '@contracts';

/** Check type `folder` (spec 02 Health): a local folder's file ages, count and sizes. */
const manifest: PluginManifest = { id: 'check-folder', title: 'Folder check', feature: 'health', resources: ['canaries'] };

export default manifest;
