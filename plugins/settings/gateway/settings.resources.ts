import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

/**
 * Settings resources of spec 03: connections (their secrets are write-only and never read back),
 * integrations (log backends are the logs plugin's), job history and the event queue summary.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'settings')
export class SettingsResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      {
        name: 'connections',
        kind: 'table',
        read: 'connections',
        write: 'connections',
        feature: 'settings.connections',
        // An allow-list: the secrets (password, certificate) are set through the connections endpoint, which reports
        // only whether one is set; a column added later stays unreadable until it is listed here.
        columns: [
          'id',
          'name',
          'namespace',
          'type',
          'url',
          'username',
          'insecure_tls',
          'properties',
          'source',
          'created_by',
          'created_at',
          'updated_at',
          'deleted_at',
        ],
        softDelete: true,
      },
      {
        name: 'integrations_with_status',
        kind: 'view',
        read: 'integrations',
        feature: 'settings.integrations',
        // A UNION view hides its tables' foreign keys: the list embeds its creator and agent through these.
        relations: [
          { name: 'created_by', resource: 'people', columns: ['created_by'], foreignColumns: ['id'], cardinality: 'one' },
          { name: 'agent', resource: 'agents', columns: ['agent_id'], foreignColumns: ['id'], cardinality: 'one' },
        ],
      },
      { name: 'job_history', kind: 'table', read: 'database', write: null, feature: 'settings.job_history' },
      {
        name: 'job_histories',
        kind: 'view',
        read: 'database',
        feature: 'settings.job_history',
        // spec 03 §3: a job names the agent it ran on (`agent {id,name}`); a view carries no foreign keys of its own.
        relations: [{ name: 'agent', resource: 'agents', columns: ['agent_id'], foreignColumns: ['id'], cardinality: 'one' }],
      },
      { name: 'job_history_names', kind: 'view', read: 'database', feature: 'settings.job_history' },
      { name: 'event_queue_summary', kind: 'view', read: 'database', feature: 'settings.event_queue_status' },
    ];
  }
}
