import { Module } from '@nestjs/common';
import { AgentsResources } from './agents.resources';

/** The Agents area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [AgentsResources] })
export class AgentsModule {}
