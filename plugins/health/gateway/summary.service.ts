import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import type { CheckSummary } from '@contracts';
import { JobsService } from '@gateway/core/jobs';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import { badRequest } from '@gateway/core/http/domain-error';
import { parseDuration } from './canary-document';

export type { CheckSummary };

export interface SummaryQuery {
  timeRange?: string;
  labels?: Record<string, string> | string;
  check_id?: string;
}

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;
/** Where hourly rollups give way to daily ones: midnight (UTC) `hourlyRollupDays` (`HEALTH_HOURLY_ROLLUP_DAYS`) ago. */
export function hourlyHorizon(hourlyRollupDays: number, now = Date.now()): Date {
  return new Date(Math.floor((now - hourlyRollupDays * DAY_S * 1000) / (DAY_S * 1000)) * DAY_S * 1000);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Per check: passed, failed, last_pass, last_fail, p50…p99 over raw results (invalid excluded) from `since`: the SQL
 * function `check_stats` (migration HealthPublicSurface), which the last-hour view uses too.
 */
const rawStats = (since: string, inclusive = true) =>
  `SELECT check_id, passed, failed, last_pass, last_fail, p50, p95, p97, p99 FROM check_stats(${since}, ${inclusive})`;

/**
 * Ranges beyond a day: complete days from daily rollups (older than the hourly horizon $2), complete hours from
 * hourly rollups up to the last rolled hour $3, then raw results. Counts are exact; a percentile is the mean of the
 * parts' percentiles weighted by their result counts (an approximation: exact percentiles need every raw row).
 */
const ROLLED_STATS = `SELECT check_id, sum(passed)::int AS passed, sum(failed)::int AS failed,
         max(last_pass) AS last_pass, max(last_fail) AS last_fail,
         round((sum(p50 * (passed + failed)) / nullif(sum(passed + failed) FILTER (WHERE p50 IS NOT NULL), 0))::numeric, 1)::float8 AS p50,
         round((sum(p95 * (passed + failed)) / nullif(sum(passed + failed) FILTER (WHERE p95 IS NOT NULL), 0))::numeric, 1)::float8 AS p95,
         round((sum(p97 * (passed + failed)) / nullif(sum(passed + failed) FILTER (WHERE p97 IS NOT NULL), 0))::numeric, 1)::float8 AS p97,
         round((sum(p99 * (passed + failed)) / nullif(sum(passed + failed) FILTER (WHERE p99 IS NOT NULL), 0))::numeric, 1)::float8 AS p99
       FROM (
         SELECT check_id, passed, failed, last_pass, last_fail, p50, p95, p97, p99 FROM check_status_rollups
          WHERE granularity = 'day' AND time >= $1 AND time < $2
         UNION ALL
         SELECT check_id, passed, failed, last_pass, last_fail, p50, p95, p97, p99 FROM check_status_rollups
          WHERE granularity = 'hour' AND time >= greatest($1, $2) AND time < $3
         UNION ALL
         ${rawStats('greatest($1, $3)')}
       ) parts GROUP BY check_id`;

/**
 * The last hour: the precomputed view (migration HealthSummaries, refreshed every minute by `refresh()`) plus the
 * raw results since its refresh, so a new result counts at once. The window is thus the hour before the refresh
 * and up to a minute after it. Where both parts have results, a percentile is their count-weighted mean.
 */
const LAST_HOUR_STATS = `SELECT check_id, sum(passed)::int AS passed, sum(failed)::int AS failed,
         max(last_pass) AS last_pass, max(last_fail) AS last_fail,
         ${['p50', 'p95', 'p97', 'p99']
           .map((p) => `round((sum(${p} * (passed + failed)) / nullif(sum(passed + failed) FILTER (WHERE ${p} IS NOT NULL), 0))::numeric, 1)::float8 AS ${p}`)
           .join(',\n         ')}
       FROM (
         SELECT check_id, passed, failed, last_pass, last_fail, p50, p95, p97, p99 FROM check_summary_1h
         UNION ALL
         ${rawStats('(SELECT refreshed_at FROM check_summary_1h_state)', false)}
       ) parts GROUP BY check_id`;

/** A cached answer older than ttl × this is not served while a fresh one is computed: the reader waits for it. */
const STALE_FACTOR = 5;
const MAX_CACHED_QUERIES = 100;

export const SUMMARY_REFRESH_JOB = 'health.summary.refresh';

/**
 * Spec 02 Health summary: per check, uptime and latency percentiles over a time range (default 1 h). The default
 * range reads the materialized last-hour view; up to a day reads raw results; longer ranges add up rollups.
 */
@Injectable()
export class SummaryService implements OnModuleInit, OnApplicationBootstrap {
  private readonly log = new Logger(SummaryService.name);
  /**
   * Answers by query for `HEALTH_SUMMARY_CACHE_MS` (2 s): dashboards of many users ask the same question every few
   * seconds, and with thousands of checks one answer costs ~150 ms of database time. Per replica.
   */
  private readonly cache = new Map<string, { body: string; at: number }>();
  private readonly computing = new Map<string, Promise<string>>();
  /** Bumped by `invalidate()`: a computation started before it does not fill the cache. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A check's results bucketed over the range (see `graph`). */
  graph(checkId: string, timeRange = '1h'): Promise<{ bucket_seconds: number; points: GraphPoint[] }> {
    return graph(this.db, checkId, timeRange, this.config.health.hourlyRollupDays);
  }

  onModuleInit(): void {
    this.jobs.work(SUMMARY_REFRESH_JOB, () => this.refresh());
    this.jobs.schedule(SUMMARY_REFRESH_JOB, '* * * * *');
  }

  /** At start the view may be hours old (the gateway was down): refresh it before serving. */
  async onApplicationBootstrap(): Promise<void> {
    await this.refresh().catch((error: Error) => this.log.warn(`summary refresh at start failed: ${error.message}`));
  }

  /** Recomputes the last-hour view without blocking readers, and records when (same transaction, same now()). */
  async refresh(): Promise<void> {
    await this.db.transaction(async (tx) => {
      // One refresh at a time across replicas (start-up and the minute job may meet); a second one would record a
      // refresh time earlier than the data the first one read.
      const lock = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('health.check_summary_1h')) AS ok`);
      if (!lock.rows[0]?.ok) return;
      await tx.query(`REFRESH MATERIALIZED VIEW CONCURRENTLY check_summary_1h`);
      await tx.query(`UPDATE check_summary_1h_state SET refreshed_at = now()`);
    });
  }

  async summary(query: SummaryQuery = {}): Promise<{ checks_summary: CheckSummary[] }> {
    return JSON.parse(await this.summaryJson(query)) as { checks_summary: CheckSummary[] };
  }

  /**
   * The summary as JSON text, built by Postgres: with thousands of checks, parsing the rows in Node and serializing
   * them again cost twice the query itself, so the HTTP endpoint sends this text as it is.
   */
  async summaryJson(query: SummaryQuery = {}): Promise<string> {
    const { key, compute } = this.prepare(query);
    const ttl = this.config.health.summaryCacheMs;
    if (ttl <= 0) return compute();
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < ttl) return hit.body;
    // Stale but recent: answer with it while one request recomputes (never more than one per query at a time).
    if (hit && now - hit.at < ttl * STALE_FACTOR) {
      void this.recompute(key, compute).catch((error: Error) => this.log.warn(`summary refresh failed: ${error.message}`));
      return hit.body;
    }
    return this.recompute(key, compute);
  }

  /** Forgets the cached answers: after Run Now or a canary change on this replica, the next read is fresh. */
  invalidate(): void {
    this.generation++;
    this.cache.clear();
    this.computing.clear();
  }

  private recompute(key: string, compute: () => Promise<string>): Promise<string> {
    let running = this.computing.get(key);
    if (!running) {
      const generation = this.generation;
      running = compute()
        .then((body) => {
          if (generation === this.generation) {
            if (this.cache.size >= MAX_CACHED_QUERIES) this.cache.clear();
            this.cache.set(key, { body, at: Date.now() });
          }
          return body;
        })
        .finally(() => this.computing.delete(key));
      this.computing.set(key, running);
    }
    return running;
  }

  /** Validates the query (400 on bad input, cached or not) and returns its cache key and its computation. */
  private prepare(query: SummaryQuery): { key: string; compute: () => Promise<string> } {
    const rangeS = rangeMs(query.timeRange ?? '1h') / 1000;
    let labels: Record<string, string> = {};
    if (typeof query.labels === 'string' && query.labels) {
      try {
        labels = JSON.parse(query.labels) as Record<string, string>;
      } catch {
        throw badRequest('labels: must be a JSON object');
      }
    } else if (query.labels && typeof query.labels === 'object') labels = query.labels;
    if (typeof labels !== 'object' || labels === null || Array.isArray(labels)) throw badRequest('labels: must be a JSON object');
    if (query.check_id !== undefined && query.check_id !== null && query.check_id !== '' && !UUID.test(String(query.check_id))) {
      throw badRequest('check_id: must be a UUID');
    }
    const checkId = query.check_id ? String(query.check_id) : null;
    return { key: JSON.stringify([rangeS, labels, checkId]), compute: () => this.compute(rangeS, labels, checkId) };
  }

  private async compute(rangeS: number, labels: Record<string, string>, checkId: string | null): Promise<string> {
    const start = new Date(Date.now() - rangeS * 1000);
    let stats: string;
    let params: unknown[];
    if (rangeS === HOUR_S) [stats, params] = [LAST_HOUR_STATS, []];
    else if (rangeS <= DAY_S) [stats, params] = [rawStats('$1'), [start]];
    else {
      const [{ rolled_to: rolledTo }] = await this.db.query<{ rolled_to: Date | null }>(
        `SELECT max(time) + interval '1 hour' AS rolled_to FROM check_status_rollups WHERE granularity = 'hour'`,
      );
      const hourlyFrom = hourlyHorizon(this.config.health.hourlyRollupDays);
      [stats, params] = [ROLLED_STATS, [start, hourlyFrom < start ? start : hourlyFrom, rolledTo ?? start]];
    }
    const n = params.length;
    const rows = await this.db.query<{ body: string }>(
      `WITH stats AS (${stats}), summary AS (
       SELECT k.id, k.canary_id, k.name, c.name AS canary_name, coalesce(k.namespace, c.namespace) AS namespace,
              k.agent_id, a.name AS agent_name, k.type,
              k.description, k.endpoint, k.icon, k.severity, k.status, k.labels,
              jsonb_build_object('passed', coalesce(s.passed, 0), 'failed', coalesce(s.failed, 0), 'last_pass', s.last_pass, 'last_fail', s.last_fail) AS uptime,
              jsonb_build_object('p50', s.p50, 'p95', s.p95, 'p97', s.p97, 'p99', s.p99) AS latency,
              k.last_runtime, k.last_transition_time, k.next_runtime,
              k.last_message, k.last_error, k.last_invalid
       FROM checks k
       JOIN canaries c ON c.id = k.canary_id AND c.deleted_at IS NULL
       LEFT JOIN stats s ON s.check_id = k.id
       LEFT JOIN agents a ON a.id = k.agent_id
       WHERE k.deleted_at IS NULL AND k.labels @> $${n + 1}::jsonb AND ($${n + 2}::uuid IS NULL OR k.id = $${n + 2}))
       SELECT json_build_object('checks_summary', coalesce(json_agg(summary ORDER BY canary_name, name), '[]'::json))::text AS body
       FROM summary`,
      [...params, JSON.stringify(labels), checkId],
    );
    return rows[0].body;
  }
}

export interface GraphPoint {
  time: string;
  passed: number;
  failed: number;
  invalid: number;
  avg_duration: number | null;
  max_duration: number | null;
}

/** Bucket width for a range (issue 4): 1 min up to 2 h, 15 min up to 24 h, 1 h up to 7 d, else 4 h. */
export function bucketSeconds(rangeMillis: number): number {
  const hours = rangeMillis / 3_600_000;
  if (hours <= 2) return 60;
  if (hours <= 24) return 900;
  if (hours <= 24 * 7) return 3600;
  return 4 * 3600;
}

/** Raw results bucketed by $3 seconds. */
const RAW_POINTS = `SELECT floor(extract(epoch FROM time) / $3) AS slot,
         count(*) FILTER (WHERE status AND NOT invalid) AS passed,
         count(*) FILTER (WHERE NOT status AND NOT invalid) AS failed,
         count(*) FILTER (WHERE invalid) AS invalid,
         coalesce(sum(duration) FILTER (WHERE NOT invalid), 0) AS duration_sum,
         max(duration) FILTER (WHERE NOT invalid) AS duration_max
       FROM check_statuses WHERE check_id = $1 AND time > $2 GROUP BY 1`;

/**
 * A check's results bucketed over the range (1 min ≤ 2 h, 15 min ≤ 24 h, 1 h ≤ 7 d, else 4 h). Buckets of an hour
 * or more read the rollups where they exist (daily before the hourly horizon, hourly up to the last rolled hour)
 * and raw results after, so long ranges still show the months whose raw results have expired.
 */
export async function graph(db: Db, checkId: string, timeRange = '1h', hourlyRollupDays = 90): Promise<{ bucket_seconds: number; points: GraphPoint[] }> {
  if (!UUID.test(checkId)) throw badRequest('check_id: must be a UUID');
  const range = rangeMs(timeRange);
  const bucket = bucketSeconds(range);
  const start = new Date(Date.now() - range);
  let parts = RAW_POINTS;
  const params: unknown[] = [checkId, start, bucket];
  if (bucket >= HOUR_S) {
    const [{ rolled_to: rolledTo }] = await db.query<{ rolled_to: Date | null }>(
      `SELECT max(time) + interval '1 hour' AS rolled_to FROM check_status_rollups WHERE granularity = 'hour'`,
    );
    const hourlyFrom = hourlyHorizon(hourlyRollupDays);
    params.push(hourlyFrom < start ? start : hourlyFrom, rolledTo ?? start);
    const rollup = (granularity: string, from: string, to: string) =>
      `SELECT floor(extract(epoch FROM time) / $3) AS slot, passed, failed, invalid, duration_sum, duration_max
         FROM check_status_rollups WHERE check_id = $1 AND granularity = '${granularity}' AND time >= ${from} AND time < ${to}`;
    parts = [rollup('day', '$2', '$4'), rollup('hour', 'greatest($2, $4)', '$5'), RAW_POINTS.replace('time > $2', 'time >= greatest($2, $5)')].join(
      '\n UNION ALL \n',
    );
  }
  const points = await db.query<GraphPoint>(
    `SELECT to_timestamp(slot * $3) AS time, sum(passed)::int AS passed, sum(failed)::int AS failed, sum(invalid)::int AS invalid,
            round(sum(duration_sum)::numeric / nullif(sum(passed + failed), 0), 1)::float8 AS avg_duration,
            max(duration_max) AS max_duration
     FROM (${parts}) parts GROUP BY slot ORDER BY slot`,
    params,
  );
  return { bucket_seconds: bucket, points };
}

const LONG_UNITS_MS: Record<string, number> = { d: 86_400_000, w: 7 * 86_400_000, mo: 30 * 86_400_000, y: 365 * 86_400_000 };

/** `15m`, `1h`, `2d`, `1w`, `3mo`, `5y` (the health time ranges), or any duration such as `90s` or `1h30m`. */
export function rangeMs(text: string): number {
  const long = /^(\d+)(d|w|mo|y)$/.exec(String(text));
  const ms = long ? Number(long[1]) * LONG_UNITS_MS[long[2]] : parseDuration(String(text));
  if (!ms || ms <= 0) throw badRequest(`timeRange: '${text}' is not a duration such as 1h, 24h, 7d, 1w, 1mo or 1y`);
  return ms;
}
