import { randomBytes } from 'node:crypto';
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

export async function createTestDatabase(prefix = 'console_test'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
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
