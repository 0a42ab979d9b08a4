#!/usr/bin/env node
// npm run bench:data-api — the data API against the same SQL through plain pg, in one run on one database.
// Seeds 100,000 config items, then for DURATION seconds at CONNECTIONS concurrent connections measures
//   /api/db/config_items?select=id,name,type,health&type=eq.X&order=name.asc&limit=50  (Prefer: count=exact)
// through the built gateway (autocannon), and the equivalent SQL through a pg Pool in this process.
// A benchmark, not a test: it prints figures and never fails on them.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const PORT = Number(process.env.BENCH_PORT || 18100);
const TYPES = Array.from({ length: 20 }, (_, i) => `Kubernetes::Kind${String(i).padStart(2, '0')}`);
const TYPE = TYPES[7];
const adminUrl = process.env.DATABASE_URL || process.env.TEST_ADMIN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `console_bench_${process.pid}`;
const dbUrl = (() => { const u = new URL(adminUrl); u.pathname = `/${dbName}`; return u.toString(); })();

const distMain = path.join(root, 'gateway/dist/gateway/src/main.js');
if (!fs.existsSync(distMain)) {
  console.error('Build the gateway first: npm run build -w gateway');
  process.exit(1);
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

function pct(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

async function seed() {
  const { runMigrations } = require(path.join(root, 'gateway/dist/gateway/src/core/database/migrate.js'));
  await runMigrations(dbUrl);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const t0 = Date.now();
  // The event triggers would queue 100k 'config.created' events: irrelevant here and slow to write.
  await c.query('ALTER TABLE config_items DISABLE TRIGGER USER');
  await c.query(
    `insert into config_items (name, type, config_class, health, status, labels, tags)
     select 'item-' || lpad(g::text, 6, '0') || '-' || md5(g::text),
            ($1::text[])[1 + (g % 20)], 'Kubernetes',
            (array['healthy','unhealthy','warning','unknown'])[1 + (g % 4)], 'Running',
            jsonb_build_object('app', 'app-' || (g % 50)), jsonb_build_object('namespace', 'ns-' || (g % 10))
       from generate_series(1, $2) g`,
    [TYPES, ROWS],
  );
  await c.query('ALTER TABLE config_items ENABLE TRIGGER USER');
  // A table in steady state is vacuumed; without it exact counts cannot use index-only scans.
  await c.query('VACUUM ANALYZE config_items');
  await c.end();
  console.log(`seeded ${ROWS} config items (${TYPES.length} types) in ${Date.now() - t0} ms`);
}

function startGateway() {
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the gateway during the run.
  const child = spawn('node', [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), distMain], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(PORT), HOST: '127.0.0.1', ADMIN_EMAIL: 'bench@local', ADMIN_PASSWORD: 'bench-password', DEMO_DATA: 'false', LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    try { if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return; } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('gateway did not start');
}

function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function benchGateway(cookie) {
  const url = `http://127.0.0.1:${PORT}/api/db/config_items?select=id,name,type,health&type=eq.${encodeURIComponent(TYPE)}&order=name.asc&limit=50`;
  const check = await fetch(url, { headers: { cookie, prefer: 'count=exact' } });
  const body = await check.json();
  if (![200, 206].includes(check.status) || body.length !== 50) throw new Error(`unexpected answer ${check.status}: ${JSON.stringify(body).slice(0, 200)}`);
  console.log(`gateway answers ${check.status} with ${body.length} rows, Content-Range ${check.headers.get('content-range')}`);
  // Warm-up, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { cookie, prefer: 'count=exact' } });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie, prefer: 'count=exact' } });
  if (r.non2xx || r.errors) console.log(`WARNING: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

// The statement the data API runs for that request (see gateway/src/core/data-api/sql-builder.ts buildRead).
const SQL = `SELECT (SELECT count(*) FROM "public"."config_items" WHERE "config_items"."type" = $1) AS total, count(*) AS page_total,
  coalesce(json_agg(_pgrst_t), '[]')::text AS body
  FROM (SELECT "config_items"."id", "config_items"."name", "config_items"."type", "config_items"."health"
          FROM "public"."config_items" WHERE "config_items"."type" = $1 ORDER BY "config_items"."name" ASC LIMIT 50) _pgrst_t`;

async function benchDirect() {
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONNECTIONS });
  const run = async (until, lat) => {
    while (Date.now() < until) {
      const t = performance.now();
      const res = await pool.query(SQL, [TYPE]);
      lat?.push(performance.now() - t);
      if (res.rows[0].page_total !== '50') throw new Error('unexpected page');
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, () => run(Date.now() + 2000)));
  const lat = [];
  const start = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, () => run(start + DURATION * 1000, lat)));
  const elapsed = (Date.now() - start) / 1000;
  await pool.end();
  lat.sort((a, b) => a - b);
  return { rps: lat.length / elapsed, p50: pct(lat, 50), p99: pct(lat, 99), total: lat.length };
}

await admin(`DROP DATABASE IF EXISTS "${dbName}"`);
await admin(`CREATE DATABASE "${dbName}"`);
let gateway;
try {
  await seed();
  gateway = startGateway();
  await waitReady();
  const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@local', password: 'bench-password' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const direct = await benchDirect();
  const viaGateway = await benchGateway(cookie);
  const mem = rssOf(gateway.pid);
  const f = (n, d = 1) => Number(n).toFixed(d);
  console.log(`\nconfig_items list, type=eq.X, limit 50, count=exact, ${CONNECTIONS} connections, ${DURATION} s, ${ROWS} rows, gateway LOG_LEVEL=${process.env.BENCH_LOG_LEVEL || 'info'}`);
  console.log(`                req/s      p50 ms   p99 ms   requests`);
  console.log(`direct pg    ${f(direct.rps).padStart(8)}  ${f(direct.p50, 2).padStart(8)} ${f(direct.p99, 2).padStart(8)}   ${direct.total}`);
  console.log(`data API     ${f(viaGateway.rps).padStart(8)}  ${f(viaGateway.p50, 2).padStart(8)} ${f(viaGateway.p99, 2).padStart(8)}   ${viaGateway.total}`);
  console.log(`throughput ratio (data API / direct pg): ${f(viaGateway.rps / direct.rps, 2)}  (target >= 0.5)`);
  console.log(`data API p99: ${f(viaGateway.p99, 1)} ms (target <= 50)`);
  console.log(`gateway RSS: ${f(mem.rss, 0)} MB now, ${f(mem.peak, 0)} MB peak (target <= 300)`);
} finally {
  gateway?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
}
