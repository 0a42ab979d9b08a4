import { Module } from '@nestjs/common';
import { CatalogCheckRunner } from './catalog.runner';

/** `Db` comes from the global core module. */
@Module({ providers: [CatalogCheckRunner] })
export class CheckCatalogModule {}
