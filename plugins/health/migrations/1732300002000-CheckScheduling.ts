import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Health check scheduling (issue 4): a run lease per check so each due run is claimed once across replicas
 * (`FOR UPDATE SKIP LOCKED`) and a check never runs twice at the same time, and an index for finding due checks.
 */
export class CheckScheduling1732300002000 implements MigrationInterface {
  name = 'CheckScheduling1732300002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checks ADD COLUMN run_lease_until timestamptz, ADD COLUMN last_started_at timestamptz`);
    await q.query(`CREATE INDEX checks_due_idx ON checks (next_runtime) WHERE deleted_at IS NULL AND next_runtime IS NOT NULL`);
    await q.query(`CREATE INDEX check_statuses_check_time_idx ON check_statuses (check_id, time DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX check_statuses_check_time_idx`);
    await q.query(`DROP INDEX checks_due_idx`);
    await q.query(`ALTER TABLE checks DROP COLUMN last_started_at, DROP COLUMN run_lease_until`);
  }
}
