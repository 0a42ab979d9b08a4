import type { ScraperType } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/**
 * Scraper types. Each `plugins/scraper-<type>` contributes one `ScraperType` per list key it serves under a scrape
 * config's `spec`: `@Extension(SCRAPER_TYPES, 'file')`. The catalog plugin reads them to validate, schedule and run
 * scrapes; the ids are the list of scraper types the engine runs (no other list exists).
 */
export const SCRAPER_TYPES = createExtensionPoint<ScraperType>({ id: 'scrapers', description: 'catalogue scraper types: one per scrape config spec list key' });
