// Shared pieces of the benchmarks: a scratch database, the built gateway on it, a signed-in cookie, load runs.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const adminUrl = process.env.DATABASE_URL || process.env.TEST_ADMIN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const distMain = path.join(root, 'gateway/dist/gateway/src/main.js');

export const ADMIN = { email: 'bench@local', password: 'bench-password' };

export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A fresh, migrated database; `drop()` removes it. */
export async function scratchDatabase(name) {
  if (!fs.existsSync(distMain)) throw new Error('Build the gateway first: npm run build -w gateway');
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const { runMigrations } = require(path.join(root, 'gateway/dist/gateway/src/database/migrate.js'));
  await runMigrations(u.toString());
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The built gateway on `url`; BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles it. */
export async function startGateway(url, port) {
  const child = spawn('node', [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), distMain], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return {
    child,
    cookie,
    rss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const mb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
      return { now: mb('VmRSS'), peak: mb('VmHWM') };
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}

/** autocannon with a 2 s warm-up; returns req/s and latency percentiles (ms). */
export async function load(options) {
  await autocannon({ ...options, duration: 2 });
  const r = await autocannon(options);
  if (r.non2xx || r.errors) console.log(`WARNING: ${r.non2xx} non-2xx answers, ${r.errors} errors for ${options.url ?? 'requests'}`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

export const fmt = (n, d = 1) => Number(n).toFixed(d);
