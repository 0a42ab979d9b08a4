import { Module } from '@nestjs/common';
import { PostgresCheckRunner } from './postgres.runner';

@Module({ providers: [PostgresCheckRunner] })
export class CheckPostgresModule {}
