import { Module } from '@nestjs/common';
import { SqlScraper } from './sql.scraper';

@Module({ providers: [SqlScraper] })
export class ScraperSqlModule {}
