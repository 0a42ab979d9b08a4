import { Module } from '@nestjs/common';
import { AgentsController } from './agents.controller';
import { AgentsResources } from './agents.resources';
import { AgentsService } from './agents.service';

/**
 * The Agents area (spec 02 Agents): its tables on the data API, the domain endpoints (`/api/agent/*`) and the service
 * other code may call (AgentsService: generate, update, remove, agentOfPerson).
 */
@Module({ controllers: [AgentsController], providers: [AgentsService, AgentsResources], exports: [AgentsService] })
export class AgentsModule {}
