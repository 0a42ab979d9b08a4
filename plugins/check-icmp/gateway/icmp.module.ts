import { Module } from '@nestjs/common';
import { IcmpCheckRunner } from './icmp.runner';

@Module({ providers: [IcmpCheckRunner] })
export class CheckIcmpModule {}
