import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Incidents (spec 01 §3): incident rules, incidents with their display id sequence, hypotheses, evidences,
 * comments, responders and the incident changelog (`incident_histories`, written by triggers in a later
 * migration). Value sets of spec 01 §4 are CHECK constraints.
 */
export class IncidentsSchema1732300000002 implements MigrationInterface {
  name = 'IncidentsSchema1732300000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const createdBy = `created_by uuid REFERENCES people (id) ON DELETE SET NULL`;
const touch = (table: string) => `CREATE TRIGGER ${table}_updated_at BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`;
const SEVERITY = `('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')`;
const STATUS = `('new', 'open', 'investigating', 'mitigated', 'resolved', 'closed')`;
const TYPE = `('cost', 'availability', 'performance', 'security', 'integration', 'compliance', 'technicalDebt', 'reliability')`;
const HYPOTHESIS_STATUS = `('proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven')`;
const EVIDENCE_TYPE = `('log', 'topology', 'config', 'check', 'config_change', 'config_analysis', 'comment')`;
const HISTORY_TYPE = `('incident.created', 'incident.status_updated', 'incident_status.updated', 'hypothesis.created',
  'hypothesis.status_updated', 'evidence.created', 'evidence.done_definition_added', 'responder.created',
  'responder.commented')`;

const UP = [
  `CREATE TABLE incident_rules (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     spec jsonb NOT NULL DEFAULT '{}',
     source text NOT NULL DEFAULT 'UI',
     ${createdBy},
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz
   )`,
  `CREATE UNIQUE INDEX incident_rules_name_key ON incident_rules (name) WHERE deleted_at IS NULL`,
  `CREATE INDEX incident_rules_created_by_idx ON incident_rules (created_by)`,
  touch('incident_rules'),

  // Display ids 'INC0000001', 'INC0000002', ... come from this sequence unless the writer supplies one.
  `CREATE SEQUENCE incident_id_seq`,
  `CREATE TABLE incidents (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     incident_id text NOT NULL UNIQUE DEFAULT ('INC' || lpad(nextval('incident_id_seq')::text, 7, '0')),
     title text NOT NULL,
     description text,
     severity text NOT NULL DEFAULT 'low' CHECK (severity IN ${SEVERITY}),
     status text NOT NULL DEFAULT 'open' CHECK (status IN ${STATUS}),
     type text NOT NULL DEFAULT 'availability' CHECK (type IN ${TYPE}),
     incident_rule_id uuid REFERENCES incident_rules (id) ON DELETE SET NULL,
     ${createdBy},
     commander_id uuid REFERENCES people (id) ON DELETE SET NULL,
     communicator_id uuid REFERENCES people (id) ON DELETE SET NULL,
     acknowledged timestamptz,
     resolved timestamptz,
     closed timestamptz,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `ALTER SEQUENCE incident_id_seq OWNED BY incidents.incident_id`,
  `CREATE INDEX incidents_status_idx ON incidents (status)`,
  `CREATE INDEX incidents_severity_idx ON incidents (severity)`,
  `CREATE INDEX incidents_type_idx ON incidents (type)`,
  `CREATE INDEX incidents_created_at_idx ON incidents (created_at DESC)`,
  `CREATE INDEX incidents_created_by_idx ON incidents (created_by)`,
  `CREATE INDEX incidents_commander_id_idx ON incidents (commander_id)`,
  `CREATE INDEX incidents_communicator_id_idx ON incidents (communicator_id)`,
  `CREATE INDEX incidents_incident_rule_id_idx ON incidents (incident_rule_id)`,
  touch('incidents'),
  // resolved/closed record when the incident last reached that status; reopening clears them.
  `CREATE FUNCTION incidents_status_times() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.status IS DISTINCT FROM OLD.status THEN
       IF NEW.status = 'resolved' THEN
         NEW.resolved := coalesce(NEW.resolved, now());
       ELSIF NEW.status = 'closed' THEN
         NEW.closed := now();
       ELSE
         NEW.resolved := NULL;
         NEW.closed := NULL;
       END IF;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER incidents_status_times BEFORE UPDATE OF status ON incidents
     FOR EACH ROW EXECUTE FUNCTION incidents_status_times()`,

  `CREATE TABLE hypotheses (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
     parent_id uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
     title text,
     type text NOT NULL CHECK (type IN ('root', 'factor', 'solution')),
     status text DEFAULT 'possible' CHECK (status IN ${HYPOTHESIS_STATUS}),
     ${createdBy},
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX hypotheses_incident_id_idx ON hypotheses (incident_id)`,
  `CREATE INDEX hypotheses_parent_id_idx ON hypotheses (parent_id)`,
  `CREATE INDEX hypotheses_created_by_idx ON hypotheses (created_by)`,
  touch('hypotheses'),

  `CREATE TABLE evidences (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     hypothesis_id uuid NOT NULL REFERENCES hypotheses (id) ON DELETE CASCADE,
     type text NOT NULL CHECK (type IN ${EVIDENCE_TYPE}),
     description text,
     component_id uuid REFERENCES components (id) ON DELETE SET NULL,
     config_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
     check_id uuid REFERENCES checks (id) ON DELETE SET NULL,
     config_change_id uuid REFERENCES config_changes (id) ON DELETE SET NULL,
     config_analysis_id uuid REFERENCES config_analysis (id) ON DELETE SET NULL,
     definition_of_done boolean NOT NULL DEFAULT false,
     done boolean NOT NULL DEFAULT false,
     script text,
     script_result text,
     script_error text,
     script_evaluated_at timestamptz,
     evidence jsonb,
     properties jsonb,
     ${createdBy},
     external_created_by text,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX evidences_hypothesis_id_idx ON evidences (hypothesis_id)`,
  `CREATE INDEX evidences_component_id_idx ON evidences (component_id)`,
  `CREATE INDEX evidences_config_id_idx ON evidences (config_id)`,
  `CREATE INDEX evidences_check_id_idx ON evidences (check_id)`,
  `CREATE INDEX evidences_config_change_id_idx ON evidences (config_change_id)`,
  `CREATE INDEX evidences_config_analysis_id_idx ON evidences (config_analysis_id)`,
  `CREATE INDEX evidences_created_by_idx ON evidences (created_by)`,
  `CREATE INDEX evidences_definition_of_done_idx ON evidences (hypothesis_id) WHERE definition_of_done`,
  touch('evidences'),
  // The spec's create-incident flow sends type 'Topology'; store the value set's lower-case spelling.
  `CREATE FUNCTION evidences_normalize_type() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.type := lower(NEW.type);
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER evidences_normalize_type BEFORE INSERT OR UPDATE OF type ON evidences
     FOR EACH ROW EXECUTE FUNCTION evidences_normalize_type()`,

  `CREATE TABLE responders (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
     type text NOT NULL CHECK (type IN ('person', 'system')),
     team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
     person_id uuid REFERENCES people (id) ON DELETE CASCADE,
     properties jsonb NOT NULL DEFAULT '{}',
     external_id text,
     acknowledge_time timestamptz,
     signoff_time timestamptz,
     close_time timestamptz,
     ${createdBy},
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz,
     CHECK (num_nonnulls(team_id, person_id) = 1)
   )`,
  `CREATE INDEX responders_incident_id_idx ON responders (incident_id)`,
  `CREATE INDEX responders_team_id_idx ON responders (team_id)`,
  `CREATE INDEX responders_person_id_idx ON responders (person_id)`,
  `CREATE INDEX responders_created_by_idx ON responders (created_by)`,
  touch('responders'),

  `CREATE TABLE comments (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
     hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE CASCADE,
     responder_id uuid REFERENCES responders (id) ON DELETE SET NULL,
     comment text NOT NULL,
     external_id text,
     ${createdBy},
     external_created_by text,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX comments_incident_id_idx ON comments (incident_id, created_at)`,
  `CREATE INDEX comments_hypothesis_id_idx ON comments (hypothesis_id)`,
  `CREATE INDEX comments_responder_id_idx ON comments (responder_id)`,
  `CREATE INDEX comments_created_by_idx ON comments (created_by)`,
  touch('comments'),

  `CREATE TABLE incident_histories (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
     type text NOT NULL CHECK (type IN ${HISTORY_TYPE}),
     description text,
     ${createdBy},
     responder_id uuid REFERENCES responders (id) ON DELETE SET NULL,
     evidence_id uuid REFERENCES evidences (id) ON DELETE SET NULL,
     hypothesis_id uuid REFERENCES hypotheses (id) ON DELETE SET NULL,
     comment_id uuid REFERENCES comments (id) ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT clock_timestamp()
   )`,
  `CREATE INDEX incident_histories_incident_id_idx ON incident_histories (incident_id, created_at)`,
  `CREATE INDEX incident_histories_created_by_idx ON incident_histories (created_by)`,
  `CREATE INDEX incident_histories_responder_id_idx ON incident_histories (responder_id)`,
  `CREATE INDEX incident_histories_evidence_id_idx ON incident_histories (evidence_id)`,
  `CREATE INDEX incident_histories_hypothesis_id_idx ON incident_histories (hypothesis_id)`,
  `CREATE INDEX incident_histories_comment_id_idx ON incident_histories (comment_id)`,
];

const DOWN = [
  `DROP TABLE incident_histories`,
  `DROP TABLE comments`,
  `DROP TABLE responders`,
  `DROP TABLE evidences`,
  `DROP FUNCTION evidences_normalize_type()`,
  `DROP TABLE hypotheses`,
  `DROP TABLE incidents`,
  `DROP FUNCTION incidents_status_times()`,
  `DROP SEQUENCE IF EXISTS incident_id_seq`,
  `DROP TABLE incident_rules`,
];
