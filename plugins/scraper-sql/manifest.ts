import type { PluginManifest } from '@contracts';

/** Scraper type `sql` (spec 02 Catalog): each row of a read-only query on Postgres or MySQL/MariaDB is an item. */
const manifest: PluginManifest = { id: 'scraper-sql', title: 'SQL scraper', feature: 'config', resources: ['config_scrapers'] };

export default manifest;
