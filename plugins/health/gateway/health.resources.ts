import { Injectable } from '@nestjs/common';
import { DataApiResources, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'health' as const;

/** Canaries, checks and their statuses (spec 02 Health) on the data API. Statuses are written by the runner. */
@Injectable()
@DataApiResources()
export class HealthResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'canaries', kind: 'table', read: 'canaries', write: 'canaries', feature, softDelete: true },
      { name: 'canaries_with_status', kind: 'view', read: 'canaries', feature },
      { name: 'checks', kind: 'table', read: 'canaries', write: 'canaries', feature, softDelete: true },
      { name: 'check_statuses', kind: 'table', read: 'canaries', write: null, feature },
      { name: 'check_config_relationships', kind: 'table', read: 'canaries', write: 'canaries', feature },
      { name: 'check_summary', kind: 'view', read: 'canaries', feature },
      { name: 'check_summary_for_config', kind: 'view', read: 'canaries', feature },
    ];
  }
}
