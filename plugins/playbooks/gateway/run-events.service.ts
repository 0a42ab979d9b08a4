import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Db } from '@gateway/core/database/db.service';
import { PgListener } from '@gateway/core/database/pg-listener';

type Listener = () => void;

/** While a stream is open, its run is re-read this often (actions changed on another replica). */
const REREAD_MS = 1000;
/** Changes closer together than this reach a stream as one message. */
const COALESCE_MS = 200;

/**
 * The run page's live stream. A stream hears of its run: at once from this replica's worker (`touch`, on every
 * action change and log flush), from any replica through `pg_notify('playbook_run')` (a run created or changing
 * status; migration 1732300012100), and by a re-read every second while it is open (an action changed on another
 * replica). At most one message per run each 200 ms, so an action logging fast does not flood the browser.
 */
@Injectable()
export class RunEventsHub implements OnModuleDestroy {
  private readonly logger = new Logger(RunEventsHub.name);
  private readonly watchers = new Map<string, Set<Listener>>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private listener: PgListener | null = null;
  private starting: Promise<void> | null = null;
  private reread: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  /** Calls `onChange` after each change of the run until the returned function is called. */
  async watch(runId: string, onChange: Listener): Promise<() => void> {
    await this.ensureListening();
    let set = this.watchers.get(runId);
    if (!set) this.watchers.set(runId, (set = new Set()));
    set.add(onChange);
    this.reread ??= setInterval(() => {
      for (const id of this.watchers.keys()) this.touch(id);
    }, REREAD_MS);
    return () => {
      set.delete(onChange);
      if (!set.size) this.watchers.delete(runId);
      if (!this.watchers.size && this.reread) {
        clearInterval(this.reread);
        this.reread = null;
      }
    };
  }

  /** The run changed (called by this replica's worker; cheap when nobody watches). */
  touch(runId: string): void {
    if (!this.watchers.has(runId) || this.pending.has(runId)) return;
    this.pending.set(
      runId,
      setTimeout(() => {
        this.pending.delete(runId);
        for (const listener of this.watchers.get(runId) ?? []) listener();
      }, COALESCE_MS),
    );
  }

  async onModuleDestroy(): Promise<void> {
    if (this.reread) clearInterval(this.reread);
    for (const timer of this.pending.values()) clearTimeout(timer);
    await this.listener?.close();
  }

  private ensureListening(): Promise<void> {
    this.starting ??= (async () => {
      this.listener = new PgListener(this.db.pool, ['playbook_run'], (_channel, payload) => this.touch(payload.split(':')[0]), this.logger);
      await this.listener.start();
    })().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }
}
