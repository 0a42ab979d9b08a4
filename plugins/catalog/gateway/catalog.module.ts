import { Module } from '@nestjs/common';
import { CatalogResources } from './catalog.resources';

/** The Catalog area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [CatalogResources] })
export class CatalogModule {}
