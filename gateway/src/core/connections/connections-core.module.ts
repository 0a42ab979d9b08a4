import { Global, Module } from '@nestjs/common';
import { OutboundModule } from '../outbound/outbound.module';
import { ConnectionStore } from './connection-store';

/**
 * Connections with resolved secrets for gateway handlers (responders, connection tests), and the one outbound HTTP
 * client they call their peers with (`OutboundHttp`, global once imported).
 */
@Global()
@Module({ imports: [OutboundModule], providers: [ConnectionStore], exports: [ConnectionStore, OutboundModule] })
export class ConnectionsCoreModule {}
