import { Module } from '@nestjs/common';
import { RollupService } from './rollup.service';
import { SnapshotController } from './snapshot/snapshot.controller';
import { SnapshotService } from './snapshot/snapshot.service';
import { TopologiesService } from './topologies.service';
import { TopologiesController, TopologyController } from './topology.controller';
import { TopologyQueryService } from './topology-query.service';
import { TopologyResources } from './topology.resources';
import { TopologyRunnerService } from './topology-runner.service';
import { TopologyScheduler } from './topology-scheduler.service';

/** The Topology area: topology documents and their runs, the component tree's reads and roll-up, snapshots. */
@Module({
  controllers: [TopologyController, TopologiesController, SnapshotController],
  providers: [TopologyResources, TopologiesService, TopologyRunnerService, TopologyScheduler, TopologyQueryService, RollupService, SnapshotService],
})
export class TopologyModule {}
