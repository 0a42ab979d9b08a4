import { Inject, Injectable } from '@nestjs/common';
import { featureStates, isFeatureEnabled, type Feature, type FeatureStates, type PropertyLike } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Db } from '../database/db.service';

/**
 * Feature flags: `{feature}.disable = 'true'` in properties (database rows and local, read-only ones from
 * the PROPERTIES environment variable; a local value wins). Cached for a moment so that a busy page does not
 * read the table on every request; writes through this gateway invalidate at once, and other replicas
 * see the change within CACHE_MS.
 */
@Injectable()
export class FeatureService {
  private static readonly CACHE_MS = 2000;
  private cache?: { at: number; rows: Promise<PropertyLike[]> };

  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  invalidate(): void {
    this.cache = undefined;
  }

  private async effectiveProperties(): Promise<PropertyLike[]> {
    if (!this.cache || Date.now() - this.cache.at > FeatureService.CACHE_MS) {
      const rows = this.db
        .query<PropertyLike>(`select name, value from properties where name like '%.disable'`)
        .then((dbRows) => {
          const local = Object.entries(this.config.localProperties).map(([name, value]) => ({ name, value }));
          const localNames = new Set(local.map((p) => p.name));
          return [...dbRows.filter((r) => !localNames.has(r.name)), ...local];
        });
      rows.catch(() => (this.cache = undefined));
      this.cache = { at: Date.now(), rows };
    }
    return this.cache.rows;
  }

  async isEnabled(feature: Feature): Promise<boolean> {
    return isFeatureEnabled(await this.effectiveProperties(), feature);
  }

  async states(): Promise<FeatureStates> {
    return featureStates(await this.effectiveProperties());
  }
}
