import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';
import { AgentsService } from './agents.service';

const feature = 'agents' as const;

/**
 * Agents (spec 02 Agents) on the data API. Creating one (with its person and access token) is `POST /api/agent/generate`,
 * so only the description, properties and the soft delete (`deleted_at`, `cleanup`) are writable here; the database
 * refuses renames, any change of the local agent and hard deletes (migration AgentLifecycle).
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'agents')
export class AgentsResources implements DataApiResourceProvider {
  constructor(private readonly agents: AgentsService) {}

  resources(): DataApiResourceRegistration[] {
    return [
      {
        name: 'agents',
        kind: 'table',
        read: 'agents',
        write: 'agents',
        feature,
        softDelete: true,
        writableColumns: ['description', 'properties', 'deleted_at', 'cleanup'],
        constraintMessages: { agents_properties_object: 'properties: must be a JSON object' },
        afterWrite: (tx) => this.agents.evictDeletedIn(tx),
      },
      {
        name: 'agents_summary',
        kind: 'view',
        read: 'agents',
        feature,
        relations: [{ name: 'creator', resource: 'people', columns: ['created_by'], foreignColumns: ['id'], cardinality: 'one' }],
      },
    ];
  }
}
