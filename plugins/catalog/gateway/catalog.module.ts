import { Module } from '@nestjs/common';
import { CatalogController, ScrapersController } from './catalog.controller';
import { CatalogQueriesService } from './catalog-queries.service';
import { CatalogResources } from './catalog.resources';
import { IngestService } from './ingest.service';
import { PlaceholderScraperType } from './placeholder-scraper-types';
import { ScrapeRunnerService } from './scrape-runner.service';
import { ScrapeScheduler } from './scrape-scheduler.service';
import { ScrapeWatcher } from './scrape-watcher.service';
import { ScrapersService } from './scrapers.service';

/**
 * The catalogue (spec 02 Catalog, spec 03 scrapers): scrape configs and their runs (scheduled, Run Now, watches),
 * the ingest with change detection, the summary and changes calls, and the catalogue tables and views on the data
 * API. Scraper types are plugins (`plugins/scraper-<type>`, extension point SCRAPER_TYPES).
 */
@Module({
  controllers: [CatalogController, ScrapersController],
  providers: [
    CatalogResources,
    CatalogQueriesService,
    IngestService,
    ScrapeRunnerService,
    ScrapersService,
    ScrapeScheduler,
    ScrapeWatcher,
    PlaceholderScraperType,
  ],
})
export class CatalogModule {}
