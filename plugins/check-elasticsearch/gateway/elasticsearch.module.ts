import { Module } from '@nestjs/common';
import { ElasticsearchCheckRunner } from './elasticsearch.runner';

@Module({ providers: [ElasticsearchCheckRunner] })
export class CheckElasticsearchModule {}
