import { Module } from '@nestjs/common';
import { AgentsController } from './agents.controller';
import { AgentsResources } from './agents.resources';
import { AgentsService } from './agents.service';
import { PushModule } from './push';

/**
 * The Agents area (spec 02 Agents): its tables on the data API, the domain endpoints (`/api/agent/*`) and the service
 * other code may call (AgentsService: generate, update, remove, agentOfPerson), and the push protocol (push/: POST
 * /api/push and the agent-mode pusher).
 */
@Module({ imports: [PushModule], controllers: [AgentsController], providers: [AgentsService, AgentsResources], exports: [AgentsService] })
export class AgentsModule {}
