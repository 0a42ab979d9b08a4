import * as fs from 'node:fs';
import { Client } from 'pg';
import { adminDatabaseUrl } from '../support/test-db';
import { STATE_FILE } from './users';

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) return;
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { pid: number; db: string };
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await new Promise((r) => setTimeout(r, 1000));
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${state.db}" WITH (FORCE)`);
  await client.end();
  fs.rmSync(STATE_FILE, { force: true });
}
