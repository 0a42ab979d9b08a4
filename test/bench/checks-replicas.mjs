#!/usr/bin/env node
// npm run bench:checks-replicas — the bench:checks runner scenario (5,000 HTTP checks every 15 s on a loopback target)
// with ONE gateway replica, then with TWO replicas on one database: executed checks per minute for each and the ratio.
//
// For each replica count (BENCH_REPLICAS, default "1,2"), on its own scratch database:
// 1. the built gateway started that many times (child processes, scheduler on, every replica with its own port and
//    PGAPPNAME=replica-<n> so its Postgres sessions can be told apart), and a loopback HTTP server in this process that
//    answers 200 at once;
// 2. 50 canaries × 100 `http` checks at `@every 15s` created through POST /api/canaries on the first replica;
// 3. after BENCH_WARMUP s (every check starts due at once), for BENCH_SECONDS s: executed checks per minute (stored
//    check_statuses rows by their start time), the schedule lag p50/p99 (the same claim-log trigger as bench:checks:
//    a run's start minus the due time it was claimed for), checks > 2 s overdue at the end, which replica claimed how
//    many runs (the trigger records the claiming session's application_name), each replica's RSS, and the Postgres
//    connections of each replica (sampled every second, the peak).
// Prints a line per replica count, then the ratio of executed/min (two replicas ÷ one) and a final JSON line; never
// fails on the figures. When one replica already meets the schedule, the ratio is capped at 1.0 by the schedule
// itself: raise the load (BENCH_INTERVAL=10, BENCH_CANARIES=100) to see what a second replica adds.
// Knobs: BENCH_REPLICAS ("1,2"), BENCH_SECONDS (90), BENCH_WARMUP (30), BENCH_CANARIES (50), BENCH_CHECKS_PER_CANARY (100),
// BENCH_INTERVAL (15, seconds; at least 10), BENCH_PORT (18140), BENCH_KEEP_DB=1, BENCH_NODE_ARGS, BENCH_LOG_LEVEL (see lib.mjs).
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { fmt, scratchDatabase, startGateway } from './lib.mjs';

const REPLICAS = (process.env.BENCH_REPLICAS || '1,2').split(',').map((n) => Number(n.trim()));
const SECONDS = Number(process.env.BENCH_SECONDS || 90);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const CANARIES = Number(process.env.BENCH_CANARIES || 50);
const PER_CANARY = Number(process.env.BENCH_CHECKS_PER_CANARY || 100);
const INTERVAL_S = Number(process.env.BENCH_INTERVAL || 15);
const PORT = Number(process.env.BENCH_PORT || 18140);
const TARGET_PORT = PORT;
const CHECKS = CANARIES * PER_CANARY;
const NEED = (CHECKS * 60) / INTERVAL_S;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The checks' target: 200 at once, keep-alive. */
function startTarget() {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 });
    res.end('ok');
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) => server.listen(TARGET_PORT, '127.0.0.1', () => resolve({ server, hits: () => hits })));
}

/** bench:checks' claim log, plus the claiming session's application_name (the replica). */
async function installClaimLog(c) {
  await c.query(`CREATE TABLE bench_claims (check_id uuid NOT NULL, due timestamptz NOT NULL, claimed timestamptz NOT NULL, replica text)`);
  await c.query(`CREATE INDEX bench_claims_idx ON bench_claims (check_id, claimed)`);
  await c.query(`CREATE FUNCTION bench_claim() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.last_started_at IS DISTINCT FROM OLD.last_started_at AND OLD.next_runtime IS NOT NULL AND NEW.last_started_at IS NOT NULL THEN
        INSERT INTO bench_claims VALUES (NEW.id, OLD.next_runtime, NEW.last_started_at, current_setting('application_name'));
      END IF;
      RETURN NULL;
    END $$`);
  await c.query(`CREATE TRIGGER bench_claim AFTER UPDATE OF last_started_at ON checks FOR EACH ROW EXECUTE FUNCTION bench_claim()`);
}

const csrfOf = (cookie) => /console_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';

async function createChecks(base, cookie) {
  const t0 = Date.now();
  const headers = { cookie, 'x-csrf-token': csrfOf(cookie), 'content-type': 'application/json' };
  for (let c = 0; c < CANARIES; c++) {
    const checks = Array.from({ length: PER_CANARY }, (_, i) => ({
      name: `endpoint-${String(i).padStart(3, '0')}`,
      url: `http://127.0.0.1:${TARGET_PORT}/c${c}/e${i}`,
    }));
    const body = { name: `bench-${String(c).padStart(2, '0')}`, namespace: `ns-${c % 5}`, spec: { schedule: `@every ${INTERVAL_S}s`, http: checks } };
    const res = await fetch(`${base}/api/canaries`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST /api/canaries answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  console.log(`  created ${CHECKS} http checks (${CANARIES} canaries × ${PER_CANARY}, @every ${INTERVAL_S}s) in ${Date.now() - t0} ms`);
}

/** As bench:checks: fresh planner statistics, and a VACUUM ANALYZE of checks every minute when autovacuum is off. */
async function vacuumLikeAutovacuum(c) {
  await c.query('ANALYZE canaries');
  await c.query('ANALYZE checks');
  const {
    rows: [{ autovacuum }],
  } = await c.query('SHOW autovacuum');
  if (autovacuum === 'on') return () => undefined;
  const timer = setInterval(() => void c.query('VACUUM ANALYZE checks').catch(() => undefined), 60_000);
  return () => clearInterval(timer);
}

/** Postgres sessions on the database by application_name (replica-<n>, console-jobs for pg-boss, the bench's own). */
async function connections(c) {
  const { rows } = await c.query(
    `SELECT coalesce(nullif(application_name, ''), '(none)') AS app, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.app, r.n]));
}

async function phase(replicas, target) {
  console.log(`\n${replicas} replica${replicas > 1 ? 's' : ''} on one database`);
  const db = await scratchDatabase(`console_bench_replicas_${replicas}_${process.pid}`);
  const c = new pg.Client({ connectionString: db.url, application_name: 'bench' });
  await c.connect();
  const gateways = [];
  try {
    await installClaimLog(c);
    delete process.env.HEALTH_SCHEDULER;
    // One after the other: the first start creates the admin, the later ones find it.
    for (let i = 0; i < replicas; i++) gateways.push(await startGateway(db.url, PORT + 1 + i, { PGAPPNAME: `replica-${i + 1}` }));
    await createChecks(`http://127.0.0.1:${PORT + 1}`, gateways[0].cookie);
    const stopVacuum = await vacuumLikeAutovacuum(c);
    const hitsBefore = target.hits();
    await sleep(WARMUP * 1000);
    const from = new Date();
    const rss = gateways.map(() => []);
    const peakConnections = {};
    const end = Date.now() + SECONDS * 1000;
    while (Date.now() < end) {
      gateways.forEach((g, i) => rss[i].push(g.rss().now));
      for (const [app, n] of Object.entries(await connections(c))) peakConnections[app] = Math.max(peakConnections[app] ?? 0, n);
      await sleep(1000);
    }
    const to = new Date();
    stopVacuum();
    const {
      rows: [late],
    } = await c.query(`SELECT count(*)::int AS n FROM checks WHERE deleted_at IS NULL AND next_runtime < now() - interval '2 seconds'`);
    await sleep(1500); // results are written in batches: let the last ones land
    const {
      rows: [runs],
    } = await c.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT status)::int AS failed FROM check_statuses WHERE time >= $1 AND time < $2`, [
      from,
      to,
    ]);
    const {
      rows: [lag],
    } = await c.query(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY lag) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY lag) AS p99
         FROM (SELECT extract(epoch FROM s.time - b.due) * 1000 AS lag
                 FROM check_statuses s
                 CROSS JOIN LATERAL (SELECT due FROM bench_claims b WHERE b.check_id = s.check_id AND b.claimed <= s.time ORDER BY b.claimed DESC LIMIT 1) b
                WHERE s.time >= $1 AND s.time < $2) l`,
      [from, to],
    );
    const { rows: shares } = await c.query(`SELECT replica, count(*)::int AS n FROM bench_claims WHERE claimed >= $1 AND claimed < $2 GROUP BY 1 ORDER BY 1`, [
      from,
      to,
    ]);
    const result = {
      replicas,
      runs_per_min: Math.round((runs.n / ((to - from) / 1000)) * 60),
      failed: runs.failed,
      lag_p50_ms: Math.round(Number(lag.p50)),
      lag_p99_ms: Math.round(Number(lag.p99)),
      overdue_at_end: late.n,
      claims_by_replica: Object.fromEntries(shares.map((s) => [s.replica, s.n])),
      rss_avg_mb: rss.map((r) => Math.round(r.reduce((a, b) => a + b, 0) / r.length)),
      rss_peak_mb: gateways.map((g, i) => Math.round(Math.max(...rss[i], g.rss().peak))),
      connections_peak: peakConnections,
      target_hits: target.hits() - hitsBefore,
      load_avg: os.loadavg().map((l) => Number(l.toFixed(2))),
    };
    console.log(
      `  executed ${fmt(result.runs_per_min, 0).padStart(7)} /min (schedule ${NEED}; ${result.failed} failed)   lag p50 ${result.lag_p50_ms} ms p99 ${result.lag_p99_ms} ms   ${result.overdue_at_end} overdue at the end`,
    );
    console.log(
      `  claims by replica ${JSON.stringify(result.claims_by_replica)}   RSS avg ${result.rss_avg_mb.join('/')} MB peak ${result.rss_peak_mb.join('/')} MB`,
    );
    console.log(`  Postgres connections (peak per application_name) ${JSON.stringify(result.connections_peak)}   load average ${result.load_avg.join(' ')}`);
    return result;
  } finally {
    for (const g of gateways) await g.stop();
    await c.end();
    if (!process.env.BENCH_KEEP_DB) await db.drop().catch(() => undefined);
  }
}

const target = await startTarget();
const cpus = os.cpus().length;
console.log(
  `${CHECKS} checks @every ${INTERVAL_S}s (${NEED} runs/min) for ${SECONDS} s after ${WARMUP} s warm-up; replicas ${REPLICAS.join(' then ')}; ${cpus} CPUs shared by the replicas, Postgres and this process; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const results = [];
try {
  for (const n of REPLICAS) results.push(await phase(n, target));
} finally {
  target.server.close();
  target.server.closeAllConnections?.();
}
const one = results.find((r) => r.replicas === 1);
console.log('');
for (const r of results.filter((x) => x.replicas !== 1)) {
  const ratio = one ? r.runs_per_min / one.runs_per_min : NaN;
  console.log(
    `${r.replicas} replicas ÷ 1 replica: ${fmt(ratio, 2)}× executed/min (${r.runs_per_min} vs ${one?.runs_per_min})${one && one.runs_per_min >= NEED * 0.995 ? ' — one replica already met the schedule, which caps the ratio at 1.0' : ''}`,
  );
}
console.log(JSON.stringify({ checks: CHECKS, interval_s: INTERVAL_S, seconds: SECONDS, warmup_s: WARMUP, results }));
