import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PluginHost } from './plugin-host.service';

@Global()
@Module({ imports: [DiscoveryModule], providers: [PluginHost], exports: [PluginHost] })
export class PluginHostModule {}
