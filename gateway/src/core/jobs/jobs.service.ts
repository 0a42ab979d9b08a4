import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import { PG_POOL } from '../database/db.service';
import { ScheduleError, cronFields } from './schedule';

export interface JobSendOptions {
  /** Retries after the first attempt. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further retry (pg-boss retryBackoff). */
  retryDelay?: number;
  /** At most one queued and one running job per key (pg-boss 'stately' queues). */
  singletonKey?: string;
}

export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>;

/** The pg-boss schema, apart from the application's tables. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Durable jobs on Postgres through pg-boss 10.4.2, in the schema `pgboss` of the application's database.
 * Any replica may take any job. Handlers register with `work()` at module init; the boss starts once the
 * application has bootstrapped, and stops (waiting for running handlers) when the application closes.
 *
 * Queues are 'stately' so that `singletonKey` means "one queued and one running job per key".
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private stopped = false;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly schedules = new Map<string, string>();
  private readonly workerIds = new Map<string, string>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Runs `handler` for every job of queue `name` (register during module init). */
  work<T>(name: string, handler: JobHandler<T>): void {
    if (this.handlers.has(name)) throw new Error(`A job handler for '${name}' is already registered`);
    this.handlers.set(name, handler as JobHandler<unknown>);
    if (this.boss) void this.startWorker(this.boss, name).catch((e) => this.logger.error(`work(${name}): ${(e as Error).message}`));
  }

  /**
   * Sends a job to `name` every time `cron` fires (5-field cron or a macro such as `@hourly`, UTC). Across replicas it
   * fires once. A schedule that does not parse throws ScheduleError here, not later inside pg-boss.
   */
  schedule(name: string, cron: string): void {
    let fields: string;
    try {
      fields = cronFields(cron);
    } catch (error) {
      throw new ScheduleError(`schedule(${name}): ${(error as Error).message}`);
    }
    this.schedules.set(name, fields);
    if (this.boss) void this.boss.schedule(name, fields).catch((e) => this.logger.error(`schedule(${name}): ${(e as Error).message}`));
  }

  /** Enqueues a job; returns its id, or null when a job with the same singletonKey is already queued. */
  async send<T extends object>(name: string, data: T, options: JobSendOptions = {}): Promise<string | null> {
    const boss = await this.ready();
    await this.ensureQueue(boss, name);
    const id = await boss.send(name, data, {
      retryLimit: options.retryLimit ?? 0,
      retryDelay: options.retryDelay ?? 0,
      retryBackoff: (options.retryDelay ?? 0) > 0,
      singletonKey: options.singletonKey,
    });
    // Wake the local worker so a job sent by this replica starts without waiting for the next poll.
    const workerId = this.workerIds.get(name);
    if (workerId) boss.notifyWorker(workerId);
    return id;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ready();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    const boss = this.boss ?? (await this.starting?.catch(() => null));
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 }).catch(() => undefined);
  }

  private ready(): Promise<PgBoss> {
    if (this.boss) return Promise.resolve(this.boss);
    if (this.stopped) return Promise.reject(new Error('The job queue is stopped'));
    this.starting ??= this.start();
    return this.starting;
  }

  private async start(): Promise<PgBoss> {
    const options = this.pool.options as { connectionString?: string; host?: string; port?: number; user?: string; password?: string; database?: string };
    const boss = new PgBoss({
      connectionString: options.connectionString,
      host: options.host,
      port: options.port,
      user: options.user,
      password: typeof options.password === 'string' ? options.password : undefined,
      database: options.database,
      schema: JOBS_SCHEMA,
      max: 4,
      application_name: 'console-jobs',
    });
    boss.on('error', (error) => this.logger.warn(`pg-boss: ${(error as Error).message}`));
    await boss.start();
    for (const name of this.handlers.keys()) await this.startWorker(boss, name);
    for (const [name, cron] of this.schedules) {
      await this.ensureQueue(boss, name);
      await boss.schedule(name, cron);
    }
    this.boss = boss;
    return boss;
  }

  private readonly queues = new Set<string>();

  private async ensureQueue(boss: PgBoss, name: string): Promise<void> {
    if (this.queues.has(name)) return;
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, { name, policy: 'stately' }).catch(async (error) => {
        // Another replica created it first.
        if (!(await boss.getQueue(name))) throw error;
      });
    }
    this.queues.add(name);
  }

  private async startWorker(boss: PgBoss, name: string): Promise<void> {
    await this.ensureQueue(boss, name);
    const handler = this.handlers.get(name)!;
    const id = await boss.work<unknown>(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        await handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
      }
    });
    this.workerIds.set(name, id);
  }
}
