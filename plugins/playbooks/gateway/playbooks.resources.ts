import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'playbooks' as const;

/** Playbooks and their runs (spec 02 Playbooks) on the data API. Runs are started through the run endpoint. */
@Injectable()
@Extension(DATA_API_RESOURCES, 'playbooks')
export class PlaybooksResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'playbooks', kind: 'table', read: 'playbooks', write: 'playbooks', feature, softDelete: true },
      { name: 'playbook_names', kind: 'view', read: 'playbooks', feature },
      { name: 'playbook_runs', kind: 'table', read: 'playbook_runs', write: 'playbook_runs', feature },
      { name: 'playbook_run_actions', kind: 'table', read: 'playbook_runs', write: null, feature },
      { name: 'playbook_approvals', kind: 'table', read: 'playbook_runs', write: 'playbook_runs', feature },
    ];
  }
}
