import { Module } from '@nestjs/common';
import { AgentActionsPuller } from './agent-actions-puller.service';
import { AgentPusher } from './agent-pusher.service';
import { PushController } from './push.controller';
import { PushIngestService } from './push-ingest.service';

/**
 * The push protocol of spec 02 Agents: `POST /api/push` (the upstream's side) and, in agent mode (UPSTREAM_URL and
 * AGENT_NAME set), the pusher that sends this console's rows upstream and the puller that runs the playbook actions
 * the upstream holds for this agent (`runsOn`). Imported by the Agents module.
 */
@Module({
  controllers: [PushController],
  providers: [PushIngestService, AgentPusher, AgentActionsPuller],
  exports: [PushIngestService, AgentPusher, AgentActionsPuller],
})
export class PushModule {}
