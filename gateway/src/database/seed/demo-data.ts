import { seedCatalog, seedDemoScraper } from './catalog';
import { createSeedContext, rowsOf, type SeedQueryable } from './context';
import { MARKER } from './demo-ids';
import { seedHealth } from './health';
import { seedIncidents } from './incidents';
import { seedPeopleAndTeams } from './people-and-teams';
import { seedPlaybooks } from './playbooks';
import { seedSettings } from './settings';
import { seedTopology } from './topology';

export type { SeedQueryable } from './context';

export interface DemoOptions {
  /** The shipped `demo/` folder: when given, a `file` scraper over its catalogue files is added and due at once. */
  demoDir?: string;
  /** The console's own log file (LOG_FILE): when given, a `file` logging backend named `console` reads it. */
  logFile?: string | null;
}
export { demoId } from './demo-ids';

/**
 * Fills an empty console with a small, coherent demo world: people and teams, a Kubernetes cluster and an AWS
 * account in the catalogue with changes and insights, a topology, a canary with an hour of results, two
 * incidents under investigation, playbooks with runs, job history, a connection and a notification rule.
 *
 * Idempotent: does nothing when the property `demo.seeded` exists and sets it at the end. Rows have stable
 * ids derived from a key and are inserted with ON CONFLICT DO NOTHING, so an interrupted seed can simply run
 * again. Plain parameterised SQL only, one statement per call (works on a pool; no transaction needed).
 */
export async function seedDemoData(db: SeedQueryable, adminId: string, options: DemoOptions = {}): Promise<void> {
  const marker = rowsOf(await db.query(`SELECT 1 FROM properties WHERE name = $1`, [MARKER]));
  if (marker.length) return;
  const ctx = createSeedContext(db, adminId);
  await seedPeopleAndTeams(ctx); // people, teams, then the edge agent
  await seedCatalog(ctx);
  if (options.demoDir) await seedDemoScraper(ctx, options.demoDir);
  await seedTopology(ctx, { logFile: options.logFile });
  await seedHealth(ctx);
  await seedIncidents(ctx);
  await seedPlaybooks(ctx);
  await seedSettings(ctx);
  await db.query(`INSERT INTO properties (name, value, description, created_by) VALUES ($1, 'true', $2, $3) ON CONFLICT (name) DO NOTHING`, [
    MARKER,
    'Demo data has been loaded (delete this property and restart with demo data on to load it again)',
    adminId,
  ]);
}
