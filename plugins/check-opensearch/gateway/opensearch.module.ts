import { Module } from '@nestjs/common';
import { OpenSearchCheckRunner } from './opensearch.runner';

@Module({ providers: [OpenSearchCheckRunner] })
export class CheckOpenSearchModule {}
