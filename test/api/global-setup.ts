import { Client } from 'pg';
import * as path from 'node:path';
import { runMigrations } from '../../gateway/src/database/migrate';
import { adminDatabaseUrl, ensureTemplateDatabase, templateDatabaseName } from '../support/test-db';

/**
 * Fails early, with a clear message, when no Postgres server is reachable for the API suites; then makes the migrated
 * template every suite's app database is copied from (test/support/test-app.ts).
 */
export default async function globalSetup(): Promise<void> {
  const client = new Client({ connectionString: adminDatabaseUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`API tests need a Postgres server at ${adminDatabaseUrl()} (set DATABASE_URL or TEST_ADMIN_DATABASE_URL): ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const template = templateDatabaseName(path.resolve(__dirname, '../..'));
  await ensureTemplateDatabase(template, runMigrations);
  process.env.TEST_TEMPLATE_DATABASE = template;
}
