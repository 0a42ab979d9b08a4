#!/usr/bin/env node
// npm run bench:checks — the health-check runner at 5,000 HTTP checks every 15 s (20,000 runs a minute), then the
// health summary and dashboard over 1,000,000 stored results.
//
// 1. A scratch database, the built gateway with its scheduler on, and a loopback HTTP server in this process that
//    answers 200 at once. 50 canaries × 100 `http` checks at `@every 15s` are created through POST /api/canaries.
// 2. After BENCH_WARMUP s (the first pass over 5,000 checks that all start due at once), for BENCH_SECONDS s:
//    executed checks per minute (stored check_statuses rows by their start time), schedule lag p50/p99 and the
//    gateway's RSS (VmRSS every second: average and peak).
//    Lag: a trigger this benchmark adds to its scratch database records, for every claim, the due time it claimed
//    (the old checks.next_runtime, jitter included) and the claim time (last_started_at); a stored row's lag is its
//    start time minus the due time of the latest claim of that check at or before it. Checks still overdue by > 2 s
//    at the end are counted too (a scheduler that falls behind leaves them unrun, which the stored rows alone hide).
// 3. The gateway restarts with the scheduler off (so the reads are measured alone), check_statuses is filled up to
//    BENCH_STATUSES rows (default 1,000,000: one result a minute per check over the last hour, the rest spread over
//    the 30 days before), then POST /api/canary/api/summary {timeRange:'1h'} is measured with autocannon
//    (signed-in cookie + CSRF), and the time until /health?hidePassing=false shows check rows in headless Chromium.
// Prints figures with their targets and a final JSON line; never fails on them.
// Statistics: checks and canaries are analyzed once created; without autovacuum on the server, checks gets a VACUUM
// ANALYZE every minute in its place (the scheduler updates every check twice per run).
// Knobs: BENCH_SECONDS (120), BENCH_WARMUP (30), BENCH_CANARIES (50), BENCH_CHECKS_PER_CANARY (100),
// BENCH_STATUSES (1000000), BENCH_CONNECTIONS (4), BENCH_DURATION (10), BENCH_PAGE_LOADS (5), BENCH_PAGE_TIMEOUT (60000 ms), BENCH_SKIP_PAGE=1,
// BENCH_KEEP_DB=1, BENCH_PORT, BENCH_NODE_ARGS, BENCH_LOG_LEVEL (see lib.mjs).
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ADMIN, fmt, load, percentile, scratchDatabase, startGateway } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 120);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const CANARIES = Number(process.env.BENCH_CANARIES || 50);
const PER_CANARY = Number(process.env.BENCH_CHECKS_PER_CANARY || 100);
const STATUSES = Number(process.env.BENCH_STATUSES || 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 4);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const PAGE_LOADS = Number(process.env.BENCH_PAGE_LOADS || 5);
const PAGE_TIMEOUT = Number(process.env.BENCH_PAGE_TIMEOUT || 60_000);
const PORT = Number(process.env.BENCH_PORT || 18120);
const TARGET_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const CHECKS = CANARIES * PER_CANARY;
const INTERVAL_S = 15;
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

/** Records every claim's due time (the benchmark's own table and trigger; the product stores no due time). */
async function installClaimLog(c) {
  await c.query(`CREATE TABLE bench_claims (check_id uuid NOT NULL, due timestamptz NOT NULL, claimed timestamptz NOT NULL)`);
  await c.query(`CREATE INDEX bench_claims_idx ON bench_claims (check_id, claimed)`);
  await c.query(`CREATE FUNCTION bench_claim() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.last_started_at IS DISTINCT FROM OLD.last_started_at AND OLD.next_runtime IS NOT NULL AND NEW.last_started_at IS NOT NULL THEN
        INSERT INTO bench_claims VALUES (NEW.id, OLD.next_runtime, NEW.last_started_at);
      END IF;
      RETURN NULL;
    END $$`);
  await c.query(`CREATE TRIGGER bench_claim AFTER UPDATE OF last_started_at ON checks FOR EACH ROW EXECUTE FUNCTION bench_claim()`);
}

function csrfOf(cookie) {
  return /console_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
}

async function createChecks(gateway) {
  const t0 = Date.now();
  const headers = { cookie: gateway.cookie, 'x-csrf-token': csrfOf(gateway.cookie), 'content-type': 'application/json' };
  for (let c = 0; c < CANARIES; c++) {
    const checks = Array.from({ length: PER_CANARY }, (_, i) => ({
      name: `endpoint-${String(i).padStart(3, '0')}`,
      url: `http://127.0.0.1:${TARGET_PORT}/c${c}/e${i}`,
    }));
    const body = {
      name: `bench-${String(c).padStart(2, '0')}`,
      namespace: `ns-${c % 5}`,
      labels: { team: `team-${c % 7}` },
      spec: { schedule: `@every ${INTERVAL_S}s`, http: checks },
    };
    const res = await fetch(`${BASE}/api/canaries`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST /api/canaries answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  const ms = Date.now() - t0;
  console.log(`created ${CHECKS} http checks (${CANARIES} canaries × ${PER_CANARY}, @every ${INTERVAL_S}s) through POST /api/canaries in ${ms} ms`);
}

/**
 * Planner statistics for the new checks, as autovacuum would gather them. When the server runs without autovacuum
 * (test servers often do), a VACUUM ANALYZE of checks every minute stands in for it (the default naptime).
 */
async function vacuumLikeAutovacuum(c) {
  await c.query('ANALYZE canaries');
  await c.query('ANALYZE checks');
  const {
    rows: [{ autovacuum }],
  } = await c.query('SHOW autovacuum');
  if (autovacuum === 'on') return () => undefined;
  console.log('autovacuum is off on this server: the benchmark runs VACUUM ANALYZE checks every 60 s in its place');
  const timer = setInterval(() => void c.query('VACUUM ANALYZE checks').catch(() => undefined), 60_000);
  return () => clearInterval(timer);
}

async function measureRunner(c, gateway) {
  console.log(`warming up ${WARMUP} s, then measuring ${SECONDS} s`);
  await sleep(WARMUP * 1000);
  const from = new Date();
  const rss = [];
  const end = Date.now() + SECONDS * 1000;
  while (Date.now() < end) {
    rss.push(gateway.rss().now);
    await sleep(1000);
  }
  const to = new Date();
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
    `SELECT count(*)::int AS n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY lag) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY lag) AS p99, max(lag) AS max
       FROM (SELECT extract(epoch FROM s.time - b.due) * 1000 AS lag
               FROM check_statuses s
               CROSS JOIN LATERAL (SELECT due FROM bench_claims b WHERE b.check_id = s.check_id AND b.claimed <= s.time ORDER BY b.claimed DESC LIMIT 1) b
              WHERE s.time >= $1 AND s.time < $2) l`,
    [from, to],
  );
  const mem = gateway.rss();
  return {
    perMinute: (runs.n / ((to - from) / 1000)) * 60,
    failed: runs.failed,
    lagP50: Number(lag.p50),
    lagP99: Number(lag.p99),
    lagMax: Number(lag.max),
    lagSamples: lag.n,
    overdueAtEnd: late.n,
    rssAvg: rss.reduce((a, b) => a + b, 0) / rss.length,
    rssPeak: Math.max(...rss, mem.peak),
  };
}

/** Fills check_statuses to STATUSES rows: one a minute per check over the last hour, the rest over the 30 days before. */
async function seedStatuses(c) {
  const t0 = Date.now();
  const {
    rows: [{ n: existing }],
  } = await c.query(`SELECT count(*)::int AS n FROM check_statuses`);
  const {
    rows: [{ n: checks }],
  } = await c.query(`SELECT count(*)::int AS n FROM checks WHERE deleted_at IS NULL`);
  const lastHourPer = Math.min(59, Math.max(0, Math.floor((STATUSES - existing) / checks)));
  const olderPer = Math.max(0, Math.ceil((STATUSES - existing - lastHourPer * checks) / checks));
  const row = (time) => `SELECT k.id, ${time}, (5 + random() * 120)::int, random() > 0.03, false, 'ok', NULL, '{"code":200}'::jsonb
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM checks WHERE deleted_at IS NULL) k`;
  const insert = `INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error, details)`;
  // Per-check offsets (ms) keep the (check_id, time) keys apart; rows that meet a live result are skipped.
  await c.query(`${insert} ${row(`now() - make_interval(secs => g * 60 + (k.rn % 60000) / 1000.0)`)}, generate_series(1, $1::int) g ON CONFLICT DO NOTHING`, [
    lastHourPer,
  ]);
  if (olderPer > 0) {
    const stepS = (30 * 86400 - 3600) / olderPer;
    await c.query(
      `${insert} ${row(`now() - interval '1 hour' - make_interval(secs => (g - 1) * $2::float8 + (k.rn % 60000) / 1000.0)`)}, generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
      [olderPer, stepS],
    );
  }
  await c.query(`VACUUM ANALYZE check_statuses`);
  const {
    rows: [n],
  } = await c.query(`SELECT count(*)::int AS total, count(*) FILTER (WHERE time > now() - interval '1 hour')::int AS hour FROM check_statuses`);
  console.log(`check_statuses: ${n.total} rows (${n.hour} in the last hour; ${existing} from the run) seeded in ${Date.now() - t0} ms`);
  return n.total;
}

async function benchSummary(gateway) {
  const csrf = csrfOf(gateway.cookie);
  const headers = { cookie: gateway.cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const body = JSON.stringify({ timeRange: '1h' });
  const first = await fetch(`${BASE}/api/canary/api/summary`, { method: 'POST', headers, body });
  const json = await first.json();
  if (first.status !== 200 && first.status !== 201) throw new Error(`summary answered ${first.status}: ${JSON.stringify(json).slice(0, 300)}`);
  console.log(`summary answers ${first.status} with ${json.checks_summary?.length} checks`);
  return load({ url: `${BASE}/api/canary/api/summary`, method: 'POST', body, connections: CONNECTIONS, duration: DURATION, headers });
}

async function pageReady() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const times = [];
    for (let i = 0; i < PAGE_LOADS; i++) {
      await page.goto('about:blank');
      const t0 = Date.now();
      await page.goto(`${BASE}/health?hidePassing=false`);
      try {
        // the first row with data: a check, or (beyond 200 checks the groups start collapsed) a group with its numbers
        await page.locator('[data-testid="health-check-row"], [data-testid="health-group-row"]').first().waitFor({ timeout: PAGE_TIMEOUT });
      } catch (error) {
        await page.screenshot({ path: '/tmp/bench-checks-health.png' }).catch(() => undefined);
        const text = (
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        )
          .replace(/\s+/g, ' ')
          .slice(0, 300);
        throw new Error(`${error.message.split('\n')[0]} (page shows: ${text}; screenshot /tmp/bench-checks-health.png)`);
      }
      times.push(Date.now() - t0);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}

const mark = (ok) => (ok ? 'ok  ' : 'MISS');
const db = await scratchDatabase(`console_bench_checks_${process.pid}`);
const c = new pg.Client({ connectionString: db.url });
await c.connect();
const target = await startTarget();
let gateway;
const out = { checks: CHECKS, interval_s: INTERVAL_S, seconds: SECONDS, warmup_s: WARMUP, load_before: os.loadavg().map((l) => Number(l.toFixed(2))) };
try {
  await installClaimLog(c);
  delete process.env.HEALTH_SCHEDULER;
  gateway = await startGateway(db.url, PORT);
  await createChecks(gateway);
  const stopVacuum = await vacuumLikeAutovacuum(c);
  const run = await measureRunner(c, gateway);
  stopVacuum();
  Object.assign(out, {
    runs_per_min: Math.round(run.perMinute),
    failed_runs: run.failed,
    lag_p50_ms: Math.round(run.lagP50),
    lag_p99_ms: Math.round(run.lagP99),
    lag_max_ms: Math.round(run.lagMax),
    overdue_at_end: run.overdueAtEnd,
    rss_avg_mb: Math.round(run.rssAvg),
    rss_peak_mb: Math.round(run.rssPeak),
    target_hits: target.hits(),
  });
  const need = (CHECKS * 60) / INTERVAL_S;
  console.log(
    `\n${CHECKS} checks @every ${INTERVAL_S}s over ${SECONDS} s (after ${WARMUP} s warm-up); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `${mark(run.perMinute >= need * 0.995)} executed           ${fmt(run.perMinute, 0).padStart(8)} /min   (target >= ${need}; ${run.failed} failed)`,
  );
  console.log(
    `${mark(run.lagP99 <= 2000)} schedule lag       p50 ${fmt(run.lagP50, 0)} ms   p99 ${fmt(run.lagP99, 0)} ms   max ${fmt(run.lagMax, 0)} ms over ${run.lagSamples} runs; ${run.overdueAtEnd} checks > 2 s overdue at the end   (target p99 <= 2000)`,
  );
  console.log(`${mark(run.rssPeak <= 600)} gateway RSS        avg ${fmt(run.rssAvg, 0)} MB   peak ${fmt(run.rssPeak, 0)} MB   (target <= 600)`);

  await gateway.stop();
  process.env.HEALTH_SCHEDULER = 'off';
  await sleep(1000);
  out.statuses = await seedStatuses(c);
  gateway = await startGateway(db.url, PORT);
  const summary = await benchSummary(gateway);
  Object.assign(out, { summary_rps: Number(summary.rps.toFixed(1)), summary_p50_ms: summary.p50, summary_p99_ms: summary.p99 });
  console.log(
    `${mark(summary.p99 <= 150)} summary 1h         ${fmt(summary.rps).padStart(7)} req/s   p50 ${fmt(summary.p50)} ms   p99 ${fmt(summary.p99)} ms   (${CONNECTIONS} connections, ${out.statuses} rows; target p99 <= 150)`,
  );
  if (process.env.BENCH_SKIP_PAGE) console.log('page timing skipped (BENCH_SKIP_PAGE)');
  else {
    try {
      const ready = await pageReady();
      Object.assign(out, { page_p50_ms: percentile(ready, 50), page_max_ms: ready[ready.length - 1] });
      console.log(
        `${mark(ready[ready.length - 1] <= 1500)} /health ready     p50 ${percentile(ready, 50)} ms   max ${ready[ready.length - 1]} ms over ${ready.length} loads   (target <= 1500)`,
      );
    } catch (error) {
      out.page_error = error.message.split('\n')[0];
      console.log(`MISS /health did not show check rows: ${out.page_error}`);
    }
  }
  out.load_after = os.loadavg().map((l) => Number(l.toFixed(2)));
  console.log(JSON.stringify(out));
} finally {
  await gateway?.stop();
  await c.end();
  target.server.close();
  target.server.closeAllConnections?.();
  if (!process.env.BENCH_KEEP_DB) await db.drop();
}
