import { Module } from '@nestjs/common';
import { AgentPusher } from './agent-pusher.service';
import { PushController } from './push.controller';
import { PushIngestService } from './push-ingest.service';

/**
 * The push protocol of spec 02 Agents: `POST /api/push` (the upstream's side) and, in agent mode (UPSTREAM_URL and
 * AGENT_NAME set), the pusher that sends this console's rows upstream. Imported by the Agents module.
 */
@Module({ controllers: [PushController], providers: [PushIngestService, AgentPusher], exports: [PushIngestService, AgentPusher] })
export class PushModule {}
