import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@gateway/core/config/app-config';
import { Db } from '@gateway/core/database/db.service';
import type { ParsedTopology } from './topology-document';
import { TopologiesService, nextTopologyRun } from './topologies.service';
import { TopologyRunnerService, type TopologyRow } from './topology-runner.service';

interface DueRow extends TopologyRow {
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

/**
 * Runs each topology on its schedule (`spec.schedule`, default `@every 5m`). Every replica ticks
 * (TOPOLOGY_SCHEDULER_TICK_MS); a tick claims due topologies with `FOR UPDATE SKIP LOCKED` and a run lease (the
 * run's budget), so a due run happens once across replicas and never overlaps another run of the same topology
 * (Run Now takes the same lease). At claim time `next_runtime` moves to the schedule's next time.
 * TOPOLOGY_SCHEDULER=false disables it (Run Now still works).
 */
@Injectable()
export class TopologyScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TopologyScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private stopped = false;
  private running = 0;
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly runner: TopologyRunnerService,
    private readonly topologies: TopologiesService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'topology'>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.topology.scheduler) return;
    this.timer = setInterval(() => void this.tick(), this.config.topology.tickMs);
    void this.tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.race([Promise.allSettled([...this.inflight]), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }

  /** One pass: claim what is due within the cap and start it. Returns how many runs started. */
  async tick(): Promise<number> {
    if (this.ticking || this.stopped) return 0;
    this.ticking = true;
    try {
      const room = this.config.topology.concurrency - this.running;
      if (room <= 0) return 0;
      const claimed = await this.claim(room);
      for (const { row, parsed } of claimed) this.start(row, parsed);
      return claimed.length;
    } catch (error) {
      if (!this.stopped) this.logger.warn(`topology scheduling tick failed: ${(error as Error).message}`);
      return 0;
    } finally {
      this.ticking = false;
    }
  }

  private claim(room: number): Promise<{ row: DueRow; parsed: ParsedTopology }[]> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<DueRow & { schedule: string | null }>(
        `SELECT id, name, namespace, agent_id, labels, spec, schedule FROM topologies
         WHERE deleted_at IS NULL AND next_runtime <= now() AND (run_lease_until IS NULL OR run_lease_until < now())
         ORDER BY next_runtime LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [room],
      );
      const claimed: { row: DueRow; parsed: ParsedTopology }[] = [];
      for (const row of rows) {
        let parsed: ParsedTopology;
        try {
          parsed = this.topologies.parse({ name: row.name, namespace: row.namespace, labels: row.labels, spec: row.spec });
        } catch (error) {
          // A spec that no longer validates (a check type plugin was removed) waits for an edit instead of failing each tick.
          this.logger.warn(`topology ${row.id} is not valid and is not scheduled: ${(error as Error).message}`);
          await tx.query(`UPDATE topologies SET next_runtime = NULL WHERE id = $1`, [row.id]);
          continue;
        }
        await tx.query(`UPDATE topologies SET next_runtime = $2, run_lease_until = now() + $3 * interval '1 millisecond' WHERE id = $1`, [
          row.id,
          nextTopologyRun(parsed.schedule, Date.now()),
          this.runner.runBudgetMs(parsed),
        ]);
        claimed.push({ row, parsed });
      }
      return claimed;
    });
  }

  private start(row: DueRow, parsed: ParsedTopology): void {
    this.running++;
    const run = this.runner
      .run(row, parsed)
      .catch((error) => this.logger.warn(`topology ${row.id} failed to run: ${(error as Error).message}`))
      .finally(async () => {
        await this.db.query(`UPDATE topologies SET run_lease_until = NULL WHERE id = $1`, [row.id]).catch(() => undefined);
        this.running--;
        this.inflight.delete(run);
      });
    this.inflight.add(run);
  }
}
