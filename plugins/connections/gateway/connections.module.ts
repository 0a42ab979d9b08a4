import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { ConnectionsController } from './connections.controller';
import { ConnectionK8sKind } from './connections.k8s';
import { ConnectionsService } from './connections.service';

/** Connections: the API (validated per type, secrets sealed and write-only) and the Connection kind for kubectl (connections.k8s.ts). */
@Module({ imports: [ConnectionsCoreModule], controllers: [ConnectionsController], providers: [ConnectionsService, ConnectionK8sKind] })
export class ConnectionsModule {}
