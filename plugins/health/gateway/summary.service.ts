import { Injectable } from '@nestjs/common';
import { Db } from '@gateway/core/database/db.service';
import { badRequest } from '@gateway/core/http/domain-error';
import { parseDuration } from './canary-document';

export interface CheckSummary {
  id: string;
  name: string;
  canary_name: string;
  namespace: string | null;
  type: string;
  status: string | null;
  labels: Record<string, string>;
  uptime: { passed: number; failed: number; last_pass: string | null; last_fail: string | null };
  latency: { p50: number | null; p95: number | null; p97: number | null; p99: number | null };
  last_runtime: string | null;
  last_transition_time: string | null;
  next_runtime: string | null;
}

export interface SummaryQuery {
  timeRange?: string;
  labels?: Record<string, string> | string;
  check_id?: string;
}

/** Spec 02 Health summary: per check, uptime and latency percentiles over a time range (default 1 h), computed in SQL. */
@Injectable()
export class SummaryService {
  constructor(private readonly db: Db) {}

  async summary(query: SummaryQuery = {}): Promise<{ checks_summary: CheckSummary[] }> {
    const range = rangeMs(query.timeRange ?? '1h');
    let labels: Record<string, string> = {};
    if (typeof query.labels === 'string' && query.labels) {
      try {
        labels = JSON.parse(query.labels) as Record<string, string>;
      } catch {
        throw badRequest('labels: must be a JSON object');
      }
    } else if (query.labels && typeof query.labels === 'object') labels = query.labels;
    if (query.check_id !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(String(query.check_id))) {
      throw badRequest('check_id: must be a UUID');
    }
    const rows = await this.db.query<CheckSummary>(
      `SELECT k.id, k.name, c.name AS canary_name, k.namespace, k.type, k.status, k.labels,
              jsonb_build_object('passed', coalesce(s.passed, 0), 'failed', coalesce(s.failed, 0), 'last_pass', s.last_pass, 'last_fail', s.last_fail) AS uptime,
              jsonb_build_object('p50', s.p50, 'p95', s.p95, 'p97', s.p97, 'p99', s.p99) AS latency,
              k.last_runtime, k.last_transition_time, k.next_runtime
       FROM checks k
       JOIN canaries c ON c.id = k.canary_id AND c.deleted_at IS NULL
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE st.status) AS passed,
                count(*) FILTER (WHERE NOT st.status) AS failed,
                max(st.time) FILTER (WHERE st.status) AS last_pass,
                max(st.time) FILTER (WHERE NOT st.status) AS last_fail,
                round(percentile_cont(0.50) WITHIN GROUP (ORDER BY st.duration)::numeric, 1)::float8 AS p50,
                round(percentile_cont(0.95) WITHIN GROUP (ORDER BY st.duration)::numeric, 1)::float8 AS p95,
                round(percentile_cont(0.97) WITHIN GROUP (ORDER BY st.duration)::numeric, 1)::float8 AS p97,
                round(percentile_cont(0.99) WITHIN GROUP (ORDER BY st.duration)::numeric, 1)::float8 AS p99
         FROM check_statuses st
         WHERE st.check_id = k.id AND st.time > now() - make_interval(secs => $1) AND NOT st.invalid
       ) s ON true
       WHERE k.deleted_at IS NULL AND k.labels @> $2::jsonb AND ($3::uuid IS NULL OR k.id = $3)
       ORDER BY c.name, k.name`,
      [range / 1000, JSON.stringify(labels), query.check_id ?? null],
    );
    return { checks_summary: rows };
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

export async function graph(db: Db, checkId: string, timeRange = '1h'): Promise<{ bucket_seconds: number; points: GraphPoint[] }> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(checkId)) throw badRequest('check_id: must be a UUID');
  const range = rangeMs(timeRange);
  const bucket = bucketSeconds(range);
  const points = await db.query<GraphPoint>(
    `SELECT to_timestamp(floor(extract(epoch FROM time) / $3) * $3) AS time,
            count(*) FILTER (WHERE status AND NOT invalid)::int AS passed,
            count(*) FILTER (WHERE NOT status AND NOT invalid)::int AS failed,
            count(*) FILTER (WHERE invalid)::int AS invalid,
            round(avg(duration) FILTER (WHERE NOT invalid), 1)::float8 AS avg_duration,
            max(duration) FILTER (WHERE NOT invalid) AS max_duration
     FROM check_statuses
     WHERE check_id = $1 AND time > now() - make_interval(secs => $2)
     GROUP BY 1 ORDER BY 1`,
    [checkId, range / 1000, bucket],
  );
  return { bucket_seconds: bucket, points };
}

function rangeMs(text: string): number {
  const days = /^(\d+)d$/.exec(text);
  const ms = days ? Number(days[1]) * 86_400_000 : parseDuration(text);
  if (!ms || ms <= 0) throw badRequest(`timeRange: '${text}' is not a duration such as 1h, 24h or 7d`);
  return ms;
}
