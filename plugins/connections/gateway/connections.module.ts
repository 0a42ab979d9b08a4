import { Module } from '@nestjs/common';
import { ConnectionsCoreModule } from '@gateway/core/connections';
import { ConnectionsController } from './connections.controller';
import { ConnectionsService } from './connections.service';

@Module({ imports: [ConnectionsCoreModule], controllers: [ConnectionsController], providers: [ConnectionsService] })
export class ConnectionsModule {}
