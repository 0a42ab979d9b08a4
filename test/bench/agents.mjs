#!/usr/bin/env node
// npm run bench:agents — the upstream's side of the agent push protocol (issue 16): BENCH_AGENTS (20) simulated agents
// each pushing BENCH_ROWS_PER_MIN (1,000) check results and as many config items a minute into one upstream console.
//
// 1. A scratch database and the built gateway on it (the upstream: no UPSTREAM_URL). BENCH_AGENTS agents are created
//    through POST /api/agent/generate (signed-in admin cookie + CSRF), each answering its one-time access token.
// 2. Every simulated agent lives in this process and pushes as the agent-mode pusher (AgentPusher) does: POST
//    /api/push, `Authorization: Basic token:<token>`, gzip JSON {agent, rows: {<table>: [...]}} with every column of
//    the table's allow-list (nulls included, as to_jsonb sends them), rows in PUSH_TABLES order, at most
//    UPSTREAM_BATCH_ROWS (500) rows and 768 KiB of JSON per push; a full batch is followed at once by the next one,
//    then the agent waits BENCH_INTERVAL_MS (UPSTREAM_PUSH_INTERVAL_MS, 4,000) after the end of its cycle; rows made
//    in the last 500 ms (the pusher's SETTLE_MS horizon) wait for the next push; nothing to send is a heartbeat (an
//    empty push); a failed push is re-sent (same rows) after a backoff. Agents start at random phases.
//    At the start (not measured) each agent pushes its 5 canaries × 10 `http` checks, one config scraper and an
//    inventory of BENCH_INITIAL_CONFIGS (500) config items under 10 namespace items.
// 3. The load: per agent and minute, BENCH_ROWS_PER_MIN check results (check_statuses of its 50 checks, round robin:
//    a result every 3 s per check) and BENCH_ROWS_PER_MIN config items, of which BENCH_NEW_SHARE (0.5) new (a child
//    of one of its namespaces) and the rest changes of known items (new config, digest, sometimes health), each with
//    a Kubernetes-like `config` of about BENCH_CONFIG_BYTES (2,000) bytes of JSON (settings with random
//    tokens, so that gzip does not shrink it more than real objects). A row's creation time is the
//    simulated agent's clock; a changed item is pushed once with its latest version (as the agent's table holds it).
// 4. After BENCH_WARMUP (10) s, for BENCH_SECONDS (60) s: push latency p50/p95/p99 (client side: request sent →
//    answer), rows ingested/s (the `applied` counts of the answers received in the window), ingest lag (a row's
//    creation at the agent → the answer of the push that committed it: that push's transaction is committed before
//    the upstream answers; and, as a cross-check, → the first poll of the upstream database every BENCH_POLL_MS (250)
//    that shows it, for check results), the part of the lag that is the upstream's (push sent → committed), the
//    backlog (rows made but not yet acknowledged) at the end of the window, the upstream's RSS (VmRSS every second:
//    average and peak) and CPU (utime+stime of the gateway, and of the database sessions of its pool).
// 5. The load stops; the agents push what is left (at most BENCH_DRAIN, 60 s); then the upstream database is checked
//    against what the agents sent: check results per agent (same count: nothing lost, nothing duplicated; the key
//    (check_id, time) makes duplicates impossible anyway), config items per agent (one row per id sent) with the last
//    pushed version of each (config_digest), and the sum of the answers' `applied` = rows sent.
// Targets (PASS/MISS): 40,000 rows/min sustained (ingested >= 97% of 40,000/min with a backlog at the end of the
// window of at most one push cycle of rows) on this machine's CPUs; ingest lag p99 <= 5 s (creation at the agent →
// committed upstream: it includes the wait for the agent's next push, whose floor is the interval + 500 ms). Prints
// a final JSON line; never fails on the figures.
// Knobs: BENCH_AGENTS (20), BENCH_ROWS_PER_MIN (1000 of each kind per agent), BENCH_SECONDS (60), BENCH_WARMUP (10),
// BENCH_INTERVAL_MS (4000), BENCH_BATCH_ROWS (500), BENCH_SETTLE_MS (500), BENCH_NEW_SHARE (0.5), BENCH_CONFIG_BYTES
// (2000), BENCH_INITIAL_CONFIGS (500), BENCH_POLL_MS (250), BENCH_DRAIN (60), BENCH_KEEP_DB=1, BENCH_PORT,
// BENCH_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'), BENCH_LOG_LEVEL (see lib.mjs).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { fmt, percentile, scratchDatabase, startGateway } from './lib.mjs';

const AGENTS = Number(process.env.BENCH_AGENTS || 20);
const ROWS_PER_MIN = Number(process.env.BENCH_ROWS_PER_MIN || 1000);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS || 4000);
const BATCH_ROWS = Number(process.env.BENCH_BATCH_ROWS || 500);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 500);
const NEW_SHARE = Number(process.env.BENCH_NEW_SHARE ?? 0.5);
const CONFIG_BYTES = Number(process.env.BENCH_CONFIG_BYTES || 2000);
const INITIAL_CONFIGS = Number(process.env.BENCH_INITIAL_CONFIGS ?? 500);
const POLL_MS = Number(process.env.BENCH_POLL_MS || 250);
const DRAIN = Number(process.env.BENCH_DRAIN || 60);
const PORT = Number(process.env.BENCH_PORT || 18170);
const BASE = `http://127.0.0.1:${PORT}`;
/** The pusher's PUSH_BYTE_BUDGET: uncompressed JSON per push. */
const BYTE_BUDGET = 768 * 1024;
const CANARIES_PER_AGENT = 5;
const CHECKS_PER_CANARY = 10;
const NAMESPACES = 10;
const TARGET_ROWS_PER_MIN = 40_000;
const TARGET_LAG_MS = 5000;
/** PUSH_TABLES order (contracts/src/agents.ts) of the tables this load uses. */
const TABLE_ORDER = ['canaries', 'checks', 'check_statuses', 'config_scrapers', 'config_items'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const csrfOf = (cookie) => /console_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
const mark = (ok) => (ok ? 'PASS' : 'MISS');
const iso = (ms) => new Date(ms).toISOString();

/** Window bounds (epoch ms), set once the warm-up is over. */
const windowOf = { from: Infinity, to: Infinity };
const inWindow = (t) => t >= windowOf.from && t < windowOf.to;

/** Every push answered or failed: what the figures are made of. */
const pushes = [];
/** Creation → acknowledged, per row created in the window (ms). */
const lagMs = [];

/** A padded Kubernetes-like object of about CONFIG_BYTES of JSON. */
function kubeConfig(name, namespace, uid, version, replicas) {
  const env = [];
  const obj = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace,
      uid,
      resourceVersion: String(version),
      generation: version,
      labels: { app: name, 'app.kubernetes.io/part-of': namespace, team: `team-${uid.charCodeAt(0) % 8}` },
      annotations: { 'deployment.kubernetes.io/revision': String(version) },
    },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [
            { name, image: `registry.example.com/${namespace}/${name}:1.${version}.0`, env, resources: { limits: { cpu: '500m', memory: '256Mi' } } },
          ],
        },
      },
    },
    status: { replicas, readyReplicas: replicas, updatedReplicas: replicas, observedGeneration: version },
  };
  let size = JSON.stringify(obj).length;
  for (let i = 0; size < CONFIG_BYTES; i++) {
    const e = { name: `SETTING_${i}`, value: `${name}-${version}-${i}-${randomBytes(12).toString('base64url')}` };
    env.push(e);
    size += JSON.stringify(e).length + 1;
  }
  return obj;
}

class SimAgent {
  constructor(index, cred) {
    this.index = index;
    this.name = cred.name;
    this.id = cred.id;
    this.auth = `Basic ${Buffer.from(`token:${cred.access_token}`).toString('base64')}`;
    this.scraperId = randomUUID();
    this.canaries = Array.from({ length: CANARIES_PER_AGENT }, () => randomUUID());
    this.checks = this.canaries.flatMap((canary) => Array.from({ length: CHECKS_PER_CANARY }, () => ({ id: randomUUID(), canary })));
    this.namespaces = Array.from({ length: NAMESPACES }, () => randomUUID());
    /** Every config item id sent → its last version's digest (what the upstream must hold at the end). */
    this.versions = new Map();
    /** Ids of items that may change (the inventory and the new ones). */
    this.items = [];
    this.version = new Map();
    this.changeCursor = 0;
    /** Rows waiting for a push, per table: {row, created} (config items: a Map id → latest). */
    this.pending = { canaries: [], checks: [], check_statuses: [], config_scrapers: [], config_items: new Map() };
    this.made = { check_statuses: 0, config_items: 0 };
    this.sent = { check_statuses: 0, config_items: 0, other: 0 };
    this.applied = 0;
    this.statusTimesInWindow = [];
    // Nothing is made before the load starts (the first pushes carry the seeded rows only).
    this.genStart = Infinity;
    this.genStop = Infinity;
    this.stopped = false;
  }

  /** The start: canaries, checks, a scraper, namespaces and the inventory, as the agent's first pushes carry them. */
  seed() {
    const now = Date.now();
    const t = iso(now);
    this.canaries.forEach((id, i) =>
      this.pending.canaries.push({
        created: now,
        row: {
          id,
          name: `web-${i}`,
          namespace: 'monitoring',
          labels: { agent: this.name },
          spec: { http: [{ name: 'home', url: 'https://example.com' }] },
          schedule: '@every 30s',
          icon: null,
          source: 'CRD',
          created_at: t,
          updated_at: t,
          deleted_at: null,
        },
      }),
    );
    this.checks.forEach(({ id, canary }, i) =>
      this.pending.checks.push({
        created: now,
        row: {
          id,
          canary_id: canary,
          type: 'http',
          name: `endpoint-${i}`,
          description: `GET https://svc-${i}.${this.name}.internal/health`,
          icon: null,
          labels: { team: `team-${i % 8}` },
          endpoint: `https://svc-${i}.${this.name}.internal/health`,
          namespace: 'monitoring',
          severity: 'medium',
          owner: null,
          spec: { url: `https://svc-${i}.${this.name}.internal/health`, responseCodes: [200] },
          status: 'healthy',
          last_runtime: t,
          last_transition_time: t,
          last_message: 'HTTP 200',
          last_error: null,
          last_invalid: false,
          created_at: t,
          updated_at: t,
          deleted_at: null,
        },
      }),
    );
    this.pending.config_scrapers.push({
      created: now,
      row: {
        id: this.scraperId,
        name: 'kubernetes',
        namespace: 'default',
        labels: {},
        spec: { kubernetes: [{ clusterName: this.name }] },
        schedule: '@every 30m',
        icon: null,
        source: 'Agent',
        description: null,
        created_at: t,
        updated_at: t,
        deleted_at: null,
      },
    });
    this.namespaces.forEach((id, i) => this.addItem(now, id, null, `ns-${i}`, 'Namespace', 1));
    for (let i = 0; i < INITIAL_CONFIGS; i++) this.addItem(now, randomUUID(), this.namespaces[i % NAMESPACES], `app-${i}`, 'Deployment', 1);
  }

  configRow(created, id, parent, name, kind, version) {
    const t = iso(created);
    const namespace = parent ? `ns-${this.namespaces.indexOf(parent)}` : name;
    const health = version % 7 === 0 ? 'warning' : 'healthy';
    return {
      id,
      scraper_id: this.scraperId,
      external_id: id,
      config_class: kind,
      type: `Kubernetes::${kind}`,
      name,
      status: 'Running',
      health,
      ready: health === 'healthy',
      description: null,
      source: null,
      labels: { app: name, cluster: this.name },
      tags: { cluster: this.name, namespace },
      config: kind === 'Namespace' ? { apiVersion: 'v1', kind, metadata: { name, uid: id } } : kubeConfig(name, namespace, id, version, 1 + (version % 3)),
      properties: null,
      cost_per_minute: null,
      cost_total_1d: null,
      cost_total_7d: null,
      cost_total_30d: null,
      parent_id: parent,
      path: parent ? `${parent}.${id}` : id,
      last_scraped_time: t,
      format: null,
      config_digest: `v${version}-${id.slice(0, 8)}`,
      delete_reason: null,
      created_at: t,
      updated_at: t,
      deleted_at: null,
    };
  }

  addItem(created, id, parent, name, kind, version) {
    const row = this.configRow(created, id, parent, name, kind, version);
    this.version.set(id, { parent, name, kind, version });
    if (kind !== 'Namespace') this.items.push(id);
    this.pending.config_items.delete(id);
    this.pending.config_items.set(id, { row, created });
  }

  /** The rows the agent's engines made up to `until` (epoch ms), at ROWS_PER_MIN of each kind. */
  generate(until) {
    const end = Math.min(until, this.genStop);
    const perMs = ROWS_PER_MIN / 60_000;
    const due = Math.max(0, Math.floor((end - this.genStart) * perMs));
    for (let k = this.made.check_statuses; k < due; k++) {
      const created = this.genStart + Math.floor((k + 1) / perMs);
      const check = this.checks[k % this.checks.length];
      const failing = k % 97 === 0;
      const t = iso(created);
      this.pending.check_statuses.push({
        created,
        row: {
          check_id: check.id,
          time: t,
          duration: 40 + (k % 200),
          status: !failing,
          invalid: false,
          message: failing ? null : 'HTTP 200 OK',
          error: failing ? 'expected status 200, got 503' : null,
          details: { code: failing ? 503 : 200, headers: { 'content-type': 'application/json' }, sslExpiry: 86 },
          created_at: t,
        },
      });
      if (inWindow(created)) this.statusTimesInWindow.push(created);
    }
    this.made.check_statuses = Math.max(this.made.check_statuses, due);
    for (let k = this.made.config_items; k < due; k++) {
      const created = this.genStart + Math.floor((k + 1) / perMs);
      const isNew = Math.floor((k + 1) * NEW_SHARE) > Math.floor(k * NEW_SHARE) || this.items.length === 0;
      if (isNew) {
        this.addItem(created, randomUUID(), this.namespaces[k % NAMESPACES], `svc-${k}`, 'Deployment', 1);
      } else {
        const id = this.items[this.changeCursor++ % this.items.length];
        const v = this.version.get(id);
        this.addItem(created, id, v.parent, v.name, v.kind, v.version + 1);
      }
    }
    this.made.config_items = Math.max(this.made.config_items, due);
  }

  backlog() {
    let n = 0;
    for (const [table, list] of Object.entries(this.pending)) n += table === 'config_items' ? list.size : list.length;
    return n;
  }

  /** The next batch, as the pusher reads it: tables in order, up to BATCH_ROWS rows and BYTE_BUDGET bytes. */
  take() {
    const batch = {};
    const taken = {};
    let total = 0;
    let bytes = 0;
    let more = false;
    outer: for (const table of TABLE_ORDER) {
      const source = table === 'config_items' ? this.pending.config_items.values() : this.pending[table];
      for (const entry of source) {
        const size = JSON.stringify(entry.row).length + 1;
        if (total >= BATCH_ROWS || (bytes + size > BYTE_BUDGET && total > 0)) {
          more = true;
          break outer;
        }
        bytes += size;
        total++;
        (batch[table] ??= []).push(entry.row);
        (taken[table] ??= []).push(entry);
      }
    }
    return { batch, taken, total, bytes, more };
  }

  /** Acknowledged rows leave the queue (a config item changed again since it was read stays, with its new version). */
  acknowledge(taken) {
    for (const [table, entries] of Object.entries(taken)) {
      if (table === 'config_items') {
        for (const e of entries) {
          if (this.pending.config_items.get(e.row.id) === e) this.pending.config_items.delete(e.row.id);
          this.versions.set(e.row.id, e.row.config_digest);
        }
      } else this.pending[table].splice(0, entries.length);
      if (table in this.sent) this.sent[table] += entries.length;
      else this.sent.other += entries.length;
    }
  }

  async post(batch) {
    const body = gzipSync(JSON.stringify({ agent: this.name, rows: batch }));
    const sentAt = Date.now();
    const t0 = performance.now();
    try {
      const res = await fetch(`${BASE}/api/push`, {
        method: 'POST',
        headers: { authorization: this.auth, 'content-type': 'application/json', 'content-encoding': 'gzip', accept: 'application/json' },
        body,
      });
      const text = await res.text();
      return { status: res.status, text, sentAt, ackAt: Date.now(), ms: performance.now() - t0, gz: body.length };
    } catch (error) {
      return {
        status: 0,
        text: String(error?.cause?.message ?? error?.message ?? error),
        sentAt,
        ackAt: Date.now(),
        ms: performance.now() - t0,
        gz: body.length,
      };
    }
  }

  /** One cycle: push until caught up (or a failure). Answers false on a failure. */
  async cycle() {
    for (;;) {
      this.generate(Date.now() - SETTLE_MS);
      const { batch, taken, total, bytes, more } = this.take();
      const answer = await this.post(batch);
      const ok = answer.status === 200;
      let applied = 0;
      if (ok) {
        try {
          applied = Object.values(JSON.parse(answer.text).applied ?? {}).reduce((a, b) => a + b, 0);
        } catch {
          // counted as 0 applied: shows up as a mismatch
        }
        this.applied += applied;
        for (const entries of Object.values(taken)) for (const e of entries) if (inWindow(e.created)) lagMs.push(answer.ackAt - e.created);
        this.acknowledge(taken);
      }
      pushes.push({
        agent: this.index,
        rows: total,
        bytes,
        gz: answer.gz,
        status: answer.status,
        ms: answer.ms,
        sentAt: answer.sentAt,
        ackAt: answer.ackAt,
        applied,
        error: ok ? null : answer.text.slice(0, 200),
      });
      if (!ok) return false;
      // A full batch (rows or bytes) is followed at once by the next one, as the pusher's `more` does.
      if (!more) return true;
    }
  }

  /** Pushes every INTERVAL_MS after the end of a cycle; backoff (doubling, at most 60 s) on failures. */
  async run(phaseMs) {
    await sleep(phaseMs);
    let failures = 0;
    while (!this.stopped) {
      const ok = await this.cycle();
      failures = ok ? 0 : failures + 1;
      if (this.stopped) break;
      await sleep(ok ? INTERVAL_MS : Math.min(60_000, INTERVAL_MS * 2 ** Math.min(failures - 1, 10)));
    }
  }
}

/** CPU seconds (utime + stime) of a process, or NaN. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Busy and total jiffies of the whole machine. */
function machineCpu() {
  const [, ...v] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = v[3] + (v[4] || 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

async function createAgents(gateway) {
  const headers = { cookie: gateway.cookie, 'x-csrf-token': csrfOf(gateway.cookie), 'content-type': 'application/json' };
  const out = [];
  for (let i = 0; i < AGENTS; i++) {
    const res = await fetch(`${BASE}/api/agent/generate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `bench-agent-${String(i).padStart(2, '0')}`, properties: { region: `r${i % 4}` } }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.status !== 200 && res.status !== 201) throw new Error(`POST /api/agent/generate answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    if (!body.access_token || body.username !== 'token') throw new Error(`POST /api/agent/generate: no access token in ${JSON.stringify(body).slice(0, 300)}`);
    out.push(body);
  }
  return out;
}

/** The newest check result time visible upstream per agent: polled every POLL_MS (the visibility cross-check). */
function startPoller(c, agents) {
  const polls = [];
  const ids = agents.map((a) => a.id);
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = Date.now();
      try {
        const { rows } = await c.query(
          `SELECT k.agent_id, (extract(epoch FROM max(m.time)) * 1000)::float8 AS newest
             FROM checks k
             CROSS JOIN LATERAL (SELECT s.time FROM check_statuses s WHERE s.check_id = k.id ORDER BY s.time DESC LIMIT 1) m
            WHERE k.agent_id = ANY($1::uuid[])
            GROUP BY k.agent_id`,
          [ids],
        );
        polls.push({ at, newest: new Map(rows.map((r) => [r.agent_id, r.newest])) });
      } catch {
        // the database went away at the end
      }
      const wait = at + POLL_MS - Date.now();
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    polls,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** Per agent, each check result of the window → the first poll showing it (ms after its creation). */
function polledLags(agents, polls) {
  const out = [];
  for (const a of agents) {
    let p = 0;
    for (const created of a.statusTimesInWindow) {
      while (p < polls.length && !((polls[p].newest.get(a.id) ?? -Infinity) >= created && polls[p].at >= created)) p++;
      if (p >= polls.length) break;
      out.push(polls[p].at - created);
    }
  }
  return out.sort((x, y) => x - y);
}

const db = await scratchDatabase(`console_bench_agents_${process.pid}`);
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
const pollClient = new pg.Client({ connectionString: db.url });
await pollClient.connect();
let gateway;
const out = {
  agents: AGENTS,
  rows_per_min_offered: AGENTS * ROWS_PER_MIN * 2,
  interval_ms: INTERVAL_MS,
  batch_rows: BATCH_ROWS,
  seconds: SECONDS,
  warmup_s: WARMUP,
  cpus: os.cpus().length,
  load_before: os.loadavg().map((l) => Number(l.toFixed(2))),
};
try {
  gateway = await startGateway(db.url, PORT);
  const t0 = Date.now();
  const creds = await createAgents(gateway);
  const agents = creds.map((c, i) => new SimAgent(i, c));
  console.log(`created ${agents.length} agents through POST /api/agent/generate in ${Date.now() - t0} ms`);

  // The first pushes: canaries, checks, scraper and inventory (not measured).
  const t1 = Date.now();
  for (const a of agents) a.seed();
  const seedRows = agents.reduce((n, a) => n + a.backlog(), 0);
  await Promise.all(
    agents.map(async (a) => {
      for (let tries = 0; a.backlog() > 0; tries++) {
        if (!(await a.cycle())) {
          if (tries > 5) throw new Error(`agent ${a.name}: the first pushes failed: ${pushes.at(-1).status} ${pushes.at(-1).error}`);
          await sleep(1000);
        }
      }
    }),
  );
  console.log(`first pushes: ${seedRows} rows (canaries, checks, scrapers, config inventory) in ${pushes.length} pushes, ${Date.now() - t1} ms`);
  await admin.query('ANALYZE');
  const seedApplied = pushes.filter((p) => p.status === 200).reduce((n, p) => n + p.applied, 0);
  pushes.length = 0;

  const rss = [];
  const cpuStart = {};
  const rssTimer = setInterval(() => {
    try {
      rss.push({ t: Date.now(), mb: gateway.rss().now });
    } catch {
      // the gateway has gone
    }
  }, 1000);
  const poller = startPoller(pollClient, agents);

  const start = Date.now();
  for (const a of agents) a.genStart = start;
  windowOf.from = start + WARMUP * 1000;
  windowOf.to = windowOf.from + SECONDS * 1000;
  console.log(
    `load: ${AGENTS} agents × (${ROWS_PER_MIN} check results + ${ROWS_PER_MIN} config items, ${Math.round(NEW_SHARE * 100)}% new) a minute = ${out.rows_per_min_offered} rows/min, pushing every ${INTERVAL_MS} ms (≤ ${BATCH_ROWS} rows a push); ${WARMUP} s warm-up + ${SECONDS} s`,
  );
  const runs = agents.map((a) => a.run(Math.random() * INTERVAL_MS));

  const backlogSamples = [];
  const sampler = setInterval(() => {
    const t = Math.round((Date.now() - start) / 1000);
    const backlog = agents.reduce((n, a) => n + a.backlog(), 0);
    const recent = pushes.filter((p) => p.ackAt >= Date.now() - 5000);
    const ms = recent.map((p) => p.ms).sort((x, y) => x - y);
    const rows = recent.reduce((n, p) => n + p.applied, 0);
    backlogSamples.push({ t, backlog });
    let mb = NaN;
    try {
      mb = gateway.rss().now;
    } catch {
      // gone
    }
    console.log(
      `  t=${String(t).padStart(3)} s  last 5 s: ${String(recent.length).padStart(3)} pushes, ${String(rows).padStart(5)} rows applied, p50 ${fmt(percentile(ms, 50), 0)} ms p99 ${fmt(percentile(ms, 99), 0)} ms; unsent at the agents ${backlog}; RSS ${fmt(mb, 0)} MB`,
    );
  }, 5000);

  await sleep(windowOf.from - Date.now());
  cpuStart.gateway = cpuSeconds(gateway.child.pid);
  cpuStart.machine = machineCpu();
  const dbPids = (await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).rows.map((r) => r.pid);
  cpuStart.db = dbPids.map((pid) => cpuSeconds(pid));
  const cpuStartBench = process.cpuUsage();
  await sleep(windowOf.to - Date.now());
  const cpuEnd = {
    gateway: cpuSeconds(gateway.child.pid),
    machine: machineCpu(),
    db: dbPids.map((pid) => cpuSeconds(pid)),
    bench: process.cpuUsage(cpuStartBench),
  };
  const backlogAtEnd = agents.reduce((n, a) => n + a.backlog(), 0);
  const madeByEnd = agents.reduce((n, a) => n + a.made.check_statuses + a.made.config_items, 0);
  const rssWindow = rss.filter((r) => inWindow(r.t)).map((r) => r.mb);

  // Stop producing; push what is left.
  const stopAt = Date.now();
  for (const a of agents) a.genStop = stopAt;
  const drainStart = Date.now();
  let drained = null;
  while (Date.now() - drainStart < DRAIN * 1000) {
    for (const a of agents) a.generate(Date.now());
    if (agents.every((a) => a.backlog() === 0)) {
      drained = Date.now() - drainStart;
      break;
    }
    await sleep(200);
  }
  for (const a of agents) a.stopped = true;
  await Promise.all(runs);
  clearInterval(sampler);
  clearInterval(rssTimer);
  await poller.stop();

  // --- figures
  const windowS = SECONDS;
  const win = pushes.filter((p) => inWindow(p.sentAt));
  const lat = win.map((p) => p.ms).sort((a, b) => a - b);
  const failed = pushes.filter((p) => p.status !== 200);
  const ackedInWindow = pushes.filter((p) => p.status === 200 && inWindow(p.ackAt));
  const appliedInWindow = ackedInWindow.reduce((n, p) => n + p.applied, 0);
  const rowsSentInWindow = ackedInWindow.reduce((n, p) => n + p.rows, 0);
  const ingestedPerMin = (appliedInWindow / windowS) * 60;
  const offeredPerMin = out.rows_per_min_offered;
  lagMs.sort((a, b) => a - b);
  const polled = polledLags(agents, poller.polls);
  const rowsPerPush = win.map((p) => p.rows).sort((a, b) => a - b);
  const rssAvg = rssWindow.reduce((a, b) => a + b, 0) / Math.max(1, rssWindow.length);
  const rssPeak = Math.max(...rssWindow, gateway.rss().peak);
  const gatewayCores = (cpuEnd.gateway - cpuStart.gateway) / windowS;
  const dbCores = cpuEnd.db.reduce((s, v, i) => s + (v - cpuStart.db[i] || 0), 0) / windowS;
  const benchCores = (cpuEnd.bench.user + cpuEnd.bench.system) / 1e6 / windowS;
  const machineBusy = (cpuEnd.machine.busy - cpuStart.machine.busy) / Math.max(1, cpuEnd.machine.total - cpuStart.machine.total);
  // One push cycle of rows per agent (interval + settle), plus what is in flight.
  const cycleRows = ((AGENTS * ROWS_PER_MIN * 2) / 60_000) * (INTERVAL_MS + SETTLE_MS + 1000);
  const sustained = ingestedPerMin >= 0.97 * TARGET_ROWS_PER_MIN && backlogAtEnd <= cycleRows && offeredPerMin >= TARGET_ROWS_PER_MIN;
  const lagP99 = percentile(lagMs, 99);

  // --- the upstream database against what the agents sent
  const ids = agents.map((a) => a.id);
  const statusCounts = new Map(
    (
      await admin.query(
        `SELECT k.agent_id, count(*)::int AS n FROM check_statuses s JOIN checks k ON k.id = s.check_id WHERE k.agent_id = ANY($1::uuid[]) GROUP BY 1`,
        [ids],
      )
    ).rows.map((r) => [r.agent_id, r.n]),
  );
  const itemCounts = new Map(
    (await admin.query(`SELECT agent_id, count(*)::int AS n FROM config_items WHERE agent_id = ANY($1::uuid[]) GROUP BY 1`, [ids])).rows.map((r) => [
      r.agent_id,
      r.n,
    ]),
  );
  let lostStatuses = 0;
  let extraStatuses = 0;
  let lostItems = 0;
  let extraItems = 0;
  let staleItems = 0;
  for (const a of agents) {
    const s = statusCounts.get(a.id) ?? 0;
    if (s < a.sent.check_statuses) lostStatuses += a.sent.check_statuses - s;
    else extraStatuses += s - a.sent.check_statuses;
    const n = itemCounts.get(a.id) ?? 0;
    if (n < a.versions.size) lostItems += a.versions.size - n;
    else extraItems += n - a.versions.size;
    const expected = JSON.stringify([...a.versions].map(([id, d]) => ({ id, d })));
    const {
      rows: [m],
    } = await admin.query(
      `SELECT count(*)::int AS n FROM jsonb_to_recordset($1::jsonb) e(id uuid, d text) JOIN config_items c ON c.id = e.id AND c.agent_id = $2 AND c.config_digest = e.d`,
      [expected, a.id],
    );
    staleItems += a.versions.size - m.n;
  }
  // Sent and applied from the first push on (the seeded canaries, checks, scrapers and inventory included).
  const sentRows = agents.reduce((n, a) => n + a.sent.check_statuses + a.sent.config_items + a.sent.other, 0);
  const appliedRows = seedApplied + pushes.filter((p) => p.status === 200).reduce((n, p) => n + p.applied, 0);
  const madeRows = agents.reduce((n, a) => n + a.made.check_statuses + a.made.config_items, 0);
  const {
    rows: [extra],
  } = await admin.query(
    `SELECT (SELECT count(*) FROM event_queue)::int AS event_queue, (SELECT count(*) FROM agent_push_pending_parents)::int AS pending_parents,
            (SELECT count(*) FROM agents WHERE id = ANY($1::uuid[]) AND last_received > now() - interval '2 minutes')::int AS agents_received,
            pg_size_pretty(pg_database_size(current_database())) AS db_size`,
    [ids],
  );
  const countsOk = !lostStatuses && !extraStatuses && !lostItems && !extraItems && !staleItems && sentRows === appliedRows;

  Object.assign(out, {
    pushes_in_window: win.length,
    pushes_failed: failed.length,
    rows_per_push_p50: percentile(rowsPerPush, 50),
    rows_per_push_max: rowsPerPush.at(-1) ?? 0,
    push_json_kb_avg: Number((win.reduce((n, p) => n + p.bytes, 0) / Math.max(1, win.length) / 1024).toFixed(1)),
    push_gzip_kb_avg: Number((win.reduce((n, p) => n + p.gz, 0) / Math.max(1, win.length) / 1024).toFixed(1)),
    push_p50_ms: Math.round(percentile(lat, 50)),
    push_p95_ms: Math.round(percentile(lat, 95)),
    push_p99_ms: Math.round(percentile(lat, 99)),
    push_max_ms: Math.round(lat.at(-1) ?? NaN),
    rows_ingested_per_s: Number((appliedInWindow / windowS).toFixed(1)),
    rows_ingested_per_min: Math.round(ingestedPerMin),
    rows_sent_in_window: rowsSentInWindow,
    backlog_at_window_end: backlogAtEnd,
    rows_made_by_window_end: madeByEnd,
    lag_samples: lagMs.length,
    lag_p50_ms: Math.round(percentile(lagMs, 50)),
    lag_p95_ms: Math.round(percentile(lagMs, 95)),
    lag_p99_ms: Math.round(lagP99),
    lag_max_ms: Math.round(lagMs.at(-1) ?? NaN),
    polled_lag_samples: polled.length,
    polled_lag_p50_ms: Math.round(percentile(polled, 50)),
    polled_lag_p99_ms: Math.round(percentile(polled, 99)),
    upstream_lag_p99_ms: Math.round(percentile(lat, 99)),
    rss_avg_mb: Math.round(rssAvg),
    rss_peak_mb: Math.round(rssPeak),
    gateway_cpu_cores: Number(gatewayCores.toFixed(2)),
    db_cpu_cores: Number(dbCores.toFixed(2)),
    bench_cpu_cores: Number(benchCores.toFixed(2)),
    machine_busy: Number(machineBusy.toFixed(2)),
    drain_ms: drained,
    rows_made: madeRows,
    rows_sent: sentRows,
    rows_applied: appliedRows,
    lost_check_results: lostStatuses,
    extra_check_results: extraStatuses,
    lost_config_items: lostItems,
    extra_config_items: extraItems,
    stale_config_items: staleItems,
    event_queue_at_end: extra.event_queue,
    pending_parents: extra.pending_parents,
    db_size: extra.db_size,
    sustained,
    lag_ok: lagP99 <= TARGET_LAG_MS,
    counts_ok: countsOk,
    load_after: os.loadavg().map((l) => Number(l.toFixed(2))),
  });

  console.log(
    `\n${AGENTS} agents, ${offeredPerMin} rows/min offered, push every ${INTERVAL_MS} ms; window ${SECONDS} s after ${WARMUP} s warm-up; ${out.cpus} CPUs, load average ${out.load_before.join(' ')} before, ${out.load_after.join(' ')} after; machine ${Math.round(machineBusy * 100)}% busy in the window`,
  );
  console.log(
    `     pushes          ${win.length} sent in the window (${fmt(win.length / windowS)} /s), rows a push p50 ${out.rows_per_push_p50} max ${out.rows_per_push_max}, body avg ${fmt(out.push_json_kb_avg, 0)} KB JSON / ${fmt(out.push_gzip_kb_avg, 0)} KB gzip, ${failed.length} failed in all${failed.length ? ` (e.g. ${failed[0].status} ${failed[0].error})` : ''}`,
  );
  console.log(
    `     push latency    p50 ${out.push_p50_ms} ms  p95 ${out.push_p95_ms} ms  p99 ${out.push_p99_ms} ms  max ${out.push_max_ms} ms (client side: sent → answered)`,
  );
  console.log(
    `${mark(sustained)} throughput      ${fmt(appliedInWindow / windowS)} rows/s = ${Math.round(ingestedPerMin)} rows/min ingested (answers' applied counts), ${backlogAtEnd} rows unsent at the window's end (one cycle ≈ ${Math.round(cycleRows)})   (target ${TARGET_ROWS_PER_MIN} rows/min sustained)`,
  );
  console.log(
    `${mark(lagP99 <= TARGET_LAG_MS)} ingest lag      created at the agent → committed upstream: p50 ${out.lag_p50_ms} ms  p95 ${out.lag_p95_ms} ms  p99 ${out.lag_p99_ms} ms  max ${out.lag_max_ms} ms over ${lagMs.length} rows   (target p99 <= ${TARGET_LAG_MS}; floor: interval + ${SETTLE_MS} ms settle)`,
  );
  console.log(
    `     lag cross-check polled upstream every ${POLL_MS} ms (check results): p50 ${out.polled_lag_p50_ms} ms  p99 ${out.polled_lag_p99_ms} ms over ${polled.length} rows; the upstream's part (push sent → committed) p99 ${out.upstream_lag_p99_ms} ms`,
  );
  console.log(
    `${mark(countsOk)} integrity       ${madeRows} rows made by the load (+ ${seedRows} seeded); ${sentRows} sent in all, ${appliedRows} applied; upstream: ${lostStatuses} check results lost, ${extraStatuses} extra; ${lostItems} config items lost, ${extraItems} extra, ${staleItems} not at their last version; drained ${drained === null ? `NOT within ${DRAIN} s` : `in ${drained} ms`}`,
  );
  console.log(
    `     upstream        RSS avg ${fmt(rssAvg, 0)} MB peak ${fmt(rssPeak, 0)} MB; CPU gateway ${fmt(gatewayCores, 2)} cores, its database sessions ${fmt(dbCores, 2)} cores, this process (${AGENTS} agents) ${fmt(benchCores, 2)} cores; event_queue ${extra.event_queue} at the end; pending parents ${extra.pending_parents}; database ${extra.db_size}`,
  );
  console.log(JSON.stringify(out));
} finally {
  await gateway?.stop();
  await admin.end();
  await pollClient.end();
  if (!process.env.BENCH_KEEP_DB) await db.drop();
}
