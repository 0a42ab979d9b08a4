import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Pool } from 'pg';
import { hashPassword } from '../../gateway/src/core/auth/password';
import { startJiraPeer } from '../support/peers/jira-peer';
import { createTestDatabase } from '../support/test-db';
import { E2E_PORT } from './playwright.config';
import { E2E_USERS, JIRA_TOKEN, JIRA_USER, STATE_FILE } from './users';

const root = path.resolve(__dirname, '../..');

async function assertPortFree(port: number): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
  if (answer) throw new Error(`Port ${port} is already in use (a gateway left by an interrupted run?). Stop it or set E2E_PORT.`);
}

async function waitForReady(url: string, timeoutMs: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The gateway exited with code ${child.exitCode} before it was ready:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The gateway did not become ready at ${url} within ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  await assertPortFree(E2E_PORT);
  // A local server speaking Jira's documented REST API, for the responder journey. It lives in this (runner)
  // process for the whole run; the returned function stops it.
  const jira = await startJiraPeer(JIRA_USER, JIRA_TOKEN);
  const db = await createTestDatabase('console_e2e');
  const logFile = path.join(root, 'test-results', 'e2e-gateway.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  // The folder the catalogue journey writes the files its File scraper reads (the only folder file scrapers may read).
  const scrapeDir = path.join(root, 'test-results', 'e2e-scrape-files');
  fs.rmSync(scrapeDir, { recursive: true, force: true });
  fs.mkdirSync(scrapeDir, { recursive: true });
  // The folder the topology journey writes the log files its `file` logging backends read (LOG_FILE_ROOTS).
  const logDir = path.join(root, 'test-results', 'e2e-log-files');
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const gateway = spawn('node', [path.join(root, 'gateway/dist/gateway/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: E2E_USERS.admin.email,
      ADMIN_PASSWORD: E2E_USERS.admin.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SCRAPER_FILE_ROOTS: scrapeDir,
      LOG_FILE_ROOTS: logDir,
    },
    stdio: ['ignore', log, log],
  });
  fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: gateway.pid, db: db.name, url: db.url, jiraUrl: jira.url, scrapeDir, logDir }));
  await waitForReady(`http://127.0.0.1:${E2E_PORT}/readyz`, 60_000, gateway, logFile);

  // People besides the first admin (created by the gateway itself on first start).
  const pool = new Pool({ connectionString: db.url });
  try {
    for (const user of Object.values(E2E_USERS)) {
      if (user.role === 'admin') continue;
      const { rows } = await pool.query<{ id: string }>('insert into people (name, email, password_hash) values ($1, $2, $3) returning id', [
        user.name,
        user.email,
        await hashPassword(user.password),
      ]);
      await pool.query('insert into person_roles (person_id, role) values ($1, $2)', [rows[0].id, user.role]);
    }
  } finally {
    await pool.end();
  }
  return async () => {
    await jira.stop();
  };
}
