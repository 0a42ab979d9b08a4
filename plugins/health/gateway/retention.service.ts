import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Db } from '@gateway/core/database/db.service';
import { JobsService } from '@gateway/core/jobs';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { hourlyHorizon } from './summary.service';

export const RETENTION_JOB = 'health.statuses.retention';

/** Percentiles of one bucket's valid results; the rollup of a day weights its hours' percentiles by their counts. */
const PERCENTILES = ['0.50', '0.95', '0.97', '0.99'].map((q) => `percentile_cont(${q}) WITHIN GROUP (ORDER BY duration) FILTER (WHERE NOT invalid)`).join(', ');
const WEIGHTED = ['p50', 'p95', 'p97', 'p99']
  .map((p) => `sum(${p} * (passed + failed)) / nullif(sum(passed + failed) FILTER (WHERE ${p} IS NOT NULL), 0)`)
  .join(', ');

/**
 * Every hour (one job across replicas): roll complete hours of raw results into hourly rollups and complete days
 * into daily ones, then delete raw results older than `HEALTH_STATUS_RETENTION_DAYS` (30) and hourly rollups
 * older than `HEALTH_HOURLY_ROLLUP_DAYS` (90). Daily rollups are kept. Rolling before pruning means nothing is lost.
 */
@Injectable()
export class RetentionService implements OnModuleInit {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.work(RETENTION_JOB, async () => {
      await this.rollup();
      await this.prune();
    });
    this.jobs.schedule(RETENTION_JOB, '7 * * * *');
  }

  /** Rolls every complete hour (and UTC day) not rolled yet, and the last ones again; idempotent. Returns the rollup rows written. */
  async rollup(): Promise<{ hours: number; days: number }> {
    const hours = await this.db.query<{ n: string }>(
      `WITH since AS (
         -- the last two rolled hours again: results are stored with their start time, after the run, so a long run
         -- can land in an hour already rolled (the upsert recomputes those hours from the raw rows)
         SELECT coalesce(max(time) - interval '2 hours', date_trunc('hour', now() - make_interval(days => $1))) AS t
         FROM check_status_rollups WHERE granularity = 'hour'
       ), written AS (
         INSERT INTO check_status_rollups (check_id, granularity, time, passed, failed, invalid, duration_sum, duration_max, p50, p95, p97, p99, last_pass, last_fail)
         SELECT check_id, 'hour', date_trunc('hour', time),
                count(*) FILTER (WHERE status AND NOT invalid), count(*) FILTER (WHERE NOT status AND NOT invalid),
                count(*) FILTER (WHERE invalid), coalesce(sum(duration) FILTER (WHERE NOT invalid), 0),
                max(duration) FILTER (WHERE NOT invalid), ${PERCENTILES},
                max(time) FILTER (WHERE status AND NOT invalid), max(time) FILTER (WHERE NOT status AND NOT invalid)
         FROM check_statuses, since
         WHERE time >= since.t AND time < date_trunc('hour', now())
         GROUP BY check_id, date_trunc('hour', time)
         ON CONFLICT (check_id, granularity, time) DO UPDATE SET
           passed = EXCLUDED.passed, failed = EXCLUDED.failed, invalid = EXCLUDED.invalid, duration_sum = EXCLUDED.duration_sum,
           duration_max = EXCLUDED.duration_max, p50 = EXCLUDED.p50, p95 = EXCLUDED.p95, p97 = EXCLUDED.p97, p99 = EXCLUDED.p99,
           last_pass = EXCLUDED.last_pass, last_fail = EXCLUDED.last_fail
         RETURNING 1
       ) SELECT count(*) AS n FROM written`,
      [this.config.health.statusRetentionDays],
    );
    const days = await this.db.query<{ n: string }>(
      `WITH since AS (
         -- days are UTC days (the summary's hourly horizon is a UTC midnight); the last rolled day again, as above
         SELECT coalesce((SELECT max(time) - interval '1 day' FROM check_status_rollups WHERE granularity = 'day'),
                         (SELECT date_trunc('day', min(time), 'UTC') FROM check_status_rollups WHERE granularity = 'hour')) AS t
       ), written AS (
         INSERT INTO check_status_rollups (check_id, granularity, time, passed, failed, invalid, duration_sum, duration_max, p50, p95, p97, p99, last_pass, last_fail)
         SELECT check_id, 'day', date_trunc('day', time, 'UTC'), sum(passed), sum(failed), sum(invalid), sum(duration_sum), max(duration_max),
                ${WEIGHTED}, max(last_pass), max(last_fail)
         FROM check_status_rollups, since
         WHERE granularity = 'hour' AND time >= since.t AND time < date_trunc('day', now(), 'UTC')
         GROUP BY check_id, date_trunc('day', time, 'UTC')
         ON CONFLICT (check_id, granularity, time) DO UPDATE SET
           passed = EXCLUDED.passed, failed = EXCLUDED.failed, invalid = EXCLUDED.invalid, duration_sum = EXCLUDED.duration_sum,
           duration_max = EXCLUDED.duration_max, p50 = EXCLUDED.p50, p95 = EXCLUDED.p95, p97 = EXCLUDED.p97, p99 = EXCLUDED.p99,
           last_pass = EXCLUDED.last_pass, last_fail = EXCLUDED.last_fail
         RETURNING 1
       ) SELECT count(*) AS n FROM written`,
    );
    return { hours: Number(hours[0]?.n ?? 0), days: Number(days[0]?.n ?? 0) };
  }

  /** Deletes raw results past the retention and hourly rollups past their horizon; returns the raw rows deleted. */
  async prune(days = this.config.health.statusRetentionDays): Promise<number> {
    const rows = await this.db.query<{ n: string }>(
      `WITH gone AS (DELETE FROM check_statuses WHERE time < now() - make_interval(days => $1) RETURNING 1) SELECT count(*) AS n FROM gone`,
      [Math.max(1, Math.floor(days))],
    );
    // Exactly where the summary and the graph switch to daily rollups, so no hour is left uncovered.
    await this.db.query(`DELETE FROM check_status_rollups WHERE granularity = 'hour' AND time < $1`, [
      hourlyHorizon(Math.max(days, this.config.health.hourlyRollupDays)),
    ]);
    return Number(rows[0]?.n ?? 0);
  }
}
