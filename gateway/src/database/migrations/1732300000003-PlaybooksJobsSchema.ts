import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Playbooks, runs, run actions and approvals (spec 02 §3), job history (spec 03 §3) and the event queue that
 * triggers feed (consumers delete an event once handled; a failed one keeps its error and attempt count).
 */
export class PlaybooksJobsSchema1732300000003 implements MigrationInterface {
  name = 'PlaybooksJobsSchema1732300000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const LOCAL_AGENT = `'00000000-0000-0000-0000-000000000000'`;
const agentId = `agent_id uuid NOT NULL DEFAULT ${LOCAL_AGENT} REFERENCES agents (id) ON DELETE CASCADE`;
const createdBy = `created_by uuid REFERENCES people (id) ON DELETE SET NULL`;
const touch = (table: string) => `CREATE TRIGGER ${table}_updated_at BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`;
const RUN_STATUS = `('running', 'scheduled', 'cancelled', 'completed', 'failed', 'pending', 'pending_approval', 'waiting', 'sleeping', 'skipped')`;

const UP = [
  `CREATE TABLE playbooks (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     namespace text NOT NULL DEFAULT 'default',
     title text,
     icon text,
     description text,
     category text,
     source text NOT NULL DEFAULT 'UI',
     spec jsonb NOT NULL DEFAULT '{}',
     ${createdBy},
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz
   )`,
  `CREATE UNIQUE INDEX playbooks_namespace_name_key ON playbooks (namespace, name) WHERE deleted_at IS NULL`,
  `CREATE INDEX playbooks_created_by_idx ON playbooks (created_by)`,
  touch('playbooks'),

  `CREATE TABLE playbook_runs (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     playbook_id uuid NOT NULL REFERENCES playbooks (id) ON DELETE CASCADE,
     status text NOT NULL DEFAULT 'pending' CHECK (status IN ${RUN_STATUS}),
     spec jsonb,
     parameters jsonb NOT NULL DEFAULT '{}',
     component_id uuid REFERENCES components (id) ON DELETE SET NULL,
     config_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
     check_id uuid REFERENCES checks (id) ON DELETE SET NULL,
     ${agentId},
     error text,
     scheduled_time timestamptz NOT NULL DEFAULT now(),
     start_time timestamptz,
     end_time timestamptz,
     ${createdBy},
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX playbook_runs_playbook_id_idx ON playbook_runs (playbook_id)`,
  `CREATE INDEX playbook_runs_status_idx ON playbook_runs (status)`,
  `CREATE INDEX playbook_runs_created_at_idx ON playbook_runs (created_at DESC)`,
  `CREATE INDEX playbook_runs_component_id_idx ON playbook_runs (component_id)`,
  `CREATE INDEX playbook_runs_config_id_idx ON playbook_runs (config_id)`,
  `CREATE INDEX playbook_runs_check_id_idx ON playbook_runs (check_id)`,
  `CREATE INDEX playbook_runs_agent_id_idx ON playbook_runs (agent_id)`,
  `CREATE INDEX playbook_runs_created_by_idx ON playbook_runs (created_by)`,
  touch('playbook_runs'),

  `CREATE TABLE playbook_run_actions (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     playbook_run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
     name text NOT NULL,
     status text NOT NULL DEFAULT 'pending' CHECK (status IN ${RUN_STATUS}),
     ${agentId},
     scheduled_time timestamptz NOT NULL DEFAULT now(),
     start_time timestamptz,
     end_time timestamptz,
     result jsonb,
     error text,
     retry_count integer NOT NULL DEFAULT 0
   )`,
  `CREATE INDEX playbook_run_actions_playbook_run_id_idx ON playbook_run_actions (playbook_run_id)`,
  `CREATE INDEX playbook_run_actions_agent_id_idx ON playbook_run_actions (agent_id)`,
  `CREATE INDEX playbook_run_actions_status_idx ON playbook_run_actions (status)`,

  `CREATE TABLE playbook_approvals (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
     person_id uuid REFERENCES people (id) ON DELETE CASCADE,
     team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
     created_at timestamptz NOT NULL DEFAULT now(),
     CHECK (num_nonnulls(person_id, team_id) = 1)
   )`,
  `CREATE INDEX playbook_approvals_run_id_idx ON playbook_approvals (run_id)`,
  `CREATE INDEX playbook_approvals_person_id_idx ON playbook_approvals (person_id)`,
  `CREATE INDEX playbook_approvals_team_id_idx ON playbook_approvals (team_id)`,

  // resource_id points at a canary, topology, config scraper, team, ... (resource_type says which), so it
  // carries no foreign key.
  `CREATE TABLE job_history (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     ${agentId},
     resource_id uuid,
     resource_type text,
     status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED')),
     time_start timestamptz NOT NULL DEFAULT now(),
     time_end timestamptz,
     duration_millis integer,
     success_count integer NOT NULL DEFAULT 0,
     error_count integer NOT NULL DEFAULT 0,
     hostname text,
     details jsonb,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX job_history_resource_idx ON job_history (resource_id, time_start DESC)`,
  `CREATE INDEX job_history_agent_id_idx ON job_history (agent_id)`,
  `CREATE INDEX job_history_name_idx ON job_history (name)`,
  `CREATE INDEX job_history_status_idx ON job_history (status)`,
  `CREATE INDEX job_history_created_at_idx ON job_history (created_at DESC)`,

  `CREATE TABLE event_queue (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     properties jsonb NOT NULL DEFAULT '{}',
     error text,
     attempts integer NOT NULL DEFAULT 0,
     last_attempt timestamptz,
     priority integer NOT NULL DEFAULT 0,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX event_queue_name_idx ON event_queue (name)`,
  `CREATE INDEX event_queue_next_idx ON event_queue (priority DESC, created_at)`,
];

const DOWN = [
  `DROP TABLE event_queue`,
  `DROP TABLE job_history`,
  `DROP TABLE playbook_approvals`,
  `DROP TABLE playbook_run_actions`,
  `DROP TABLE playbook_runs`,
  `DROP TABLE playbooks`,
];
