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

export const CONFIG_TYPES = Array.from({ length: 20 }, (_, i) => `Kubernetes::Kind${String(i).padStart(2, '0')}`);

/** `rows` config items over CONFIG_TYPES (the data-API benchmarks' data), vacuumed as a table in steady state is. */
export async function seedConfigItems(url, rows = 100_000) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // The event triggers would queue a 'config.created' event per row: irrelevant here and slow to write.
    await c.query('ALTER TABLE config_items DISABLE TRIGGER USER');
    await c.query(
      `insert into config_items (name, type, config_class, health, status, labels, tags)
       select 'item-' || lpad(g::text, 6, '0') || '-' || md5(g::text),
              ($1::text[])[1 + (g % 20)], 'Kubernetes',
              (array['healthy','unhealthy','warning','unknown'])[1 + (g % 4)], 'Running',
              jsonb_build_object('app', 'app-' || (g % 50)), jsonb_build_object('namespace', 'ns-' || (g % 10))
         from generate_series(1, $2) g`,
      [CONFIG_TYPES, rows],
    );
    await c.query('ALTER TABLE config_items ENABLE TRIGGER USER');
    // Without a vacuum, exact counts cannot use index-only scans.
    await c.query('VACUUM ANALYZE config_items');
  } finally {
    await c.end();
  }
}

/** The built gateway on `url`; BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles it. */
export async function startGateway(url, port, extraEnv = {}) {
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
      ...extraEnv,
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
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
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
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, errors: r.errors, non2xx: r.non2xx };
}

export const fmt = (n, d = 1) => Number(n).toFixed(d);
