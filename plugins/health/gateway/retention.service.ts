import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Db } from '@gateway/core/database/db.service';
import { JobsService } from '@gateway/core/jobs';

export const RETENTION_JOB = 'health.statuses.retention';

/** Raw check results older than `HEALTH_STATUS_RETENTION_DAYS` (default 30) are deleted hourly (one job across replicas). */
@Injectable()
export class RetentionService implements OnModuleInit {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.work(RETENTION_JOB, () => this.prune());
    this.jobs.schedule(RETENTION_JOB, '17 * * * *');
  }

  /** Deletes the old results; returns how many. */
  async prune(days = Number(process.env.HEALTH_STATUS_RETENTION_DAYS ?? 30)): Promise<number> {
    const rows = await this.db.query<{ n: string }>(
      `WITH gone AS (DELETE FROM check_statuses WHERE time < now() - make_interval(days => $1) RETURNING 1) SELECT count(*) AS n FROM gone`,
      [Math.max(1, Math.floor(days))],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
