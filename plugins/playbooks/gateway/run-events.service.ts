import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Db } from '@gateway/core/database/db.service';
import { PgListener } from '@gateway/core/database/pg-listener';

type Listener = () => void;

/**
 * The run page's live stream: one LISTEN connection per replica on `playbook_run` (a run or one of its actions
 * changed; migration 1732300012100) fanned out to the streams watching that run, at most one message per run each
 * 200 ms (an action logging fast does not flood the browser).
 */
@Injectable()
export class RunEventsHub implements OnModuleDestroy {
  private readonly logger = new Logger(RunEventsHub.name);
  private readonly watchers = new Map<string, Set<Listener>>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private listener: PgListener | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Calls `onChange` after each change of the run until the returned function is called. */
  async watch(runId: string, onChange: Listener): Promise<() => void> {
    await this.ensureListening();
    let set = this.watchers.get(runId);
    if (!set) this.watchers.set(runId, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (!set.size) this.watchers.delete(runId);
    };
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.pending.values()) clearTimeout(timer);
    await this.listener?.close();
  }

  private ensureListening(): Promise<void> {
    this.starting ??= (async () => {
      this.listener = new PgListener(this.db.pool, ['playbook_run'], (_channel, id) => this.changed(id), this.logger);
      await this.listener.start();
    })().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private changed(runId: string): void {
    if (!this.watchers.has(runId) || this.pending.has(runId)) return;
    this.pending.set(
      runId,
      setTimeout(() => {
        this.pending.delete(runId);
        for (const listener of this.watchers.get(runId) ?? []) listener();
      }, 200),
    );
  }
}
