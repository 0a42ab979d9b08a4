import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * Issue 8, fault tests: the gateway is killed (SIGKILL) while scheduled checks run and while a Run Now is in
 * flight. A new gateway on the same database finds no check left claimed, and every check runs again.
 * (In the browser tier because it needs the built gateway as a real process.)
 */
const root = path.resolve(__dirname, '../..');
const PORT = 18191;
const ADMIN = { email: 'fault@local', password: 'fault-password-1' };
const adminUrl = process.env.DATABASE_URL || process.env.TEST_ADMIN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CHECKS = 5;

function databaseUrl(name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

function startGateway(url: string): ChildProcess {
  const env = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    HEALTH_SCHEDULER: 'on',
  };
  return spawn('node', [path.join(root, 'gateway/dist/gateway/src/main.js')], { cwd: root, env, stdio: 'ignore' });
}

async function ready(): Promise<void> {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/readyz`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [250] })
    .toBe(200);
}

const auth = { authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`, 'content-type': 'application/json' };

test('a gateway killed mid-run leaves no check claimed, and scheduled work resumes on restart', async () => {
  test.setTimeout(180_000);
  const name = `fault_sigkill_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = databaseUrl(name);
  // A target that answers slowly, so checks are mid-run when the gateway dies.
  let hits = 0;
  const peer = http.createServer((_req, res) => {
    hits++;
    setTimeout(() => res.end('ok'), 3000);
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  const peerPort = (peer.address() as AddressInfo).port;
  const db = new Client({ connectionString: url });
  let gateway = startGateway(url);
  try {
    await ready();
    await db.connect();
    const http_ = Array.from({ length: CHECKS }, (_, i) => ({ name: `slow-${i}`, url: `http://127.0.0.1:${peerPort}/${i}`, timeout: 5000 }));
    const created = await fetch(`http://127.0.0.1:${PORT}/api/canaries`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'slow', spec: { schedule: '@every 10s', http: http_ } }),
    });
    expect(created.status).toBe(201);
    const checkIds: string[] = (await created.json()).checks.map((c: { id: string }) => c.id);

    await expect.poll(() => hits, { timeout: 30_000 }).toBeGreaterThanOrEqual(CHECKS);
    const runNow = fetch(`http://127.0.0.1:${PORT}/api/canary/run/check/${checkIds[0]}`, { method: 'POST', headers: auth }).catch((error: Error) => error);
    await expect.poll(() => hits, { timeout: 10_000 }).toBeGreaterThan(CHECKS);
    const claimed = await db.query(`select count(*)::int n from checks where run_lease_until > now()`);
    expect(claimed.rows[0].n).toBeGreaterThan(0);
    gateway.kill('SIGKILL');
    await new Promise((resolve) => gateway.once('exit', resolve));
    expect(await runNow).toBeInstanceOf(Error); // the in-flight Run Now died with the process
    const before = await db.query(`select max(time) t from check_statuses`);

    gateway = startGateway(url);
    await ready();
    // Leases outlive a dead gateway by the check's timeout plus 30 s; then every check is claimed and run again.
    await expect
      .poll(
        async () =>
          (await db.query(`select count(distinct check_id)::int n from check_statuses where time > coalesce($1, '-infinity'::timestamptz)`, [before.rows[0].t]))
            .rows[0].n,
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe(CHECKS);
    const stuck = await db.query(`select count(*)::int n from checks where run_lease_until < now() - interval '5 seconds'`);
    expect(stuck.rows[0].n).toBe(0);
  } finally {
    gateway.kill('SIGTERM');
    await new Promise((resolve) => (gateway.exitCode !== null ? resolve(null) : gateway.once('exit', resolve)));
    await db.end().catch(() => undefined);
    await new Promise((resolve) => peer.close(resolve));
    peer.closeAllConnections?.();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
});
