import { Module } from '@nestjs/common';
import { AgentActionsController } from './agent-actions.controller';
import { AgentActionsService } from './agent-actions.service';
import { PlaybookRunsController, PlaybooksController, ResourcesController } from './playbooks.controller';
import { PlaybooksResources } from './playbooks.resources';
import { PlaybooksService } from './playbooks.service';
import { PlaybookResourcesService } from './resources.service';
import { RunEventsHub } from './run-events.service';
import { PlaybookRunWorker } from './run-worker.service';
import { PlaybookRunsService } from './runs.service';
import { PlaybookTriggersService } from './triggers.service';

/**
 * Playbooks (spec 02 Playbooks, issue 12): documents and their validation, the run engine (a durable state machine
 * on Postgres with leases, recovery, delays, retries, approvals), triggers (queue events, schedules, webhooks), the
 * run page's live stream and the resource search. Action types are plugins (`plugins/action-<type>`, ACTION_TYPES).
 */
@Module({
  controllers: [PlaybooksController, PlaybookRunsController, ResourcesController, AgentActionsController],
  providers: [
    AgentActionsService,
    PlaybooksResources,
    PlaybooksService,
    PlaybookResourcesService,
    PlaybookRunsService,
    PlaybookRunWorker,
    PlaybookTriggersService,
    RunEventsHub,
  ],
})
export class PlaybooksModule {}
