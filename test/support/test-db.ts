import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * Each API suite gets its own database on a real Postgres server:
 * DATABASE_URL when set (CI), else the local server on 127.0.0.1:5432, else the URL the global setup
 * stored after starting an embedded server (TEST_ADMIN_DATABASE_URL).
 */
export function adminDatabaseUrl(): string {
  return process.env.TEST_ADMIN_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * The name of the migrated template of this schema: a hash of every migration file's name and text (core's and each
 * plugin's), so a branch with another migration, or an edited one, never clones a stale template.
 */
export function templateDatabaseName(root: string): string {
  const hash = createHash('sha256');
  const dirs = [
    path.join(root, 'gateway/src/database/migrations'),
    ...fs.readdirSync(path.join(root, 'plugins')).map((id) => path.join(root, 'plugins', id, 'migrations')),
  ];
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) continue;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .sort())
      hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  }
  return `console_template_${hash.digest('hex').slice(0, 16)}`;
}

/** A template no run has used for this long is dropped (another run may still be cloning one it made recently). */
const TEMPLATE_STALE_MS = 6 * 3600_000;

/**
 * Makes the migrated template once (the API project's global setup): under an advisory lock, so parallel Jest runs
 * share it; built under a scratch name and renamed, so nobody clones half of one. Each run stamps the time it used its
 * template in the database's comment; templates unused for 6 hours are dropped.
 */
export async function ensureTemplateDatabase(name: string, migrate: (url: string) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['console_template']);
    const others = await admin.query<{ datname: string; note: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database
        WHERE starts_with(datname, 'console_template_') AND datname <> $1`,
      [name],
    );
    for (const { datname, note } of others.rows) {
      const used = Number(/used (\d+)/.exec(note ?? '')?.[1] ?? 0);
      if (Date.now() - used > TEMPLATE_STALE_MS) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) {
      const scratch = `${name}_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${scratch}"`);
      await migrate(withDatabase(adminDatabaseUrl(), scratch));
      await admin.query(`ALTER DATABASE "${scratch}" RENAME TO "${name}"`);
    }
    await admin.query(`COMMENT ON DATABASE "${name}" IS 'console test template, used ${Date.now()}'`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['console_template']).catch(() => undefined);
    await admin.end();
  }
}

/**
 * A new database for one suite: a copy of `template` when given (already migrated: a file copy instead of every
 * migration), else empty.
 */
export async function createTestDatabase(prefix = 'console_test', template?: string): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    try {
      await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    } catch (error) {
      // The template went away (another run on this server made a new schema's and dropped it): start empty; the
      // caller's migrations then build the schema.
      if (!template || (error as { code?: string }).code !== '3D000') throw error;
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminDatabaseUrl(), name),
    async drop() {
      const c = new Client({ connectionString: adminDatabaseUrl() });
      await c.connect();
      try {
        // Let pools that are still closing (pg-boss stops asynchronously) finish first: forcing the drop kills their
        // connections, and a pool that has already dropped its error listener would crash the test process.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
