import { Module } from '@nestjs/common';
import { OpenSearchLogBackend } from './opensearch.backend';

@Module({ providers: [OpenSearchLogBackend] })
export class LogsOpenSearchModule {}
