import { Module } from '@nestjs/common';
import { ExecCheckRunner } from './exec.runner';

@Module({ providers: [ExecCheckRunner] })
export class CheckExecModule {}
