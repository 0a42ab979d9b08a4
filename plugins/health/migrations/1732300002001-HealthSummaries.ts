import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Health read models (issue 4): hourly and daily rollups of check results, kept after the raw rows expire, and the
 * last-hour summary per check precomputed in a materialized view (refreshed every minute and at start); results
 * newer than the refresh are added live by the summary query.
 */
export class HealthSummaries1732300002001 implements MigrationInterface {
  name = 'HealthSummaries1732300002001';

  async up(q: QueryRunner): Promise<void> {
    // The newest result's message, kept on the check by the runner: the dashboard reads it without a lookup per check.
    await q.query(`ALTER TABLE checks ADD COLUMN last_message text, ADD COLUMN last_error text, ADD COLUMN last_invalid boolean NOT NULL DEFAULT false`);
    // Results since the last refresh of the summary view, across all checks (the BRIN index is for retention).
    await q.query(`CREATE INDEX check_statuses_time_idx ON check_statuses (time)`);
    await q.query(`CREATE TABLE check_status_rollups (
       check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
       granularity text NOT NULL CHECK (granularity IN ('hour', 'day')),
       time timestamptz NOT NULL,
       passed integer NOT NULL,
       failed integer NOT NULL,
       invalid integer NOT NULL,
       duration_sum bigint NOT NULL,
       duration_max integer,
       p50 real, p95 real, p97 real, p99 real,
       last_pass timestamptz,
       last_fail timestamptz,
       PRIMARY KEY (check_id, granularity, time)
     )`);
    await q.query(`CREATE INDEX check_status_rollups_time_idx ON check_status_rollups (granularity, time)`);
    await q.query(`CREATE MATERIALIZED VIEW check_summary_1h AS
       SELECT check_id,
              count(*) FILTER (WHERE status)::int AS passed,
              count(*) FILTER (WHERE NOT status)::int AS failed,
              max(time) FILTER (WHERE status) AS last_pass,
              max(time) FILTER (WHERE NOT status) AS last_fail,
              round(percentile_cont(0.50) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8 AS p50,
              round(percentile_cont(0.95) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8 AS p95,
              round(percentile_cont(0.97) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8 AS p97,
              round(percentile_cont(0.99) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8 AS p99,
              now() AS refreshed_at
       FROM check_statuses
       WHERE time > now() - interval '1 hour' AND NOT invalid
       GROUP BY check_id`);
    // CONCURRENTLY needs a unique index; readers never wait for a refresh.
    await q.query(`CREATE UNIQUE INDEX check_summary_1h_check_id ON check_summary_1h (check_id)`);
    // When the view was last refreshed (one row): results after it are added live, so a new result shows at once.
    await q.query(`CREATE TABLE check_summary_1h_state (
       singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
       refreshed_at timestamptz NOT NULL
     )`);
    await q.query(`INSERT INTO check_summary_1h_state (refreshed_at) VALUES (now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX check_statuses_time_idx`);
    await q.query(`ALTER TABLE checks DROP COLUMN last_message, DROP COLUMN last_error, DROP COLUMN last_invalid`);
    await q.query(`DROP TABLE check_summary_1h_state`);
    await q.query(`DROP MATERIALIZED VIEW check_summary_1h`);
    await q.query(`DROP TABLE check_status_rollups`);
  }
}
