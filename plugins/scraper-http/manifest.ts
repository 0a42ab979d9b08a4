import type { PluginManifest } from '@contracts';

/** Scraper type `http` (spec 02 Catalog): an HTTP API's JSON answers, page by page. */
const manifest: PluginManifest = { id: 'scraper-http', title: 'HTTP scraper', feature: 'config', resources: ['config_scrapers'] };

export default manifest;
