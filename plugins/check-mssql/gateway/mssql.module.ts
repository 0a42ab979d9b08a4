import { Module } from '@nestjs/common';
import { MssqlCheckRunner } from './mssql.runner';

@Module({ providers: [MssqlCheckRunner] })
export class CheckMssqlModule {}
