import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'topology' as const;

/** Topologies and components of spec 02 on the data API. */
@Injectable()
@Extension(DATA_API_RESOURCES, 'topology')
export class TopologyResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'topologies', kind: 'table', read: 'topologies', write: 'topologies', feature, softDelete: true },
      { name: 'topologies_with_status', kind: 'view', read: 'topologies', feature },
      { name: 'components', kind: 'table', read: 'topologies', write: 'topologies', feature, softDelete: true },
      { name: 'team_components', kind: 'table', read: 'topologies', write: 'topologies', feature },
      { name: 'check_component_relationships', kind: 'table', read: 'topologies', write: 'topologies', feature },
    ];
  }
}
