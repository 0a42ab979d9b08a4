import { Module } from '@nestjs/common';
import { ExecAction } from './exec.action';

@Module({ providers: [ExecAction] })
export class ActionExecModule {}
