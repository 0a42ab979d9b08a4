import { Module } from '@nestjs/common';
import { JunitCheckRunner } from './junit.runner';

@Module({ providers: [JunitCheckRunner] })
export class CheckJunitModule {}
