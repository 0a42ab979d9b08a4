import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Health's public surface, and its summary statistics written once.
 *
 * - `check_stats(since, inclusive)`: per check, passed/failed, last pass/fail and duration percentiles of the raw
 *   results after `since` (invalid results excluded). The last-hour materialized view and the summary service both
 *   use it, so the statistics are defined in one place (they were a copy in the service and in HealthSummaries).
 *   A single-statement SQL function: Postgres inlines it, so the planner still uses the time index. Its table is
 *   schema-qualified because Postgres 17 runs CREATE/REFRESH MATERIALIZED VIEW with search_path = pg_catalog, pg_temp
 *   (a SET search_path clause instead would stop the inlining).
 * - `check_current_state`: what other plugins may read of a check (incidents' definition of done): the check row,
 *   its latest result and since when the status has been what it is. Other plugins read this view, never
 *   `checks`/`check_statuses` themselves.
 */
export class HealthPublicSurface1732300005000 implements MigrationInterface {
  name = 'HealthPublicSurface1732300005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION check_stats(since timestamptz, inclusive boolean DEFAULT true)
       RETURNS TABLE (check_id uuid, passed int, failed int, last_pass timestamptz, last_fail timestamptz,
                      p50 float8, p95 float8, p97 float8, p99 float8)
       LANGUAGE sql STABLE AS $$
         SELECT check_id,
                count(*) FILTER (WHERE status)::int,
                count(*) FILTER (WHERE NOT status)::int,
                max(time) FILTER (WHERE status),
                max(time) FILTER (WHERE NOT status),
                round(percentile_cont(0.50) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8,
                round(percentile_cont(0.95) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8,
                round(percentile_cont(0.97) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8,
                round(percentile_cont(0.99) WITHIN GROUP (ORDER BY duration)::numeric, 1)::float8
           FROM public.check_statuses
          WHERE time >= since AND (inclusive OR time > since) AND NOT invalid
          GROUP BY check_id
       $$`);
    await q.query(`DROP MATERIALIZED VIEW check_summary_1h`);
    await q.query(`CREATE MATERIALIZED VIEW check_summary_1h AS
       SELECT s.*, now() AS refreshed_at FROM check_stats(now() - interval '1 hour', false) s`);
    await q.query(`CREATE UNIQUE INDEX check_summary_1h_check_id ON check_summary_1h (check_id)`);
    await q.query(`CREATE VIEW check_current_state AS
       SELECT c.id,
              to_jsonb(c) AS check_row,
              to_jsonb(s) - 'check_id' AS last_result,
              (SELECT min(x.time) FROM check_statuses x
                WHERE x.check_id = c.id
                  AND x.time > coalesce((SELECT max(y.time) FROM check_statuses y WHERE y.check_id = c.id AND y.status <> s.status), '-infinity')
              ) AS status_since
         FROM checks c
         LEFT JOIN LATERAL (SELECT * FROM check_statuses WHERE check_id = c.id ORDER BY time DESC LIMIT 1) s ON true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW check_current_state`);
    await q.query(`DROP MATERIALIZED VIEW check_summary_1h`);
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
    await q.query(`CREATE UNIQUE INDEX check_summary_1h_check_id ON check_summary_1h (check_id)`);
    await q.query(`DROP FUNCTION check_stats(timestamptz, boolean)`);
  }
}
