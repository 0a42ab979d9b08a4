import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { Db } from '@gateway/core/database/db.service';
import { metricsRegistry } from '@gateway/core/observability/metrics';

/** What a series is labelled with: the check and where it lives. */
export interface CheckMetricLabels {
  check_id: string;
  check_name: string;
  canary_name: string;
  namespace: string;
  type: string;
}

/** One stored result, as far as the metrics care. */
export interface CheckMetricResult {
  pass: boolean;
  invalid: boolean;
  duration: number;
}

/** Tests give their own registry under this token (or as the second argument); the app uses the process one. */
export const CHECK_METRICS_REGISTRY = 'CHECK_METRICS_REGISTRY';

const LABELS = ['check_id', 'check_name', 'canary_name', 'namespace', 'type'] as const;
/** Milliseconds: from a loopback answer to a check that ran into its timeout. */
export const DURATION_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000, 60_000];

/**
 * Per-check Prometheus series on the gateway's `/metrics` (the process registry of core/observability):
 * `canary_check` (1 healthy, 0 unhealthy — invalid counts as unhealthy, as `checks.status` does), the
 * `canary_check_{success,failed,invalid}_count` counters and `canary_check_duration_milliseconds`. The runner
 * records every stored result (scheduled and Run Now). A check's series go when the runner finds it gone at write
 * time, and a sweep (every minute) drops those of checks deleted since.
 */
@Injectable()
export class CheckMetrics implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CheckMetrics.name);
  readonly gauge: Gauge<(typeof LABELS)[number]>;
  readonly success: Counter<(typeof LABELS)[number]>;
  readonly failed: Counter<(typeof LABELS)[number]>;
  readonly invalid: Counter<(typeof LABELS)[number]>;
  readonly duration: Histogram<(typeof LABELS)[number]>;
  /** The labels each check's series carry now (a renamed check or canary moves to new series). */
  private readonly known = new Map<string, CheckMetricLabels>();
  sweepMs = 60_000;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Optional() private readonly db?: Db,
    @Optional() @Inject(CHECK_METRICS_REGISTRY) registry?: Registry,
  ) {
    const reg = registry ?? metricsRegistry;
    // One registry per process, possibly several apps (tests): reuse a metric already registered under the name.
    const reuse = <M>(name: string, make: () => M): M => (reg.getSingleMetric(name) as M | undefined) ?? make();
    const common = { labelNames: LABELS, registers: [reg] };
    this.gauge = reuse(
      'canary_check',
      () => new Gauge({ name: 'canary_check', help: 'Health check status: 1 healthy, 0 unhealthy (failed or invalid)', ...common }),
    );
    this.success = reuse(
      'canary_check_success_count',
      () => new Counter({ name: 'canary_check_success_count', help: 'Health check runs that passed', ...common }),
    );
    this.failed = reuse(
      'canary_check_failed_count',
      () => new Counter({ name: 'canary_check_failed_count', help: 'Health check runs that failed', ...common }),
    );
    this.invalid = reuse(
      'canary_check_invalid_count',
      () => new Counter({ name: 'canary_check_invalid_count', help: 'Health check runs whose result was invalid', ...common }),
    );
    this.duration = reuse(
      'canary_check_duration_milliseconds',
      () =>
        new Histogram({
          name: 'canary_check_duration_milliseconds',
          help: 'Health check run duration in milliseconds',
          buckets: DURATION_BUCKETS_MS,
          ...common,
        }),
    );
  }

  onModuleInit(): void {
    if (!this.db) return;
    this.timer = setInterval(() => void this.sweep().catch((error) => this.logger.warn(`metrics sweep failed: ${(error as Error).message}`)), this.sweepMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Counts one stored result and sets the check's status gauge. */
  record(labels: CheckMetricLabels, result: CheckMetricResult): void {
    const previous = this.known.get(labels.check_id);
    const fresh = !previous || !sameLabels(previous, labels);
    if (previous && fresh) this.removeSeries(previous);
    if (fresh) this.known.set(labels.check_id, labels);
    const healthy = result.pass && !result.invalid;
    this.gauge.set(labels, healthy ? 1 : 0);
    if (result.invalid) this.invalid.inc(labels);
    else if (result.pass) this.success.inc(labels);
    else this.failed.inc(labels);
    // Make every counter exist for the check (a check that only ever passed still shows failed_count 0).
    if (fresh) for (const counter of [this.success, this.failed, this.invalid]) counter.inc(labels, 0);
    this.duration.observe(labels, Math.max(0, result.duration));
  }

  /** Drops every series of the check (deleted, or found gone when its result was written). */
  remove(checkId: string): void {
    const labels = this.known.get(checkId);
    if (!labels) return;
    this.removeSeries(labels);
    this.known.delete(checkId);
  }

  /** Drops the series of checks that no longer exist or are soft-deleted (with their canary). */
  async sweep(): Promise<number> {
    if (!this.db || this.known.size === 0) return 0;
    const ids = [...this.known.keys()];
    const live = await this.db.query<{ id: string }>(
      `SELECT k.id FROM checks k JOIN canaries c ON c.id = k.canary_id
       WHERE k.id = ANY($1::uuid[]) AND k.deleted_at IS NULL AND c.deleted_at IS NULL`,
      [ids],
    );
    const alive = new Set(live.map((r) => r.id));
    let removed = 0;
    for (const id of ids) {
      if (alive.has(id)) continue;
      this.remove(id);
      removed++;
    }
    return removed;
  }

  private removeSeries(labels: CheckMetricLabels): void {
    for (const metric of [this.gauge, this.success, this.failed, this.invalid, this.duration]) metric.remove(labels);
  }
}

const sameLabels = (a: CheckMetricLabels, b: CheckMetricLabels) => LABELS.every((k) => a[k] === b[k]);
