import { Module } from '@nestjs/common';
import { MysqlCheckRunner } from './mysql.runner';

@Module({ providers: [MysqlCheckRunner] })
export class CheckMysqlModule {}
