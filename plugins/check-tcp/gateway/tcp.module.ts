import { Module } from '@nestjs/common';
import { TcpCheckRunner } from './tcp.runner';

@Module({ providers: [TcpCheckRunner] })
export class CheckTcpModule {}
