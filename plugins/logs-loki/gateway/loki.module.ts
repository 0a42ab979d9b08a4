import { Module } from '@nestjs/common';
import { LokiLogBackend } from './loki.backend';

@Module({ providers: [LokiLogBackend] })
export class LogsLokiModule {}
