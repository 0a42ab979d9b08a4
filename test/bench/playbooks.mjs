#!/usr/bin/env node
// npm run bench:playbooks — the playbook engine (issue 12): runs of a 3-action playbook submitted at once.
//
// 1. A scratch database, the built gateway on it (its worker on, OUTBOUND_ALLOW=127.0.0.1 so that the actions may reach
//    the loopback peers below), a loopback HTTP server in this process that answers 200 at once, and a separate
//    Postgres database on 127.0.0.1:5432 for the sql action (the console's own database is refused by the outbound
//    policy whatever it allows, so the target is another database on the same server).
// 2. One playbook, saved through POST /api/playbooks as the bootstrap admin (an exec action needs write on exec):
//      exec `true` (the core sandbox: bash as nobody) → http GET the loopback server → sql `select 1` on the target.
// 3. Phases, each a batch of POST /api/playbook/run submitted at once: a warm-up (not reported), BENCH_BURST runs
//    (100) all in flight together, then BENCH_RUNS runs (1,000) with BENCH_IN_FLIGHT (100) requests in flight. Each
//    phase waits until every run of its batch has ended, then reads the runs and their actions from the database:
//    - runs/s: from the first submit to the last run's end_time;
//    - queue delay: a run's created_at → its first action's start_time;
//    - engine overhead between actions: run start_time → first action start_time, and each action's start_time − the
//      previous action's end_time (the actions' own time excluded); the tail (last action end → run end) is shown apart;
//    - each action type's own time (end − start), p50/p99;
//    - gateway RSS: VmRSS of the gateway process sampled every 200 ms during the phase (max), and VmHWM;
//    - the runs by final status, with the failures' errors.
// Targets (PASS/MISS): >= 50 runs/s (the BENCH_RUNS phase), queue delay p99 <= 2 s with BENCH_BURST (100) runs at once,
// overhead p99 <= 50 ms (both phases). Prints a final JSON line per worker setting; never fails on the figures.
// Knobs: BENCH_RUNS (1000), BENCH_BURST (100), BENCH_IN_FLIGHT (100), BENCH_WARMUP_RUNS (10), BENCH_RUN_TIMEOUT
// (600 s per phase), BENCH_CONCURRENCY ("" = the gateway's default PLAYBOOK_CONCURRENCY; a comma list such as
// "50,100" runs everything once per value, each on a fresh database), BENCH_PG_LOG=1 (log_min_duration_statement = 0
// on the console's database: every statement in the Postgres log), BENCH_PG_WAITS=1 (what its backends wait on),
// BENCH_KEEP_DB=1, BENCH_PORT, BENCH_NODE_ARGS,
// BENCH_LOG_LEVEL (see lib.mjs).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { fmt, percentile, scratchDatabase, startGateway } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 1000);
const BURST = Number(process.env.BENCH_BURST || 100);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT || 100);
const WARMUP_RUNS = Number(process.env.BENCH_WARMUP_RUNS ?? 10);
const RUN_TIMEOUT = Number(process.env.BENCH_RUN_TIMEOUT || 600) * 1000;
const PORT = Number(process.env.BENCH_PORT || 18140);
const TARGET_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const FINAL = ['completed', 'failed', 'cancelled'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const csrfOf = (cookie) => /console_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
const mark = (ok) => (ok === null ? '-   ' : ok ? 'PASS' : 'MISS');

/** The http action's peer: 200 at once, keep-alive. */
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

function playbookYaml(targetDb) {
  return `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: bench-three-actions
spec:
  title: Bench three actions
  category: Bench
  actions:
    - name: exec-true
      exec:
        script: "true"
    - name: http-get
      http:
        url: http://127.0.0.1:${TARGET_PORT}/ping
        method: GET
    - name: sql-select
      sql:
        connection: postgres://postgres@127.0.0.1:5432/${targetDb}
        query: select 1
`;
}

async function savePlaybook(gateway, targetDb) {
  const res = await fetch(`${BASE}/api/playbooks`, {
    method: 'POST',
    headers: { cookie: gateway.cookie, 'x-csrf-token': csrfOf(gateway.cookie), 'content-type': 'application/json' },
    body: JSON.stringify({ yaml: playbookYaml(targetDb) }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/playbooks answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text).id;
}

/** `count` POST /api/playbook/run with at most `inFlight` unanswered at a time; answers the run ids and the POSTs' latencies. */
async function submit(gateway, playbookId, count, inFlight) {
  const headers = { cookie: gateway.cookie, 'x-csrf-token': csrfOf(gateway.cookie), 'content-type': 'application/json' };
  const body = JSON.stringify({ id: playbookId, params: {} });
  const ids = [];
  const latencies = [];
  const refused = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      try {
        const res = await fetch(`${BASE}/api/playbook/run`, { method: 'POST', headers, body });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        if (!res.ok) refused.push(`${res.status}: ${text.slice(0, 200)}`);
        else ids.push(JSON.parse(text).run_id);
      } catch (error) {
        refused.push(error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  return { ids, latencies: latencies.sort((a, b) => a - b), refused };
}

/** Waits until every run in `ids` has a final status (false after RUN_TIMEOUT). */
async function waitForRuns(c, ids) {
  const deadline = Date.now() + RUN_TIMEOUT;
  for (;;) {
    const {
      rows: [{ done }],
    } = await c.query(`SELECT count(*)::int AS done FROM playbook_runs WHERE id = ANY($1::uuid[]) AND status = ANY($2::text[])`, [ids, FINAL]);
    if (done === ids.length) return true;
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
}

function sampleRss(gateway) {
  const samples = [];
  const timer = setInterval(() => {
    try {
      samples.push(gateway.rss().now);
    } catch {
      // the gateway has gone
    }
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

const TICK_MS = 10; // USER_HZ 100: /proc times are in 1/100 s

/** CPU time (ms) of a process so far (with `children`: of its children it has reaped), or null when it is gone. */
function processCpuMs(pid, children = false) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const at = children ? 13 : 11;
    return (Number(fields[at]) + Number(fields[at + 1])) * TICK_MS;
  } catch {
    return null;
  }
}

/** The machine's busy and total CPU time (ms, all cores) so far. */
function machineCpuMs() {
  const [, ...t] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = t[3] + (t[4] ?? 0);
  const total = t.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

/**
 * CPU used during a phase: the gateway, the scripts it ran (its reaped children: bash), the Postgres backends of the console's database (those alive at the end; a
 * backend that exited in between is missed), this process (load generator and peer), and the whole machine.
 */
async function cpuMeter(c, gatewayPid) {
  const backends = async () =>
    (await c.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).rows.map((r) => r.pid);
  const before = new Map((await backends()).map((pid) => [pid, processCpuMs(pid) ?? 0]));
  const gateway0 = processCpuMs(gatewayPid);
  const children0 = processCpuMs(gatewayPid, true);
  const self0 = process.cpuUsage();
  const machine0 = machineCpuMs();
  return {
    async stop() {
      let pgMs = 0;
      for (const pid of await backends()) pgMs += (processCpuMs(pid) ?? 0) - (before.get(pid) ?? 0);
      const self = process.cpuUsage(self0);
      const machine = machineCpuMs();
      return {
        gatewayMs: processCpuMs(gatewayPid) - gateway0,
        sandboxMs: processCpuMs(gatewayPid, true) - children0,
        postgresMs: pgMs,
        benchMs: (self.user + self.system) / 1000,
        machineBusyMs: machine.busy - machine0.busy,
        machineTotalMs: machine.total - machine0.total,
      };
    },
  };
}

/**
 * BENCH_PG_WAITS=1: what the console database's active backends wait on, sampled every 50 ms (a separate connection),
 * e.g. `Lock:object` (commits that sent a NOTIFY queue on one lock), `IO:WalSync`, `Client:ClientRead` (idle in a
 * transaction, waiting for the gateway).
 */
async function waitSampler(url) {
  if (!process.env.BENCH_PG_WAITS) return { stop: async () => null };
  const s = new pg.Client({ connectionString: url });
  await s.connect();
  const counts = {};
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await s.query(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w, count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state IN ('active', 'idle in transaction') AND pid <> pg_backend_pid() AND query NOT LIKE 'LISTEN%' GROUP BY 1`,
      );
      samples++;
      for (const r of rows) counts[r.w] = (counts[r.w] ?? 0) + r.n;
      await sleep(50);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await s.end();
      return Object.fromEntries(
        Object.entries(counts)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => [k, Number((v / samples).toFixed(2))]),
      );
    },
  };
}

/** The runs of a phase with their actions, times in epoch milliseconds (microseconds kept). */
async function readRuns(c, ids) {
  const { rows } = await c.query(
    `SELECT r.id, r.status, r.error,
            extract(epoch FROM r.created_at) * 1000 AS created, extract(epoch FROM r.start_time) * 1000 AS started,
            extract(epoch FROM r.end_time) * 1000 AS ended,
            coalesce(json_agg(json_build_object('index', a.action_index, 'name', a.name, 'status', a.status, 'error', a.error,
                                                'start', extract(epoch FROM a.start_time) * 1000, 'end', extract(epoch FROM a.end_time) * 1000)
                              ORDER BY a.action_index) FILTER (WHERE a.id IS NOT NULL), '[]') AS actions
       FROM playbook_runs r LEFT JOIN playbook_run_actions a ON a.playbook_run_id = r.id
      WHERE r.id = ANY($1::uuid[])
      GROUP BY r.id`,
    [ids],
  );
  return rows.map((r) => ({
    ...r,
    created: Number(r.created),
    started: r.started === null ? null : Number(r.started),
    ended: r.ended === null ? null : Number(r.ended),
  }));
}

const stats = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
};

/** One batch: submit, wait, read, measure. */
async function phase(c, url, gateway, playbookId, label, count, inFlight) {
  const sampler = sampleRss(gateway);
  const meter = await cpuMeter(c, gateway.child.pid);
  const waits = await waitSampler(url);
  const t0 = Date.now();
  const sent = await submit(gateway, playbookId, count, inFlight);
  const submitMs = Date.now() - t0;
  const finished = sent.ids.length ? await waitForRuns(c, sent.ids) : true;
  const samples = sampler.stop();
  const cpu = await meter.stop();
  const pgWaits = await waits.stop();
  const runs = await readRuns(c, sent.ids);

  const byStatus = {};
  for (const r of runs) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const failures = {};
  for (const r of runs.filter((x) => x.status !== 'completed')) {
    const actionErrors = r.actions
      .filter((a) => a.error)
      .map((a) => `${a.name}: ${a.error}`)
      .join(' | ');
    const key = `${r.status}: ${r.error ?? '(no run error)'}${actionErrors ? ` — ${actionErrors}` : ''}`.slice(0, 400);
    failures[key] = (failures[key] ?? 0) + 1;
  }

  const ends = runs.map((r) => r.ended).filter((e) => e !== null);
  const lastEnd = ends.length ? Math.max(...ends) : NaN;
  const queue = [];
  const overhead = [];
  const firstGap = [];
  const betweenGap = [];
  const tail = [];
  const own = {};
  for (const r of runs) {
    const acts = r.actions.filter((a) => a.start !== null).sort((a, b) => a.index - b.index);
    if (!acts.length) continue;
    queue.push(acts[0].start - r.created);
    if (r.started !== null) {
      firstGap.push(acts[0].start - r.started);
      overhead.push(acts[0].start - r.started);
    }
    for (let i = 1; i < acts.length; i++) {
      if (acts[i - 1].end === null) continue;
      const gap = acts[i].start - acts[i - 1].end;
      betweenGap.push(gap);
      overhead.push(gap);
    }
    const last = acts[acts.length - 1];
    if (last.end !== null && r.ended !== null) tail.push(r.ended - last.end);
    for (const a of acts) if (a.end !== null) (own[a.name] ??= []).push(a.end - a.start);
  }
  return {
    label,
    count,
    inFlight,
    submitted: sent.ids.length,
    refused: sent.refused,
    finished,
    submitMs,
    post: stats(sent.latencies),
    wallS: (lastEnd - t0) / 1000,
    runsPerS: runs.length / ((lastEnd - t0) / 1000),
    queue: stats(queue),
    overhead: stats(overhead),
    firstGap: stats(firstGap),
    betweenGap: stats(betweenGap),
    tail: stats(tail),
    own: Object.fromEntries(Object.entries(own).map(([k, v]) => [k, stats(v)])),
    rssMax: Math.max(...samples),
    rssPeak: (() => {
      try {
        return gateway.rss().peak;
      } catch {
        return NaN;
      }
    })(),
    byStatus,
    failures,
    cpu,
    pgWaits,
  };
}

function report(p, targets) {
  const ms = (s) => `p50 ${fmt(s.p50, 1)} ms  p99 ${fmt(s.p99, 1)} ms  max ${fmt(s.max, 1)} ms`;
  console.log(
    `\n== ${p.label}: ${p.count} runs, ${p.inFlight} POSTs in flight (all submitted in ${p.submitMs} ms; POST p50 ${fmt(p.post.p50, 0)} ms p99 ${fmt(p.post.p99, 0)} ms)`,
  );
  if (p.refused.length) console.log(`     ${p.refused.length} POSTs refused, e.g. ${p.refused[0]}`);
  if (!p.finished) console.log(`     NOT all runs ended within ${RUN_TIMEOUT / 1000} s`);
  const allDone = p.byStatus.completed === p.count && p.finished;
  console.log(
    `${mark(targets.rate ? p.runsPerS >= 50 : null)} runs/s             ${fmt(p.runsPerS, 1)} (${fmt(p.wallS, 2)} s from the first submit to the last run's end)   (target >= 50)`,
  );
  console.log(
    `${mark(targets.queue ? p.queue.p99 <= 2000 : null)} queue delay        ${ms(p.queue)}   (created → first action start; target p99 <= 2000 ms at ${BURST} at once)`,
  );
  console.log(`${mark(p.overhead.p99 <= 50)} action overhead    ${ms(p.overhead)}   (n ${p.overhead.n}; target p99 <= 50 ms)`);
  console.log(`       run start → 1st action ${ms(p.firstGap)};  between actions ${ms(p.betweenGap)};  last action → run end ${ms(p.tail)}`);
  console.log(
    `       actions' own time: ${Object.entries(p.own)
      .map(([k, s]) => `${k} p50 ${fmt(s.p50, 1)} ms p99 ${fmt(s.p99, 1)} ms`)
      .join(';  ')}`,
  );
  const wall = p.cpu.machineTotalMs / os.cpus().length;
  const pct = (v) => `${fmt((100 * v) / wall, 0)}%`;
  console.log(
    `       CPU (share of one core over the phase; ms per run): gateway ${pct(p.cpu.gatewayMs)} (${fmt(p.cpu.gatewayMs / p.count, 1)}), its scripts ${pct(p.cpu.sandboxMs)} (${fmt(p.cpu.sandboxMs / p.count, 1)}), console-db backends ${pct(p.cpu.postgresMs)} (${fmt(p.cpu.postgresMs / p.count, 1)}), bench+peer ${pct(p.cpu.benchMs)}; machine ${fmt((100 * p.cpu.machineBusyMs) / p.cpu.machineTotalMs, 0)}% busy of ${os.cpus().length} cores`,
  );
  if (p.pgWaits) console.log(`       console-db backends busy (average number, by wait event): ${JSON.stringify(p.pgWaits)}`);
  console.log(`-    gateway RSS        max sampled ${fmt(p.rssMax, 0)} MB   VmHWM ${fmt(p.rssPeak, 0)} MB`);
  console.log(`${mark(allDone)} final status       ${JSON.stringify(p.byStatus)}   (all ${p.count} must be completed)`);
  for (const [error, n] of Object.entries(p.failures)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10))
    console.log(`       ${n} × ${error}`);
}

const summary = (p) => ({
  runs: p.count,
  in_flight: p.inFlight,
  runs_per_s: Number(p.runsPerS.toFixed(1)),
  wall_s: Number(p.wallS.toFixed(2)),
  queue_p50_ms: Math.round(p.queue.p50),
  queue_p99_ms: Math.round(p.queue.p99),
  overhead_p50_ms: Number(p.overhead.p50.toFixed(1)),
  overhead_p99_ms: Number(p.overhead.p99.toFixed(1)),
  first_gap_p99_ms: Number(p.firstGap.p99.toFixed(1)),
  between_gap_p99_ms: Number(p.betweenGap.p99.toFixed(1)),
  tail_p99_ms: Number(p.tail.p99.toFixed(1)),
  rss_max_mb: Math.round(p.rssMax),
  gateway_cpu_ms_per_run: Number((p.cpu.gatewayMs / p.count).toFixed(1)),
  scripts_cpu_ms_per_run: Number((p.cpu.sandboxMs / p.count).toFixed(1)),
  postgres_cpu_ms_per_run: Number((p.cpu.postgresMs / p.count).toFixed(1)),
  machine_busy_pct: Math.round((100 * p.cpu.machineBusyMs) / p.cpu.machineTotalMs),
  statuses: p.byStatus,
});

async function benchOnce(concurrency) {
  const label = concurrency ?? 'default';
  const db = await scratchDatabase(`console_bench_playbooks_${process.pid}`);
  const targetDb = `bench_playbooks_target_${process.pid}`;
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  let gateway;
  try {
    await c.query(`DROP DATABASE IF EXISTS "${targetDb}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${targetDb}"`);
    // Profiling: every statement of the console's database with its duration in the server's log.
    if (process.env.BENCH_PG_LOG) await c.query(`ALTER DATABASE "${db.url.split('/').pop()}" SET log_min_duration_statement = 0`);
    if (concurrency) process.env.PLAYBOOK_CONCURRENCY = concurrency;
    else delete process.env.PLAYBOOK_CONCURRENCY;
    delete process.env.PLAYBOOK_WORKER;
    delete process.env.EXEC_ENABLED;
    process.env.OUTBOUND_ALLOW = '127.0.0.1';
    process.env.HEALTH_SCHEDULER = 'off';
    process.env.SCRAPER_SCHEDULER = 'off';
    gateway = await startGateway(db.url, PORT);
    const playbookId = await savePlaybook(gateway, targetDb);
    console.log(
      `\nPLAYBOOK_CONCURRENCY ${concurrency ?? '(default, 50)'}: playbook ${playbookId} saved (exec true → http GET 127.0.0.1:${TARGET_PORT} → sql select 1 on ${targetDb})`,
    );

    if (WARMUP_RUNS > 0) {
      const warm = await phase(c, db.url, gateway, playbookId, 'warm-up', WARMUP_RUNS, WARMUP_RUNS);
      console.log(
        `warm-up: ${WARMUP_RUNS} runs ${JSON.stringify(warm.byStatus)}${Object.keys(warm.failures).length ? `; ${Object.keys(warm.failures)[0]}` : ''}`,
      );
    }
    await sleep(1000);
    const burst = await phase(c, db.url, gateway, playbookId, `burst`, BURST, BURST);
    report(burst, { rate: false, queue: true });
    await sleep(1000);
    const load = await phase(c, db.url, gateway, playbookId, `load`, RUNS, IN_FLIGHT);
    report(load, { rate: true, queue: false });
    const out = {
      concurrency: label,
      cpus: os.cpus().length,
      load_after: os.loadavg().map((l) => Number(l.toFixed(2))),
      burst: summary(burst),
      load: summary(load),
    };
    console.log(JSON.stringify(out));
    return out;
  } finally {
    await gateway?.stop();
    await c.query(`DROP DATABASE IF EXISTS "${targetDb}" WITH (FORCE)`).catch(() => undefined);
    await c.end();
    if (!process.env.BENCH_KEEP_DB) await db.drop();
  }
}

const target = await startTarget();
console.log(
  `${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; phases: ${WARMUP_RUNS} warm-up runs, ${BURST} runs at once, ${RUNS} runs with ${IN_FLIGHT} POSTs in flight`,
);
const results = [];
try {
  for (const concurrency of CONCURRENCIES.length ? CONCURRENCIES : [null]) results.push(await benchOnce(concurrency));
} finally {
  target.server.close();
  target.server.closeAllConnections?.();
}
if (results.length > 1) {
  console.log('\nPLAYBOOK_CONCURRENCY   runs/s   burst queue p99   load overhead p99   RSS max');
  for (const r of results)
    console.log(
      `${String(r.concurrency).padEnd(20)}  ${fmt(r.load.runs_per_s, 1).padStart(7)}   ${String(r.burst.queue_p99_ms).padStart(12)} ms   ${fmt(r.load.overhead_p99_ms, 1).padStart(14)} ms   ${r.load.rss_max_mb} MB`,
    );
}
console.log(`loopback peer answered ${target.hits()} requests`);
