import { Module } from '@nestjs/common';
import { TopologyResources } from './topology.resources';

/** The Topology area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [TopologyResources] })
export class TopologyModule {}
