import { Module } from '@nestjs/common';
import { FileScraper } from './file.scraper';

@Module({ providers: [FileScraper] })
export class ScraperFileModule {}
