import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { featureStates, isFeatureEnabled, type Feature, type FeatureStates, type PropertyLike } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Db } from '../database/db.service';

/**
 * Feature flags: `{feature}.disable = 'true'` in properties (database rows and local, read-only ones from
 * the PROPERTIES environment variable; a local value wins). Cached so that a busy page does not read the table
 * on every request. A trigger on properties notifies `properties_changed`, which every replica LISTENs to and
 * drops its cache on; should that connection be down, the cache still expires after CACHE_MS.
 */
@Injectable()
export class FeatureService implements OnModuleInit, OnModuleDestroy {
  private static readonly CACHE_MS = 2000;
  private readonly logger = new Logger('FeatureService');
  /** The flags as last read: the rows (while the read is under way) and, once read, every feature's state. */
  private cache?: { at: number; rows: Promise<PropertyLike[]>; states?: FeatureStates };
  private listener?: PoolClient;
  private stopped = false;

  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.dropListener?.();
  }

  private dropListener?: () => void;

  private async listen(): Promise<void> {
    if (this.stopped) return;
    try {
      const client = await this.db.pool.connect();
      let released = false;
      // Shutdown and a dying connection can both try to give the client back: only the first may.
      const drop = () => {
        if (released) return;
        released = true;
        client.release(true);
        if (this.listener === client) this.listener = undefined;
      };
      this.dropListener = drop;
      client.on('notification', () => this.invalidate());
      client.on('error', () => {
        // The connection died: forget it, fall back to the TTL, and listen again shortly.
        drop();
        this.invalidate();
        if (!this.stopped) setTimeout(() => void this.listen(), 1000).unref();
      });
      await client.query('LISTEN properties_changed');
      this.listener = client;
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn(`Cannot listen for feature flag changes (${(error as Error).message}); retrying`);
      setTimeout(() => void this.listen(), 5000).unref();
    }
  }

  invalidate(): void {
    this.cache = undefined;
  }

  private current(): NonNullable<FeatureService['cache']> {
    if (!this.cache || Date.now() - this.cache.at > FeatureService.CACHE_MS) {
      const rows = this.db.query<PropertyLike>(`select name, value from properties where name like '%.disable'`).then((dbRows) => {
        const local = Object.entries(this.config.localProperties).map(([name, value]) => ({ name, value }));
        const localNames = new Set(local.map((p) => p.name));
        return [...dbRows.filter((r) => !localNames.has(r.name)), ...local];
      });
      const cache: NonNullable<FeatureService['cache']> = { at: Date.now(), rows };
      // Once read, the states answer without waiting (the guard and the data API ask on every request).
      rows.then(
        (read) => (cache.states = featureStates(read)),
        () => {
          if (this.cache === cache) this.cache = undefined;
        },
      );
      this.cache = cache;
    }
    return this.cache;
  }

  /** Whether the feature is on: at once from the cache, or after reading the flags (at most every CACHE_MS). */
  isEnabled(feature: Feature): boolean | Promise<boolean> {
    const cache = this.current();
    if (cache.states) return cache.states[feature];
    return cache.rows.then((rows) => isFeatureEnabled(rows, feature));
  }

  async states(): Promise<FeatureStates> {
    const cache = this.current();
    return cache.states ?? featureStates(await cache.rows);
  }
}
