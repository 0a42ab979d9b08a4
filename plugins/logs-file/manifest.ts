import type { PluginManifest } from '@contracts';

/** Log-backend type `file` (issue 13): lines of files on the console's disk below LOG_FILE_ROOTS, newest first. */
const manifest: PluginManifest = { id: 'logs-file', title: 'File log backend', feature: 'logs', resources: ['logging_backends'] };

export default manifest;
