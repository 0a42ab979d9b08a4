import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS, runMigrations } from '../../gateway/src/database/migrate';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/**
 * Plugins own their migrations (plugins/<id>/migrations), collected with core's into one history by timestamp. A
 * database made before that move must upgrade cleanly: nothing it applied runs again, what is new runs, and the
 * result is the schema a fresh install gets.
 *
 * The fixture is `pg_dump --schema-only`-like output (plus the migration history rows) of a database migrated by
 * main at a8d196e, the last commit before plugins owned their migrations (pgboss's schema, made at run time, left out).
 */
const FIXTURE = path.join(__dirname, '../fixtures/upgrade/main-a8d196e.sql');

const migrationNames = () => MIGRATIONS.map((m) => new (m as new () => { name: string })().name);

/** Everything a migration can make, as sorted text: columns, constraints, indexes, views, functions, triggers. */
async function schemaOf(url: string): Promise<Record<string, string[]>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const list = async (sql: string) => (await c.query<{ x: string }>(sql)).rows.map((r) => r.x).sort();
    return {
      columns: await list(`SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS x
                             FROM information_schema.columns WHERE table_schema = 'public'`),
      constraints: await list(`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS x
                                 FROM pg_constraint WHERE connamespace = 'public'::regnamespace`),
      indexes: await list(`SELECT indexdef AS x FROM pg_indexes WHERE schemaname = 'public'`),
      views: await list(`SELECT c.relkind::text || ' ' || c.relname || ' ' || pg_get_viewdef(c.oid) AS x
                           FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')`),
      functions: await list(`SELECT pg_get_functiondef(p.oid) AS x FROM pg_proc p
                               WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
                                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`),
      triggers: await list(`SELECT pg_get_triggerdef(t.oid) AS x FROM pg_trigger t
                              JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`),
    };
  } finally {
    await c.end();
  }
}

describe('upgrading a database made before plugins owned their migrations', () => {
  let old: TestDatabase;
  let fresh: TestDatabase;

  beforeAll(async () => {
    [old, fresh] = await Promise.all([createTestDatabase('upgrade_old'), createTestDatabase('upgrade_fresh')]);
    const c = new Client({ connectionString: old.url });
    await c.connect();
    try {
      await c.query(fs.readFileSync(FIXTURE, 'utf8'));
    } finally {
      await c.end();
    }
  });

  afterAll(async () => {
    await Promise.all([old?.drop(), fresh?.drop()]);
  });

  it('runs only the migrations the old database lacks, in order, keeping every applied name', async () => {
    const c = new Client({ connectionString: old.url });
    await c.connect();
    const before = (await c.query<{ name: string }>('SELECT name FROM public.schema_migrations ORDER BY id')).rows.map((r) => r.name);
    await c.end();
    expect(before).toHaveLength(18);
    // Every name the old database applied is still in the history (moving a file into a plugin kept its name).
    expect(migrationNames()).toEqual(expect.arrayContaining(before));

    const applied = await runMigrations(old.url);
    expect(applied).toEqual(migrationNames().filter((n) => !before.includes(n)));
    expect(applied.length).toBeGreaterThan(0);
    expect(await runMigrations(old.url)).toEqual([]);
  });

  it('ends with the schema a fresh install gets', async () => {
    await runMigrations(fresh.url);
    const [upgraded, installed] = await Promise.all([schemaOf(old.url), schemaOf(fresh.url)]);
    expect(installed.columns.length).toBeGreaterThan(300);
    for (const part of Object.keys(installed)) expect({ part, items: upgraded[part] }).toEqual({ part, items: installed[part] });
  });
});
