import { Module } from '@nestjs/common';
import { ElasticsearchCheckRunner, OpenSearchCheckRunner } from './elasticsearch.runner';

@Module({ providers: [ElasticsearchCheckRunner, OpenSearchCheckRunner] })
export class CheckElasticsearchModule {}
