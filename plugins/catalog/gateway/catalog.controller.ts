import type { CatalogChangesRequest, CatalogChangesResponse, CatalogSummaryRequest, CatalogSummaryResponse, ScrapeRunResult } from '@contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequireFeature, RequirePermission } from '@gateway/core/rbac/decorators';
import type { DocumentProblem } from '@gateway/core/documents';
import { CatalogQueriesService } from './catalog-queries.service';
import { ScraperBodyDto } from './dto/scraper.dto';
import { ScrapersService, type ScraperDocument } from './scrapers.service';

const uuid = new ParseUUIDPipe();

/** The catalogue's aggregating reads (spec 02 §7 summary and changes); lists and details go through the data API. */
@ApiTags('catalog')
@RequireFeature('config')
@Controller('api/catalog')
export class CatalogController {
  constructor(private readonly queries: CatalogQueriesService) {}

  @Post('summary')
  @HttpCode(200)
  @RequirePermission('database', 'read')
  @ApiOperation({ summary: 'Config items grouped by groupBy (default config_class,type) with health, status, 30-day changes and insights, cost' })
  summary(@Body() body: CatalogSummaryRequest): Promise<CatalogSummaryResponse> {
    return this.queries.summary(body ?? {});
  }

  @Post('changes')
  @HttpCode(200)
  @RequirePermission('database', 'read')
  @ApiOperation({ summary: 'Catalogue changes: filters, paging (page 1-based, page_size ≤ 1000), sort_by (- descending), recursive over relationships' })
  changes(@Body() body: CatalogChangesRequest): Promise<CatalogChangesResponse> {
    return this.queries.changes(body ?? {});
  }
}

/** Scrape config writes and Run Now (admin and editor: write on config_scrapers, enforced here). */
@ApiTags('catalog')
@RequireFeature('settings.config_scraper')
@Controller('api/scrapers')
export class ScrapersController {
  constructor(private readonly scrapers: ScrapersService) {}

  @Post()
  @RequirePermission('config_scrapers', 'write')
  @ApiOperation({ summary: 'Create a scraper from a YAML ScrapeConfig document or {name, namespace, labels, spec}; 400 names every problem' })
  create(@Body() body: ScraperBodyDto, @Req() req: Request): Promise<ScraperDocument> {
    return this.scrapers.create(body, req.principal!);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('config_scrapers', 'read')
  @ApiOperation({ summary: "The editor's live validation: {errors:[{message, path, line, column}]}, empty when valid; saves nothing" })
  validate(@Body() body: ScraperBodyDto): { errors: DocumentProblem[] } {
    return this.scrapers.validate(body);
  }

  @Get(':id')
  @RequirePermission('config_scrapers', 'read')
  @ApiOperation({ summary: 'A scraper with its document as YAML' })
  get(@Param('id', uuid) id: string): Promise<ScraperDocument> {
    return this.scrapers.get(id);
  }

  @Put(':id')
  @RequirePermission('config_scrapers', 'write')
  @ApiOperation({ summary: 'Replace a scraper; it is due at once' })
  update(@Param('id', uuid) id: string, @Body() body: ScraperBodyDto): Promise<ScraperDocument> {
    return this.scrapers.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('config_scrapers', 'write')
  @ApiOperation({ summary: 'Soft-delete a scraper (its items stay)' })
  remove(@Param('id', uuid) id: string): Promise<void> {
    return this.scrapers.remove(id);
  }

  @Post(':id/run')
  @HttpCode(200)
  @RequirePermission('config_scrapers', 'write')
  @ApiOperation({ summary: 'Run a scrape now; answers when it ended with its summary and job_history id (409 while one runs)' })
  run(@Param('id', uuid) id: string): Promise<ScrapeRunResult> {
    return this.scrapers.runNow(id);
  }
}
