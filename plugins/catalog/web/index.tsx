import { Database20Regular, DocumentSearch20Regular } from '@fluentui/react-icons';
import { SCRAPER_WRITE } from '@contracts';
import { definePlugin } from '@web/core/plugin-host';
import { settingsTableRoutes } from '@web/core/settings/settingsTables';
import type { SettingsTableExtension } from '@web/core/settings/types';
import manifest from '../manifest';
import { PLACEHOLDER_SCRAPER_TYPE_EXTENSIONS } from './scraperTypes';
import { scraperKey } from './scrapers/scrapersApi';

const readCatalog = { resource: 'database', action: 'read' } as const;
const readScrapers = { resource: 'config_scrapers', action: 'read' } as const;

/**
 * `config_scrapers` in core's settings pages (spec 03 §2): Schedule and Namespace shown; a record is read, saved and
 * deleted through the scraper API (`/api/scrapers`: validation and the stored text), with Run Now and its job history.
 * /catalog/scrapers shows the same list and detail under the catalogue's tabs.
 */
export const CONFIG_SCRAPERS_TABLE: SettingsTableExtension = {
  id: 'config_scrapers',
  title: 'Catalog Scrapers',
  path: '/settings/config_scrapers',
  permission: readScrapers,
  feature: 'settings.config_scraper',
  writePermission: SCRAPER_WRITE,
  hiddenColumns: [],
  resourceType: 'config_scraper',
  empty: { icon: DocumentSearch20Regular, title: 'No scrapers yet' },
  resource: { key: scraperKey },
  editor: () => import('./pages/ScraperPage').then((page) => ({ default: page.ScraperSpecTab })),
  action: () => import('./pages/ScraperPage').then((page) => ({ default: page.ScraperRunNow })),
};

/**
 * Catalogue (spec 02 Catalog, spec 03 scraper editor): /catalog with its tabs Catalog, Changes, Insights and
 * Scrapers, the config detail at /catalog/:id with its tabs, and the scraper list and editor (also under Settings).
 * Scraper types add their label, icon and fields through `catalog.scraperTypes` (plugins/scraper-<type>/web); the
 * spec's types that no plugin scrapes yet are contributed here, so the editor offers them (as YAML).
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('nav', { id: 'catalog', title: 'Catalog', icon: Database20Regular, path: '/catalog', section: 'main', order: 40, permission: readCatalog });
    ctx.add('routes', { path: '/catalog', permission: readCatalog, load: () => import('./pages/CatalogPage') });
    ctx.add('routes', { path: '/configs', permission: readCatalog, load: () => import('./pages/ConfigsRedirect') });
    ctx.add('routes', { path: '/catalog/changes', permission: readCatalog, load: () => import('./pages/ChangesPage') });
    ctx.add('routes', { path: '/catalog/insights', permission: readCatalog, load: () => import('./pages/InsightsPage') });
    ctx.add('routes', { path: '/catalog/scrapers', permission: readScrapers, load: () => import('./pages/ScrapersPage') });
    ctx.add('routes', { path: '/catalog/scrapers/:id', permission: readScrapers, load: () => import('./pages/ScraperPage') });
    ctx.add('routes', { path: '/catalog/:id', permission: readCatalog, load: () => import('./pages/ConfigDetailPage') });
    ctx.add('routes', { path: '/catalog/:id/:tab', permission: readCatalog, load: () => import('./pages/ConfigDetailPage') });
    ctx.add('nav', {
      id: 'config_scrapers',
      title: 'Catalog Scrapers',
      icon: DocumentSearch20Regular,
      path: '/settings/config_scrapers',
      section: 'settings',
      order: 110,
      permission: readScrapers,
      feature: 'settings.config_scraper',
    });
    ctx.add('settings.tables', CONFIG_SCRAPERS_TABLE);
    for (const route of settingsTableRoutes(CONFIG_SCRAPERS_TABLE)) ctx.add('routes', route);
    // Placeholders: a plugin folder that implements one of these types replaces its entry (fallback).
    for (const type of PLACEHOLDER_SCRAPER_TYPE_EXTENSIONS) ctx.add('catalog.scraperTypes', { ...type, fallback: true });
  },
});
