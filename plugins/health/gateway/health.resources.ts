import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { CanariesService } from './canaries.service';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'health' as const;

/**
 * Canaries, checks and their statuses (spec 02 Health) on the data API. Statuses are written by the runner; checks
 * are derived from their canary's spec, so only canary writes keep them in step.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'health')
export class HealthResources implements DataApiResourceProvider {
  constructor(private readonly canaries: CanariesService) {}

  resources(): DataApiResourceRegistration[] {
    return [
      {
        name: 'canaries',
        kind: 'table',
        read: 'canaries',
        write: 'canaries',
        feature,
        softDelete: true,
        // `POST /api/db/canaries {name, namespace, spec}` validates like the editor and writes the checks too. The
        // hook finds the written rows by `updated_at = now()`, so the timestamps (and the derived schedule) are not
        // writable here.
        writableColumns: ['id', 'name', 'namespace', 'labels', 'spec', 'icon', 'source', 'agent_id', 'created_by', 'deleted_at'],
        afterWrite: (tx, principal) => this.canaries.syncWrittenRows(tx, principal),
      },
      { name: 'canaries_with_status', kind: 'view', read: 'canaries', feature },
      // Checks are derived from their canary's spec: written through canaries only.
      { name: 'checks', kind: 'table', read: 'canaries', write: null, feature, softDelete: true },
      { name: 'check_statuses', kind: 'table', read: 'canaries', write: null, feature },
      { name: 'check_config_relationships', kind: 'table', read: 'canaries', write: 'canaries', feature },
      { name: 'check_summary', kind: 'view', read: 'canaries', feature },
      { name: 'check_summary_for_config', kind: 'view', read: 'canaries', feature },
    ];
  }
}
