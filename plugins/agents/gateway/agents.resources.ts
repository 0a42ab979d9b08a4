import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'agents' as const;

/** Agents (spec 02 Agents) on the data API. Creating one (with its access token) is a domain endpoint. */
@Injectable()
@Extension(DATA_API_RESOURCES, 'agents')
export class AgentsResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'agents', kind: 'table', read: 'agents', write: 'agents', feature, softDelete: true },
      { name: 'agents_summary', kind: 'view', read: 'agents', feature },
    ];
  }
}
