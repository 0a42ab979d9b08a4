import { Module } from '@nestjs/common';
import { SqlAction } from './sql.action';

@Module({ providers: [SqlAction] })
export class ActionSqlModule {}
