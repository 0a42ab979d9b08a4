import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';
import { PlaybooksService } from './playbooks.service';

const feature = 'playbooks' as const;

/**
 * Playbooks and their runs (spec 02 Playbooks) on the data API. Playbooks written here are validated like the
 * editor's (nothing saved on error). Runs, their actions and approvals are read-only here: runs start, are approved
 * and cancelled through /api/playbook/run..., which check parameters, approvers and the state machine.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'playbooks')
export class PlaybooksResources implements DataApiResourceProvider {
  constructor(private readonly playbooks: PlaybooksService) {}

  resources(): DataApiResourceRegistration[] {
    return [
      {
        name: 'playbooks',
        kind: 'table',
        read: 'playbooks',
        write: 'playbooks',
        feature,
        softDelete: true,
        // The hook finds the written rows by `updated_at = now()`, so timestamps are not writable here.
        writableColumns: ['id', 'name', 'namespace', 'title', 'icon', 'description', 'category', 'source', 'spec', 'deleted_at'],
        afterWrite: (tx, principal) => this.playbooks.syncWrittenRows(tx, principal),
      },
      { name: 'playbook_names', kind: 'view', read: 'playbooks', feature },
      { name: 'playbook_runs', kind: 'table', read: 'playbook_runs', write: null, feature },
      { name: 'playbook_run_actions', kind: 'table', read: 'playbook_runs', write: null, feature },
      { name: 'playbook_approvals', kind: 'table', read: 'playbook_runs', write: null, feature },
    ];
  }
}
