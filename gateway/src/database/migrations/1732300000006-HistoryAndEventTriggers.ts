import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Triggers that no code path can forget:
 * - the incident changelog (`incident_histories`) for the 8 event kinds of spec 01 §4;
 * - the event queue (`event_queue`) for incident, responder, comment, check, component, config and playbook
 *   events, with `pg_notify('event_queue', name)` on every enqueued row to wake consumers.
 *
 * Who did it: inserts use the row's created_by. Updates (status changes, definition of done) use the person
 * the writer names with `SELECT set_config('console.person_id', '<uuid>', true)` inside its transaction,
 * falling back to the row's created_by.
 */
export class HistoryAndEventTriggers1732300000006 implements MigrationInterface {
  name = 'HistoryAndEventTriggers1732300000006';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of FUNCTIONS) await queryRunner.query(sql);
    for (const [, , sql] of TRIGGERS) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, table] of [...TRIGGERS].reverse()) await queryRunner.query(`DROP TRIGGER ${name} ON ${table}`);
    for (const signature of [...DROP_FUNCTIONS]) await queryRunner.query(`DROP FUNCTION ${signature}`);
  }
}

const FUNCTIONS = [
  `CREATE FUNCTION acting_person(fallback uuid) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
   DECLARE
     setting text := nullif(current_setting('console.person_id', true), '');
     actor uuid;
   BEGIN
     IF setting IS NULL THEN RETURN fallback; END IF;
     BEGIN
       actor := setting::uuid;
     EXCEPTION WHEN invalid_text_representation THEN
       RETURN fallback;
     END;
     IF EXISTS (SELECT 1 FROM people WHERE id = actor) THEN RETURN actor; END IF;
     RETURN fallback;
   END $$`,

  // When a history row is written: the source row's created_at when the writer backdated it (imports, demo
  // data), else the wall clock, which keeps events of one transaction in their real order.
  `CREATE FUNCTION history_time(row_created_at timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
     SELECT CASE WHEN $1 < now() THEN $1 ELSE clock_timestamp() END
   $$`,

  `CREATE FUNCTION enqueue_event(event_name text, event_properties jsonb, event_priority integer DEFAULT 0)
   RETURNS void LANGUAGE sql AS $$
     INSERT INTO event_queue (name, properties, priority) VALUES ($1, $2, $3)
   $$`,

  `CREATE FUNCTION event_queue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('event_queue', NEW.name);
     RETURN NULL;
   END $$`,

  // ---- incident changelog ---------------------------------------------------------------------------------
  `CREATE FUNCTION incidents_history() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO incident_histories (incident_id, type, description, created_by, created_at)
       VALUES (NEW.id, 'incident.created', NEW.title, NEW.created_by, history_time(NEW.created_at));
     ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
       INSERT INTO incident_histories (incident_id, type, description, created_by)
       VALUES (NEW.id, 'incident.status_updated', coalesce(OLD.status, 'new') || ' → ' || NEW.status,
               acting_person(NEW.created_by));
     END IF;
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION hypotheses_history() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO incident_histories (incident_id, type, description, created_by, hypothesis_id, created_at)
       VALUES (NEW.incident_id, 'hypothesis.created', NEW.title, NEW.created_by, NEW.id, history_time(NEW.created_at));
     ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
       INSERT INTO incident_histories (incident_id, type, description, created_by, hypothesis_id)
       VALUES (NEW.incident_id, 'hypothesis.status_updated',
               coalesce(OLD.status, 'none') || ' → ' || coalesce(NEW.status, 'none'),
               acting_person(NEW.created_by), NEW.id);
     END IF;
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION evidences_history() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     incident uuid;
   BEGIN
     SELECT h.incident_id INTO incident FROM hypotheses h WHERE h.id = NEW.hypothesis_id;
     IF TG_OP = 'INSERT' THEN
       INSERT INTO incident_histories (incident_id, type, description, created_by, evidence_id, hypothesis_id, created_at)
       VALUES (incident, 'evidence.created', NEW.description, NEW.created_by, NEW.id, NEW.hypothesis_id,
               history_time(NEW.created_at));
     END IF;
     IF NEW.definition_of_done AND (TG_OP = 'INSERT' OR NOT OLD.definition_of_done) THEN
       INSERT INTO incident_histories (incident_id, type, description, created_by, evidence_id, hypothesis_id, created_at)
       VALUES (incident, 'evidence.done_definition_added', NEW.description,
               CASE WHEN TG_OP = 'INSERT' THEN NEW.created_by ELSE acting_person(NEW.created_by) END,
               NEW.id, NEW.hypothesis_id,
               -- after its evidence.created row
               CASE WHEN TG_OP = 'INSERT' THEN history_time(NEW.created_at) + interval '1 millisecond'
                    ELSE clock_timestamp() END);
     END IF;
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION responders_history() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     who text;
   BEGIN
     SELECT coalesce((SELECT t.name FROM teams t WHERE t.id = NEW.team_id),
                     (SELECT p.name FROM people p WHERE p.id = NEW.person_id))
       || coalesce(' (' || (NEW.properties ->> 'responderType') || ')', '')
       INTO who;
     INSERT INTO incident_histories (incident_id, type, description, created_by, responder_id, created_at)
     VALUES (NEW.incident_id, 'responder.created', who, NEW.created_by, NEW.id, history_time(NEW.created_at));
     RETURN NULL;
   END $$`,

  // Every comment on an incident is a responder.commented event (commenters act as responders).
  `CREATE FUNCTION comments_history() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO incident_histories (incident_id, type, description, created_by, comment_id, responder_id, hypothesis_id,
                                     created_at)
     VALUES (NEW.incident_id, 'responder.commented', left(NEW.comment, 500), NEW.created_by, NEW.id,
             NEW.responder_id, NEW.hypothesis_id, history_time(NEW.created_at));
     RETURN NULL;
   END $$`,

  // ---- event queue ----------------------------------------------------------------------------------------
  `CREATE FUNCTION incidents_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       PERFORM enqueue_event('incident.created', jsonb_build_object('id', NEW.id));
     ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
       PERFORM enqueue_event('incident.status.updated',
         jsonb_build_object('id', NEW.id, 'old_status', OLD.status, 'new_status', NEW.status));
     END IF;
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION responders_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM enqueue_event('responder.created', jsonb_build_object('id', NEW.id, 'incident_id', NEW.incident_id));
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION comments_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM enqueue_event('comment.created', jsonb_build_object('id', NEW.id, 'incident_id', NEW.incident_id));
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION checks_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IS NOT NULL THEN
       PERFORM enqueue_event(CASE NEW.status WHEN 'healthy' THEN 'check.passed' ELSE 'check.failed' END,
         jsonb_build_object('id', NEW.id, 'canary_id', NEW.canary_id, 'last_runtime', NEW.last_runtime));
     END IF;
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION components_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.health IS DISTINCT FROM OLD.health AND NEW.health IS NOT NULL THEN
       PERFORM enqueue_event('component.' || NEW.health, jsonb_build_object('id', NEW.id));
     END IF;
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION config_items_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       PERFORM enqueue_event('config.created', jsonb_build_object('id', NEW.id));
       RETURN NULL;
     END IF;
     IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
       PERFORM enqueue_event('config.deleted', jsonb_build_object('id', NEW.id));
       RETURN NULL;
     END IF;
     IF NEW.health IS DISTINCT FROM OLD.health AND NEW.health IS NOT NULL THEN
       PERFORM enqueue_event('config.' || NEW.health, jsonb_build_object('id', NEW.id));
     END IF;
     IF NEW.config IS DISTINCT FROM OLD.config THEN
       PERFORM enqueue_event('config.updated', jsonb_build_object('id', NEW.id));
     END IF;
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION playbook_approvals_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM enqueue_event('playbook.approval.inserted', jsonb_build_object('id', NEW.id, 'run_id', NEW.run_id));
     RETURN NULL;
   END $$`,

  `CREATE FUNCTION playbooks_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF (NEW.spec -> 'approval') IS DISTINCT FROM (OLD.spec -> 'approval') THEN
       PERFORM enqueue_event('playbook.spec.approval.updated', jsonb_build_object('id', NEW.id));
     END IF;
     RETURN NULL;
   END $$`,
];

const DROP_FUNCTIONS = [
  'playbooks_events()',
  'playbook_approvals_events()',
  'config_items_events()',
  'components_events()',
  'checks_events()',
  'comments_events()',
  'responders_events()',
  'incidents_events()',
  'comments_history()',
  'responders_history()',
  'evidences_history()',
  'hypotheses_history()',
  'incidents_history()',
  'event_queue_notify()',
  'enqueue_event(text, jsonb, integer)',
  'history_time(timestamptz)',
  'acting_person(uuid)',
];

const after = (name: string, table: string, events: string, fn: string): [string, string, string] => [
  name,
  table,
  `CREATE TRIGGER ${name} AFTER ${events} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
];

const TRIGGERS: [string, string, string][] = [
  after('event_queue_notify', 'event_queue', 'INSERT', 'event_queue_notify'),
  after('incidents_history', 'incidents', 'INSERT OR UPDATE OF status', 'incidents_history'),
  after('hypotheses_history', 'hypotheses', 'INSERT OR UPDATE OF status', 'hypotheses_history'),
  after('evidences_history', 'evidences', 'INSERT OR UPDATE OF definition_of_done', 'evidences_history'),
  after('responders_history', 'responders', 'INSERT', 'responders_history'),
  after('comments_history', 'comments', 'INSERT', 'comments_history'),
  after('incidents_events', 'incidents', 'INSERT OR UPDATE OF status', 'incidents_events'),
  after('responders_events', 'responders', 'INSERT', 'responders_events'),
  after('comments_events', 'comments', 'INSERT', 'comments_events'),
  after('checks_events', 'checks', 'UPDATE OF status', 'checks_events'),
  after('components_events', 'components', 'UPDATE OF health', 'components_events'),
  after('config_items_events', 'config_items', 'INSERT OR UPDATE', 'config_items_events'),
  after('playbook_approvals_events', 'playbook_approvals', 'INSERT', 'playbook_approvals_events'),
  after('playbooks_events', 'playbooks', 'UPDATE OF spec', 'playbooks_events'),
];
