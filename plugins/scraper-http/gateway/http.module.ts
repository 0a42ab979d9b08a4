import { Module } from '@nestjs/common';
import { HttpScraper } from './http.scraper';

@Module({ providers: [HttpScraper] })
export class ScraperHttpModule {}
