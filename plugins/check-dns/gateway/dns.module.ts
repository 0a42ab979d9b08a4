import { Module } from '@nestjs/common';
import { DnsCheckRunner } from './dns.runner';

@Module({ providers: [DnsCheckRunner] })
export class CheckDnsModule {}
