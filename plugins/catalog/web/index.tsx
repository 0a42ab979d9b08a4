import { Database20Regular, DocumentSearch20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';
import { PLACEHOLDER_SCRAPER_TYPE_EXTENSIONS } from './scraperTypes';

const readCatalog = { resource: 'database', action: 'read' } as const;
const readScrapers = { resource: 'config_scrapers', action: 'read' } as const;

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
    ctx.add('routes', { path: '/settings/config_scrapers', section: 'settings', permission: readScrapers, load: () => import('./pages/ScrapersPage') });
    ctx.add('routes', { path: '/settings/config_scrapers/:id', section: 'settings', permission: readScrapers, load: () => import('./pages/ScraperPage') });
    // Placeholders: a plugin folder that implements one of these types replaces its entry (fallback).
    for (const type of PLACEHOLDER_SCRAPER_TYPE_EXTENSIONS) ctx.add('catalog.scraperTypes', { ...type, fallback: true });
  },
});
