import { Injectable } from '@nestjs/common';
import { SCRAPER_TYPE_NOT_SUPPORTED, type ScrapeOutput, type ScraperType } from '@contracts';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { SCRAPER_TYPES } from '@gateway/core/scrapers';
import { PLACEHOLDER_SCRAPER_TYPES } from '../placeholder-scraper-types';

/**
 * The spec 03 scraper types that no plugin scrapes yet (plugins/catalog/placeholder-scraper-types.ts, shared with
 * the editor): documents holding them load and save; a run ends with 'scraper type not supported'. Registered as
 * fallbacks: a plugin folder that brings the real type replaces it, with nothing edited here.
 */
@Injectable()
export class PlaceholderScraperType implements ScraperType {
  readonly type = 'placeholder';

  validate(): string[] {
    return [];
  }

  scrape(): Promise<ScrapeOutput> {
    return Promise.reject(new Error(SCRAPER_TYPE_NOT_SUPPORTED));
  }
}

for (const { id } of PLACEHOLDER_SCRAPER_TYPES) Extension(SCRAPER_TYPES, id, { fallback: true })(PlaceholderScraperType);
