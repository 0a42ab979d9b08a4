import { Injectable } from '@nestjs/common';
import { DataApiResources, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

const feature = 'incidents' as const;

/** Incident tables and read models of spec 01 §7 on the data API. */
@Injectable()
@DataApiResources()
export class IncidentsResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'incidents', kind: 'table', read: 'incident', write: 'incident', feature },
      { name: 'hypotheses', kind: 'table', read: 'incident', write: 'incident', feature },
      { name: 'evidences', kind: 'table', read: 'evidences', write: 'evidences', feature },
      { name: 'comments', kind: 'table', read: 'comments', write: 'comments', feature },
      { name: 'responders', kind: 'table', read: 'responder', write: 'responder', feature, softDelete: true },
      // The changelog is written by triggers only.
      { name: 'incident_histories', kind: 'table', read: 'incident', write: null, feature },
      { name: 'incident_summary', kind: 'view', read: 'incident', feature },
      { name: 'incidents_by_component', kind: 'view', read: 'incident', feature },
      { name: 'incidents_by_config', kind: 'view', read: 'incident', feature },
      { name: 'incident_rules', kind: 'table', read: 'database', write: 'database', feature: 'settings.rules', softDelete: true },
    ];
  }
}
