import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The playbook run engine (issue 12) on the tables of migration 1732300000003:
 * - runs: a lease (`lease_owner`, `lease_until`) held by the replica executing a run and renewed while it runs, so a
 *   run whose replica died is found (lease past) and recovered; what started it (`trigger`, the event id, the webhook
 *   request); a parent run for the `playbook` action, which waits for its child;
 * - actions: their position in the spec;
 * - schedule triggers: one row per `on.schedule[]` entry with its next time, claimed across replicas;
 * - playbooks: a write through the data API keeps the spec it replaces within its transaction
 *   (`console.playbook_prior_<id>`), so the gateway can hold an editor to the exec rule against what was there; a
 *   DELETE becomes a soft delete (runs keep their history);
 * - `pg_notify('playbook_run', '<run id>:<status>')` when a run is created or its status changes, which wakes the
 *   workers, stops a cancelled run's action and feeds the run page's live stream; `playbook.run.<status>` events when
 *   a run ends (notifications read them).
 */
export class PlaybookEngine1732300012100 implements MigrationInterface {
  name = 'PlaybookEngine1732300012100';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const UP = [
  `ALTER TABLE playbook_runs
     ADD COLUMN lease_owner text,
     ADD COLUMN lease_until timestamptz,
     ADD COLUMN parent_id uuid REFERENCES playbook_runs (id) ON DELETE SET NULL,
     ADD COLUMN trigger text NOT NULL DEFAULT 'manual',
     ADD COLUMN trigger_event_id uuid,
     ADD COLUMN request jsonb`,
  // An event starts at most one run per playbook, however often it is delivered.
  `CREATE UNIQUE INDEX playbook_runs_trigger_event_key ON playbook_runs (playbook_id, trigger_event_id) WHERE trigger_event_id IS NOT NULL`,
  `CREATE INDEX playbook_runs_due_idx ON playbook_runs (scheduled_time) WHERE status IN ('scheduled', 'sleeping')`,
  `CREATE INDEX playbook_runs_lease_idx ON playbook_runs (lease_until) WHERE status = 'running'`,
  `CREATE INDEX playbook_runs_parent_id_idx ON playbook_runs (parent_id) WHERE parent_id IS NOT NULL`,
  `ALTER TABLE playbook_run_actions
     ADD COLUMN action_index integer NOT NULL DEFAULT 0,
     ADD COLUMN child_run_id uuid REFERENCES playbook_runs (id) ON DELETE SET NULL`,
  `CREATE UNIQUE INDEX playbook_run_actions_position_key ON playbook_run_actions (playbook_run_id, action_index)`,
  `CREATE INDEX playbook_run_actions_child_run_id_idx ON playbook_run_actions (child_run_id) WHERE child_run_id IS NOT NULL`,
  `CREATE TABLE playbook_schedules (
     playbook_id uuid NOT NULL REFERENCES playbooks (id) ON DELETE CASCADE,
     position integer NOT NULL,
     schedule text NOT NULL,
     next_run timestamptz NOT NULL,
     PRIMARY KEY (playbook_id, position)
   )`,
  `CREATE INDEX playbook_schedules_next_run_idx ON playbook_schedules (next_run)`,
  // A webhook path names one playbook.
  `CREATE UNIQUE INDEX playbooks_webhook_path_key ON playbooks ((spec #>> '{on,webhook,path}'))
     WHERE deleted_at IS NULL AND spec #>> '{on,webhook,path}' IS NOT NULL`,

  `CREATE FUNCTION playbooks_keep_prior() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM set_config('console.playbook_prior_' || replace(OLD.id::text, '-', ''), OLD.spec::text, true);
     IF TG_OP = 'DELETE' THEN
       UPDATE playbooks SET deleted_at = now() WHERE id = OLD.id AND deleted_at IS NULL;
       RETURN NULL;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER playbooks_keep_prior BEFORE UPDATE OR DELETE ON playbooks FOR EACH ROW EXECUTE FUNCTION playbooks_keep_prior()`,
  // A commit that sent a NOTIFY holds a server-wide lock through its WAL flush, so only what others must hear is
  // notified: a new run (workers wake) and a run's status change (workers, cancel, the live streams). Action changes
  // reach the streams of the replica running them in-process, and others' by a 1 s re-read while a stream is open.
  `CREATE FUNCTION playbook_run_notify() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('playbook_run', NEW.id::text || ':' || NEW.status);
     IF TG_OP = 'UPDATE' AND NEW.status IN ('completed', 'failed', 'cancelled') THEN
       PERFORM enqueue_event('playbook.run.' || NEW.status, jsonb_build_object('id', NEW.id, 'playbook_id', NEW.playbook_id));
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER playbook_runs_notify_insert AFTER INSERT ON playbook_runs FOR EACH ROW EXECUTE FUNCTION playbook_run_notify()`,
  `CREATE TRIGGER playbook_runs_notify_status AFTER UPDATE OF status ON playbook_runs
     FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION playbook_run_notify()`,
];

const DOWN = [
  `DROP TRIGGER playbooks_keep_prior ON playbooks`,
  `DROP FUNCTION playbooks_keep_prior()`,
  `DROP TRIGGER playbook_runs_notify_status ON playbook_runs`,
  `DROP TRIGGER playbook_runs_notify_insert ON playbook_runs`,
  `DROP FUNCTION playbook_run_notify()`,
  `DROP INDEX playbooks_webhook_path_key`,
  `DROP TABLE playbook_schedules`,
  `DROP INDEX playbook_run_actions_child_run_id_idx`,
  `DROP INDEX playbook_run_actions_position_key`,
  `ALTER TABLE playbook_run_actions DROP COLUMN child_run_id, DROP COLUMN action_index`,
  `DROP INDEX playbook_runs_parent_id_idx`,
  `DROP INDEX playbook_runs_lease_idx`,
  `DROP INDEX playbook_runs_due_idx`,
  `DROP INDEX playbook_runs_trigger_event_key`,
  `ALTER TABLE playbook_runs DROP COLUMN request, DROP COLUMN trigger_event_id, DROP COLUMN trigger, DROP COLUMN parent_id, DROP COLUMN lease_until, DROP COLUMN lease_owner`,
];
