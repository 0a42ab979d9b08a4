export { PushModule } from './push.module';
export { AgentPusher, PUSH_BYTE_BUDGET, PUSH_MAX_BACKOFF_MS } from './agent-pusher.service';
export { PushIngestService, PUSH_MAX_ROWS, type PushingAgent } from './push-ingest.service';
export { PUSH_TABLE_SPECS, localRowsFilter, type PushTableSpec } from './push-tables';
export { AgentActionsPuller } from './agent-actions-puller.service';
