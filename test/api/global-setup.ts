import { Client } from 'pg';
import { adminDatabaseUrl } from '../support/test-db';

/** Fails early, with a clear message, when no Postgres server is reachable for the API suites. */
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
}
