import { Module } from '@nestjs/common';
import { SnapshotController } from './snapshot/snapshot.controller';
import { SnapshotService } from './snapshot/snapshot.service';
import { TopologyResources } from './topology.resources';

/** The Topology area: topology documents and their runs, the component tree's reads and roll-up, snapshots. */
@Module({ controllers: [SnapshotController], providers: [TopologyResources, SnapshotService] })
export class TopologyModule {}
