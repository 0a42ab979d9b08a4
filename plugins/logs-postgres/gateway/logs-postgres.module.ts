import { Module } from '@nestjs/common';
import { PostgresLogBackend } from './postgres-log-backend';

@Module({ providers: [PostgresLogBackend] })
export class LogsPostgresModule {}
