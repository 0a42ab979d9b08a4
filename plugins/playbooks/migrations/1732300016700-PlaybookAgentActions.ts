import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Actions that run on an agent (`runsOn`, issue 16): the run worker leaves such an action `waiting` with the agents
 * that may run it (`runs_on`), what the agent needs to run it (`agent_request`: its type, rendered body, timeout and
 * the run's scope) and until when one of them may pick it up (`agent_deadline`). The agent's poll claims it
 * (`agent_id` becomes the agent's, `agent_lease_until` when its result is due) and posts the result back.
 */
export class PlaybookAgentActions1732300016700 implements MigrationInterface {
  name = 'PlaybookAgentActions1732300016700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE playbook_run_actions
      ADD COLUMN runs_on text[],
      ADD COLUMN agent_request jsonb,
      ADD COLUMN agent_deadline timestamptz,
      ADD COLUMN agent_lease_until timestamptz`);
    await queryRunner.query(
      `CREATE INDEX playbook_run_actions_agent_waiting_idx ON playbook_run_actions USING gin (runs_on) WHERE status = 'waiting' AND runs_on IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS playbook_run_actions_agent_waiting_idx`);
    await queryRunner.query(
      `ALTER TABLE playbook_run_actions DROP COLUMN runs_on, DROP COLUMN agent_request, DROP COLUMN agent_deadline, DROP COLUMN agent_lease_until`,
    );
  }
}
