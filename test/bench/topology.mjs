#!/usr/bin/env node
// npm run bench:topology — the topology engine (issue 13, "Performance") at 20,000 components.
//
// 1. The built gateway on a scratch database (HEALTH_SCHEDULER=off, TOPOLOGY_SCHEDULER=false, SCRAPER_SCHEDULER=off,
//    LOG_FILE=off unless set; TOPOLOGY_ROLLUP_TICK_MS as the environment says, default 500 ms).
// 2. One transaction of SQL (topology-data.mjs): one topology of 20,000 components in a 5-level tree (1 root, 20
//    areas, 200 services, 2,000 workloads, 17,779 pods; path, parent_id, external_id, is_leaf, a headline property),
//    5,000 checks of one canary (one link each: 4,000 to pods, 1,000 to workloads and services; unhealthy ones only in
//    5 of the 20 areas), 60,000 results over the last hour, 50,000 config items linked to the components (2-3 each),
//    50,000 changes over 2 hours, 2,500 open insights. Every component is queued for the roll-up and the tables are
//    analysed before the commit (as after autovacuum's first pass; BENCH_ROLLUP_COLD=1 leaves them without statistics,
//    as in the first minute after a bulk load or on a server without autovacuum: much slower, see docs/performance.md).
//    From the commit, the time until the roll-up worker has emptied component_rollup_queue is the initial roll-up.
//    Then VACUUM ANALYZE.
// 3. GET /api/topology for the roots and for a service (level 2) with autocannon (2 s warm-up, as lib.mjs's load):
//    one connection (a call alone) and BENCH_CONNECTIONS (16).
// 4. Roll-up lag: BENCH_LAG_FLIPS (50) status changes of random healthy checks linked to pods of healthy areas, in
//    pairs (UPDATE checks SET status = 'unhealthy', then back to 'healthy'), each timed from its commit until the
//    components of the check's path (pod, workload, service, area, root) show it in status and summary.checks in the
//    database (polled every 20 ms); p50/p99 for the area and the root, p50 for each level.
// 5. Headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium): signed in, the time from navigation until
//    /topology shows the root's card, and until an area's /topology/{id} shows a service's card, BENCH_PAGE_LOADS (5)
//    times each.
// 6. GET /api/snapshot/topology/{area}?related=false&start=now-1h (an area's subtree: ~1,000 components) 3 times: time
//    to the last byte and the zip's size.
// Prints the figures next to the issue's targets (topology p99 <= 100 ms, roll-up lag p99 <= 2 s, page <= 1.5 s,
// snapshot <= 5 s) and a final JSON line; exits 0 whatever the figures (a measurement, not a test).
// Knobs: BENCH_CONNECTIONS (16), BENCH_DURATION (10 s), BENCH_LAG_FLIPS (50), BENCH_LAG_TIMEOUT (30000 ms),
// BENCH_PAGE_LOADS (5), BENCH_PAGE_TIMEOUT (15000 ms), BENCH_SNAPSHOTS (3), BENCH_ROLLUP_TIMEOUT (600000 ms), BENCH_ROLLUP_COLD=1,
// BENCH_SKIP_PAGE=1, BENCH_KEEP_DB=1 (keeps console_bench_topology_<pid> for EXPLAIN), BENCH_PORT, BENCH_NODE_ARGS,
// BENCH_LOG_LEVEL (see lib.mjs).
import os from 'node:os';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ADMIN, fmt, load, percentile, scratchDatabase, startGateway } from './lib.mjs';
import { componentIds, componentName, loadTopology, ROOT_NAME } from './topology-data.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const LAG_FLIPS = Number(process.env.BENCH_LAG_FLIPS || 50);
const LAG_TIMEOUT = Number(process.env.BENCH_LAG_TIMEOUT || 30_000);
const PAGE_LOADS = Number(process.env.BENCH_PAGE_LOADS || 5);
const PAGE_TIMEOUT = Number(process.env.BENCH_PAGE_TIMEOUT || 15_000);
const SNAPSHOTS = Number(process.env.BENCH_SNAPSHOTS || 3);
const ROLLUP_TIMEOUT = Number(process.env.BENCH_ROLLUP_TIMEOUT || 600_000);
const PORT = Number(process.env.BENCH_PORT || 18150);
const BASE = `http://127.0.0.1:${PORT}`;
/** Components used by number (topology-data.mjs): the snapshot's area (unhealthy checks in it), a healthy area and one of its services. */
const SNAPSHOT_AREA = 1;
const PAGE_AREA = 11;
const MID_SERVICE = 121;
const PAGE_SERVICE = 21 + (PAGE_AREA - 1) * 10;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stats = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
};

/** Waits (up to 60 s) until no statement of the database runs, so a figure is not another phase's tail. */
async function settle(c) {
  for (let i = 0; i < 240; i++) {
    const {
      rows: [{ n }],
    } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`);
    if (n === 0) return;
    await sleep(250);
  }
}

/** From the load's commit until the roll-up queue is empty (the worker deletes what it claims and queues parents in one transaction). */
async function drain(c, t0) {
  let logged = -1;
  let peak = 0;
  for (;;) {
    const {
      rows: [{ n }],
    } = await c.query('SELECT count(*)::int AS n FROM component_rollup_queue');
    peak = Math.max(peak, n);
    if (n === 0) return { ms: Date.now() - t0, peak };
    if (Date.now() - t0 > ROLLUP_TIMEOUT) return { ms: null, left: n, peak };
    if (logged < 0 || Math.abs(n - logged) >= 2000) {
      console.log(`  roll-up queue: ${n} after ${fmt((Date.now() - t0) / 1000, 1)} s`);
      logged = n;
    }
    await sleep(250);
  }
}

const counts = (summary) => ({ healthy: Number(summary?.checks?.healthy ?? 0), unhealthy: Number(summary?.checks?.unhealthy ?? 0) });

/**
 * One check's status set to `to`; answers, per component of `path` (pod → root), ms from the commit until its stored
 * status and check counts are `expected` (null when not within LAG_TIMEOUT).
 */
async function timeFlip(c, checkId, to, path, expected) {
  await c.query('UPDATE checks SET status = $2 WHERE id = $1', [checkId, to]);
  const t0 = performance.now();
  const reached = new Map();
  while (reached.size < path.length && performance.now() - t0 < LAG_TIMEOUT) {
    const { rows } = await c.query('SELECT id, status, summary FROM components WHERE id = ANY($1::uuid[])', [path]);
    const now = performance.now() - t0;
    for (const row of rows) {
      if (reached.has(row.id)) continue;
      const want = expected.get(row.id);
      const got = counts(row.summary);
      if (row.status === want.status && got.healthy === want.healthy && got.unhealthy === want.unhealthy) reached.set(row.id, now);
    }
    if (reached.size < path.length) await sleep(20);
  }
  return path.map((id) => reached.get(id) ?? null);
}

/** LAG_FLIPS check changes in pairs (to unhealthy and back), each on a different random check of a healthy area. */
async function benchLag(c) {
  const { rows: picks } = await c.query(
    `SELECT k.id AS check_id, c.id AS pod_id, c.path
       FROM checks k
       JOIN check_component_relationships r ON r.check_id = k.id AND r.deleted_at IS NULL
       JOIN components c ON c.id = r.component_id AND c.is_leaf
       JOIN components a ON a.id = split_part(c.path, '.', 2)::uuid
      WHERE k.status = 'healthy' AND a.status = 'healthy'
      ORDER BY random() LIMIT $1`,
    [Math.ceil(LAG_FLIPS / 2)],
  );
  const levels = ['pod', 'workload', 'service', 'area', 'root'];
  const byLevel = Object.fromEntries(levels.map((l) => [l, []]));
  let missed = 0;
  let flips = 0;
  for (const pick of picks) {
    // path is root.area.service.workload; the pod itself last: listed pod first.
    const path = [pick.pod_id, ...pick.path.split('.').reverse()];
    const { rows } = await c.query('SELECT id, status, summary FROM components WHERE id = ANY($1::uuid[])', [path]);
    const before = new Map(rows.map((r) => [r.id, { status: r.status, ...counts(r.summary) }]));
    const red = new Map(path.map((id) => [id, { status: 'unhealthy', healthy: before.get(id).healthy - 1, unhealthy: before.get(id).unhealthy + 1 }]));
    for (const [to, expected] of [
      ['unhealthy', red],
      ['healthy', before],
    ]) {
      if (flips >= LAG_FLIPS) break;
      flips++;
      const times = await timeFlip(c, pick.check_id, to, path, expected);
      times.forEach((t, i) => (t === null ? missed++ : byLevel[levels[i]].push(t)));
      if (times.some((t) => t === null)) {
        // Put the check back and wait for the tree to settle before the next pick.
        await c.query(`UPDATE checks SET status = 'healthy' WHERE id = $1`, [pick.check_id]);
        await sleep(LAG_TIMEOUT / 3);
      }
    }
  }
  return { flips, missed, levels: Object.fromEntries(levels.map((l) => [l, stats(byLevel[l])])) };
}

/** Milliseconds from navigation until the card named `name` is visible, PAGE_LOADS times, or the reason it never was. */
async function timePage(page, url, name) {
  const times = [];
  for (let i = 0; i < PAGE_LOADS; i++) {
    await page.goto('about:blank');
    const t0 = Date.now();
    await page.goto(url);
    try {
      await page.locator('[data-testid="topology-card"]').filter({ hasText: name }).first().waitFor({ state: 'visible', timeout: PAGE_TIMEOUT });
    } catch (error) {
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      )
        .replace(/\s+/g, ' ')
        .slice(0, 200);
      return { error: `${error.message.split('\n')[0]} (page shows: ${text || 'nothing'})` };
    }
    times.push(Date.now() - t0);
  }
  return { times: times.sort((a, b) => a - b) };
}

async function benchPages(areaId) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    // As test/e2e/helpers.ts signIn.
    await page.goto(`${BASE}/login`);
    await page.getByText('Sign In to your account').waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    return {
      roots: await timePage(page, `${BASE}/topology`, ROOT_NAME),
      area: await timePage(page, `${BASE}/topology/${areaId}`, componentName(PAGE_SERVICE)),
    };
  } finally {
    await browser.close();
  }
}

/** The snapshot SNAPSHOTS times: ms to the last byte, bytes, and whether the archive ended with its README. */
async function benchSnapshot(gateway, id) {
  const runs = [];
  for (let i = 0; i < SNAPSHOTS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${BASE}/api/snapshot/topology/${id}?related=false&start=now-1h`, { headers: { cookie: gateway.cookie } });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    if (!res.ok) return { error: `${res.status}: ${body.toString('utf8').slice(0, 300)}` };
    // The central directory at the end names every entry: README.md is written last, ERROR.txt only on a failure.
    const tail = body.subarray(Math.max(0, body.length - 4096)).toString('latin1');
    runs.push({ ms, bytes: body.length, complete: tail.includes('README.md') && !tail.includes('ERROR.txt') });
  }
  return { runs };
}

const mark = (ok) => (ok === null ? '-' : ok ? 'pass' : 'MISS');
const rows = [];
const row = (ok, name, figure, target = '') => {
  rows.push([mark(ok), name, figure, target]);
  console.log(`${mark(ok)}  ${name}: ${figure}${target ? `  (target ${target})` : ''}`);
};

process.env.HEALTH_SCHEDULER = 'off';
process.env.SCRAPER_SCHEDULER = 'off';
process.env.TOPOLOGY_SCHEDULER = 'false';
process.env.LOG_FILE ??= 'off';
const rollupTick = Number(process.env.TOPOLOGY_ROLLUP_TICK_MS || 500);

const db = await scratchDatabase(`console_bench_topology_${process.pid}`);
const c = new pg.Client({ connectionString: db.url });
await c.connect();
let gateway;
const out = { load_before: os.loadavg().map((l) => Number(l.toFixed(2))), rollup_tick_ms: rollupTick };
try {
  gateway = await startGateway(db.url, PORT);

  // ---- data and the initial roll-up
  let t0 = Date.now();
  const data = await loadTopology(c, { analyze: !process.env.BENCH_ROLLUP_COLD });
  const committed = Date.now();
  console.log(
    `loaded ${data.components} components, ${data.checks} checks (${data.check_links} links, ${data.check_results} results), ${data.configs} configs (${data.config_links} links, ${data.changes} changes, ${data.insights} insights) in ${committed - t0} ms ${JSON.stringify(data.timings)}; ${data.queued} queued for the roll-up`,
  );
  out.data = data;
  const initial = await drain(c, committed);
  const {
    rows: [tree],
  } = await c.query(
    `SELECT count(*) FILTER (WHERE status = 'unknown')::int AS unknown, count(*) FILTER (WHERE status = 'unhealthy')::int AS unhealthy,
            count(*) FILTER (WHERE status = 'warning')::int AS warning, count(*) FILTER (WHERE status = 'healthy')::int AS healthy,
            (SELECT summary FROM components WHERE parent_id IS NULL) AS root_summary, (SELECT status FROM components WHERE parent_id IS NULL) AS root_status
       FROM components`,
  );
  out.initial_rollup = { ms: initial.ms, left: initial.left, queue_peak: initial.peak, ...tree };
  console.log(`initial roll-up: ${initial.ms === null ? `NOT drained, ${initial.left} left` : `${initial.ms} ms`}; ${JSON.stringify(tree)}`);
  row(
    null,
    `initial roll-up (${data.queued} queued)`,
    initial.ms === null
      ? `not drained within ${ROLLUP_TIMEOUT / 1000} s (${initial.left} left)`
      : `${fmt(initial.ms / 1000, 1)} s from the commit (${fmt(data.components / (initial.ms / 1000), 0)} components/s${process.env.BENCH_ROLLUP_COLD ? ', tables without statistics' : ''}); root ${tree.root_status}, checks ${JSON.stringify(tree.root_summary?.checks)}`,
  );
  t0 = Date.now();
  await c.query('VACUUM ANALYZE');
  console.log(`VACUUM ANALYZE ${Date.now() - t0} ms`);

  const ids = await componentIds(c, [0, SNAPSHOT_AREA, PAGE_AREA, MID_SERVICE]);

  // ---- GET /api/topology
  for (const [key, label, url] of [
    ['roots', 'GET /api/topology (roots)', `${BASE}/api/topology`],
    ['service', `GET /api/topology?id= (a service: 10 workloads, ~90 pods)`, `${BASE}/api/topology?id=${ids.get(MID_SERVICE)}`],
  ]) {
    const first = await fetch(url, { headers: { cookie: gateway.cookie } });
    const answer = await first.json();
    if (!first.ok) {
      row(false, label, `answered ${first.status}: ${JSON.stringify(answer).slice(0, 200)}`, 'p99 <= 100 ms');
      continue;
    }
    // The roots are the cards; with an id the answer is that component with its children as `components`.
    const cards = key === 'roots' ? answer.components : (answer.components[0]?.components ?? []);
    const nested = cards.reduce((n, k) => n + (k.components?.length ?? 0), 0);
    const bytes = JSON.stringify(answer).length;
    for (const connections of [1, CONNECTIONS]) {
      await settle(c);
      const r = await load({ url, connections, duration: connections === 1 ? Math.min(5, DURATION) : DURATION, headers: { cookie: gateway.cookie } });
      out[`topology_${key}_c${connections}`] = { rps: Number(r.rps.toFixed(1)), p50_ms: r.p50, p99_ms: r.p99, cards: cards.length, nested, bytes };
      row(
        r.total > 0 && r.p99 <= 100,
        `${label}, ${connections} conn.`,
        `${fmt(r.rps, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${cards.length} cards, ${nested} children, ${fmt(bytes / 1024, 0)} KiB)`,
        'p99 <= 100 ms',
      );
    }
  }

  // ---- roll-up lag
  await settle(c);
  const lag = await benchLag(c);
  out.lag = lag;
  const { area, root } = lag.levels;
  row(
    lag.missed === 0 && Math.max(area.p99, root.p99) <= 2000,
    `roll-up lag, ${lag.flips} check changes (tick ${rollupTick} ms)`,
    `area p50 ${fmt(area.p50, 0)} / p99 ${fmt(area.p99, 0)} ms, root p50 ${fmt(root.p50, 0)} / p99 ${fmt(root.p99, 0)} ms${lag.missed ? `, ${lag.missed} not within ${LAG_TIMEOUT} ms` : ''}`,
    'p99 <= 2 s',
  );
  row(
    null,
    '  per level (p50)',
    Object.entries(lag.levels)
      .map(([l, s]) => `${l} ${fmt(s.p50, 0)}`)
      .join(', ') + ' ms',
  );

  // ---- pages
  if (process.env.BENCH_SKIP_PAGE) row(null, 'pages', 'skipped (BENCH_SKIP_PAGE)');
  else {
    await settle(c);
    const pages = await benchPages(ids.get(PAGE_AREA)).catch((error) => {
      const reason = `Chromium did not start (${error.message.split('\n')[0]}; set CHROMIUM_PATH)`;
      return { roots: { error: reason }, area: { error: reason } };
    });
    for (const [key, label] of [
      ['roots', `/topology, the root's card`],
      ['area', `/topology/{area}, a service's card`],
    ]) {
      const p = pages[key];
      if (p.error) {
        out[`page_${key}_error`] = p.error;
        row(false, label, `not measured: ${p.error}`, '<= 1.5 s');
        continue;
      }
      const max = p.times[p.times.length - 1];
      out[`page_${key}`] = { p50_ms: percentile(p.times, 50), max_ms: max, loads: p.times };
      row(max <= 1500, label, `p50 ${percentile(p.times, 50)} ms, max ${max} ms over ${p.times.length} loads`, '<= 1.5 s');
    }
  }

  // ---- snapshot
  await settle(c);
  const snapshotId = ids.get(SNAPSHOT_AREA);
  const {
    rows: [subtree],
  } = await c.query(
    `SELECT count(*)::int AS components FROM components c, (SELECT path || CASE WHEN path = '' THEN '' ELSE '.' END || id AS prefix FROM components WHERE id = $1) s
      WHERE c.id = $1 OR c.path = s.prefix OR c.path LIKE s.prefix || '.%'`,
    [snapshotId],
  );
  const snap = await benchSnapshot(gateway, snapshotId);
  if (snap.error) row(false, 'snapshot', `failed: ${snap.error}`, '<= 5 s');
  else {
    const s = stats(snap.runs.map((r) => r.ms));
    const bytes = snap.runs[snap.runs.length - 1].bytes;
    out.snapshot = { subtree: subtree.components, ms: snap.runs.map((r) => Math.round(r.ms)), bytes, complete: snap.runs.every((r) => r.complete) };
    row(
      s.max <= 5000 && out.snapshot.complete,
      `snapshot of an area (${subtree.components} components, 1 h)`,
      `p50 ${fmt(s.p50, 0)} ms, max ${fmt(s.max, 0)} ms over ${snap.runs.length}; ${fmt(bytes / 1024, 0)} KiB${out.snapshot.complete ? '' : ' (INCOMPLETE: no README or an ERROR.txt)'}`,
      '<= 5 s',
    );
  }

  out.load_after = os.loadavg().map((l) => Number(l.toFixed(2)));
  out.rss_mb = gateway.rss();
  const widths = [0, 0].map((w, i) => Math.max(w, ...rows.map((r) => String(r[i + 1]).length)));
  console.log(
    `\n${data.components} components, ${data.checks} checks, ${data.configs} configs; ${CONNECTIONS} connections, ${DURATION} s; load average ${out.load_before.join(' ')} before, ${out.load_after.join(' ')} after`,
  );
  for (const [m, name, figure, target] of rows) console.log(`${m.padEnd(4)}  ${name.padEnd(widths[0])}  ${figure.padEnd(widths[1])}  ${target}`);
  console.log(JSON.stringify(out));
} finally {
  await gateway?.stop();
  await c.end();
  if (!process.env.BENCH_KEEP_DB) await db.drop();
}
