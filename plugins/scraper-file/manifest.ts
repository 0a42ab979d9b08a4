import type { PluginManifest } from '@contracts';

/** Scraper type `file` (spec 02 Catalog): files on the console's disk matched by globs, or one file over HTTP. */
const manifest: PluginManifest = { id: 'scraper-file', title: 'File scraper', feature: 'config', resources: ['config_scrapers'] };

export default manifest;
