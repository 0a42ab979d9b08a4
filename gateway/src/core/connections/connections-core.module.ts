import { Global, Module } from '@nestjs/common';
import { ConnectionStore } from './connection-store';

/** Connections with resolved secrets for gateway handlers (responders, connection tests). */
@Global()
@Module({ providers: [ConnectionStore], exports: [ConnectionStore] })
export class ConnectionsCoreModule {}
