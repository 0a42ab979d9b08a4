import { applyMigrations } from '../core/database/migrate';
import { MIGRATIONS } from '../migrations.generated';

/**
 * Brings a database to the current schema: core's migrations (gateway/src/database/migrations) and every plugin's
 * (plugins/<id>/migrations), in one history ordered by timestamp. Returns the names applied.
 */
export function runMigrations(databaseUrl: string): Promise<string[]> {
  return applyMigrations(databaseUrl, MIGRATIONS);
}

export { MIGRATIONS };
