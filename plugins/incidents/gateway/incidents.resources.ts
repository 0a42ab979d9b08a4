import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';
import { COMMENT_TOO_LONG_MESSAGE } from '@contracts';

const feature = 'incidents' as const;

// Results of definition-of-done scripts are written by the evaluator only, and scripts only through
// POST /api/evidences/:id/definition-of-done, which refuses one over the expression limits (issue 8).
const EVIDENCE_WRITABLE = [
  'id',
  'hypothesis_id',
  'type',
  'description',
  'component_id',
  'config_id',
  'check_id',
  'config_change_id',
  'config_analysis_id',
  'definition_of_done',
  'done',
  'evidence',
  'properties',
  'created_by',
  'external_created_by',
  'created_at',
  'updated_at',
];
// Delivery state (status, error, attempts, last_attempt) is written by the responder job only.
const RESPONDER_WRITABLE = [
  'id',
  'incident_id',
  'type',
  'team_id',
  'person_id',
  'properties',
  'external_id',
  'acknowledge_time',
  'signoff_time',
  'close_time',
  'created_by',
  'created_at',
  'updated_at',
  'deleted_at',
];

/** Incident tables and read models of spec 01 §7 on the data API. */
@Injectable()
@Extension(DATA_API_RESOURCES, 'incidents')
export class IncidentsResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [
      { name: 'incidents', kind: 'table', read: 'incident', write: 'incident', feature },
      { name: 'hypotheses', kind: 'table', read: 'incident', write: 'incident', feature },
      { name: 'evidences', kind: 'table', read: 'evidences', write: 'evidences', feature, writableColumns: EVIDENCE_WRITABLE },
      {
        name: 'comments',
        kind: 'table',
        read: 'comments',
        write: 'comments',
        feature,
        constraintMessages: { comments_comment_length: COMMENT_TOO_LONG_MESSAGE },
      },
      { name: 'responders', kind: 'table', read: 'responder', write: 'responder', feature, softDelete: true, writableColumns: RESPONDER_WRITABLE },
      // The changelog is written by triggers only.
      { name: 'incident_histories', kind: 'table', read: 'incident', write: null, feature },
      { name: 'incident_summary', kind: 'view', read: 'incident', feature },
      { name: 'incidents_by_component', kind: 'view', read: 'incident', feature },
      { name: 'incidents_by_config', kind: 'view', read: 'incident', feature },
      { name: 'incident_rules', kind: 'table', read: 'database', write: 'database', feature: 'settings.rules', softDelete: true },
    ];
  }
}
