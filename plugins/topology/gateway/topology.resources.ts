import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';
import { TopologiesService } from './topologies.service';

const feature = 'topology' as const;

/**
 * Topologies and components of spec 02 on the data API. Topologies written here are validated like the editor's
 * (nothing saved on error) and their soft delete takes their components along. Components are what runs produce;
 * people link teams, checks and configs to them (write on topologies). The side panel reads the views.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'topology')
export class TopologyResources implements DataApiResourceProvider {
  constructor(private readonly topologies: TopologiesService) {}

  resources(): DataApiResourceRegistration[] {
    return [
      {
        name: 'topologies',
        kind: 'table',
        read: 'topologies',
        write: 'topologies',
        feature: 'settings.topology',
        softDelete: true,
        // The hook finds the written rows by `updated_at = now()`, so timestamps and run state are not writable here.
        writableColumns: ['id', 'name', 'namespace', 'labels', 'spec', 'icon', 'source', 'agent_id', 'created_by', 'deleted_at'],
        afterWrite: (tx, principal) => this.topologies.syncWrittenRows(tx, principal),
      },
      { name: 'topologies_with_status', kind: 'view', read: 'topologies', feature: 'settings.topology' },
      { name: 'components', kind: 'table', read: 'topologies', write: 'topologies', feature, softDelete: true },
      { name: 'component_relationships', kind: 'table', read: 'topologies', write: 'topologies', feature },
      { name: 'team_components', kind: 'table', read: 'topologies', write: 'topologies', feature },
      { name: 'check_component_relationships', kind: 'table', read: 'topologies', write: 'topologies', feature },
    ];
  }
}
