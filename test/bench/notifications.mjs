#!/usr/bin/env node
// npm run bench:notifications — the notification engine (issue 15): 10,000 events a minute against 200 rules that
// all deliver to a webhook peer on loopback.
//
// 1. A scratch database, the built gateway on it (health scheduler off so that nothing but this benchmark changes the
//    checks; OUTBOUND_ALLOW=127.0.0.1 so that the webhook channel may reach the peer), and in this process an HTTP
//    server that answers 200 to every POST and records its receive time.
// 2. Resources, written with SQL (their triggers are off while seeding): BENCH_CHECKS checks in canaries of 100,
//    BENCH_CONFIGS config items and BENCH_COMPONENTS components, each labelled with one of BENCH_TEAMS teams.
// 3. BENCH_RULES rules through POST /api/notifications/rules (validated like any user's), spread over the event
//    names: each team owns five (failing and recovering checks, unhealthy/warning/recovered configs and components;
//    every 20th is about incidents or playbook runs, which this load never fires). All but the org-wide ones have a
//    CEL filter on their team (some also on the environment or the cluster), so an event names dozens of rules whose
//    filters run, and passes about two. Each rule has a title and a Markdown template, and one recipient, the webhook
//    channel `generic+http://127.0.0.1:PORT/hook?rule=N`. The template ends with
//    `bench-event <event id> <event created_at>`, which is how a delivery is tied to its event.
// 4. BENCH_EVENTS_PER_MIN (10,000) events a minute for BENCH_WARMUP + BENCH_SECONDS s, made the way production makes
//    them: every 100 ms one UPDATE per kind flips the next checks' status (check.failed / check.passed) and the next
//    configs' and components' health (config.<health>, component.<health>), and the database triggers of migration
//    1732300000006 queue one event per changed row. The generator keeps the rate over time (a late tick makes up).
// 5. Every 5 s: rows in event_queue, send history rows still to deliver (pending, evaluating-waitfor), deliveries
//    received, gateway RSS (VmRSS of /proc/<pid>/status; also sampled every second for avg/peak).
// 6. After the load, up to BENCH_DRAIN s for the backlog to empty. Latency of a delivery = its receive time − its
//    event's created_at (the transaction that changed the resource), over the events created in the measured window
//    (after the warm-up); rules have no wait-for. Throughput: deliveries/s received and events/s handled (events
//    queued in the window − what was left in event_queue at its end) over the window.
// Targets (PASS/MISS): latency p99 <= 2 s; no growing backlog: at the end of the window, event_queue holds at most 2 s
// of events and the history at most 2 s of deliveries, and the second half of the samples does not grow. Prints a
// final JSON line; never fails on the figures.
// Knobs: BENCH_SECONDS (60), BENCH_WARMUP (5), BENCH_EVENTS_PER_MIN (10000), BENCH_RULES (200), BENCH_TEAMS (40),
// BENCH_CHECKS (2000), BENCH_CONFIGS (1000), BENCH_COMPONENTS (500), BENCH_DRAIN (60), BENCH_PEER_DELAY_MS (0: the
// peer answers at once), BENCH_KEEP_DB=1, BENCH_PORT, BENCH_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'),
// BENCH_LOG_LEVEL (see lib.mjs); the gateway's own settings pass through (NOTIFY_CONCURRENCY, EXPRESSION_WORKERS...).
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { fmt, percentile, scratchDatabase, startGateway } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PER_MIN = Number(process.env.BENCH_EVENTS_PER_MIN || 10_000);
const RULES = Number(process.env.BENCH_RULES || 200);
const TEAMS = Number(process.env.BENCH_TEAMS || 40);
const CHECKS = Number(process.env.BENCH_CHECKS || 2000);
const CONFIGS = Number(process.env.BENCH_CONFIGS || 1000);
const COMPONENTS = Number(process.env.BENCH_COMPONENTS || 500);
const DRAIN = Number(process.env.BENCH_DRAIN || 60);
const PEER_DELAY_MS = Number(process.env.BENCH_PEER_DELAY_MS || 0);
const PORT = Number(process.env.BENCH_PORT || 18160);
const PEER_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const TICK_MS = 100;
const SAMPLE_MS = 5000;
/** Share of the events per kind of resource. */
const MIX = { check: 0.5, config: 0.35, component: 0.15 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const csrfOf = (cookie) => /console_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
const mark = (ok) => (ok ? 'PASS' : 'MISS');
const team = (i) => `team-${i % TEAMS}`;

/** The webhook peer: 200 to every POST; records when each delivery arrived and which event and rule it was for. */
function startPeer() {
  const deliveries = [];
  let unparsed = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const m = /bench-event (\S+) (\S+)/.exec(String(body.message ?? ''));
        const rule = new URL(req.url ?? '/', 'http://x').searchParams.get('rule');
        if (m) deliveries.push({ at, event: m[1], created: Date.parse(m[2]), rule });
        else unparsed++;
      } catch {
        unparsed++;
      }
      const answer = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      };
      if (PEER_DELAY_MS) setTimeout(answer, PEER_DELAY_MS);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  // TCP connections opened to the peer: one per delivery means the channel does not keep connections alive.
  let connections = 0;
  server.on('connection', () => connections++);
  return new Promise((resolve) =>
    server.listen(PEER_PORT, '127.0.0.1', () => resolve({ server, deliveries, unparsed: () => unparsed, connections: () => connections })),
  );
}

/** Checks, configs and components with their triggers off (seeding queues no events); answers their ids by kind. */
async function seedResources(c) {
  const t0 = Date.now();
  for (const table of ['canaries', 'checks', 'config_items', 'components']) await c.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  try {
    const canaries = Math.ceil(CHECKS / 100);
    await c.query(
      `INSERT INTO canaries (name, namespace, labels, spec)
       SELECT 'bench-' || lpad(g::text, 3, '0'), 'ns-' || (g % 4), jsonb_build_object('env', CASE WHEN g % 3 = 0 THEN 'staging' ELSE 'prod' END), '{}'
         FROM generate_series(0, $1 - 1) g`,
      [canaries],
    );
    await c.query(
      `INSERT INTO checks (canary_id, type, name, status, labels, description)
       SELECT k.id, 'http', 'endpoint-' || lpad(g::text, 5, '0'), 'healthy',
              jsonb_build_object('team', 'team-' || (g % $2), 'env', CASE WHEN g % 3 = 0 THEN 'staging' ELSE 'prod' END),
              'GET https://svc-' || g || '.internal/health'
         FROM generate_series(0, $1 - 1) g
         JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM canaries) k ON k.n = g / 100`,
      [CHECKS, TEAMS],
    );
    await c.query(
      `INSERT INTO config_items (name, type, config_class, health, status, labels, tags)
       SELECT 'workload-' || lpad(g::text, 5, '0'),
              (array['Kubernetes::Deployment','Kubernetes::Pod','Kubernetes::Node','AWS::EC2::Instance'])[1 + g % 4],
              (array['Deployment','Pod','Node','VirtualMachine'])[1 + g % 4], 'healthy', 'Running',
              jsonb_build_object('team', 'team-' || (g % $2), 'app', 'app-' || (g % 50)),
              jsonb_build_object('cluster', (array['prod-eu','prod-us','staging'])[1 + g % 3], 'namespace', 'ns-' || (g % 10))
         FROM generate_series(0, $1 - 1) g`,
      [CONFIGS, TEAMS],
    );
    await c.query(
      `INSERT INTO components (name, type, health, status, labels)
       SELECT 'service-' || lpad(g::text, 4, '0'), (array['Service','Database','Queue'])[1 + g % 3], 'healthy', 'healthy',
              jsonb_build_object('team', 'team-' || (g % $2))
         FROM generate_series(0, $1 - 1) g`,
      [COMPONENTS, TEAMS],
    );
  } finally {
    for (const table of ['canaries', 'checks', 'config_items', 'components']) await c.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  }
  for (const table of ['canaries', 'checks', 'config_items', 'components']) await c.query(`VACUUM ANALYZE ${table}`);
  const ids = async (sql) => (await c.query(sql)).rows.map((r) => r.id);
  const out = {
    check: await ids(`SELECT id FROM checks ORDER BY name`),
    config: await ids(`SELECT id FROM config_items ORDER BY name`),
    component: await ids(`SELECT id FROM components ORDER BY name`),
  };
  console.log(
    `seeded ${out.check.length} checks (${Math.ceil(CHECKS / 100)} canaries), ${out.config.length} config items, ${out.component.length} components over ${TEAMS} teams in ${Date.now() - t0} ms`,
  );
  return out;
}

const TEMPLATES = {
  check: {
    title: '[{{.check.labels.team}}] {{.check.name}} is {{.check.status}}',
    template:
      '**{{.check.name}}** ({{.check.type}}) of canary {{.canary.name}} is {{.check.status}}.\n\n' +
      '{{if .check.error}}Error: `{{.check.error}}`\n\n{{end}}{{.check.description}}\n\n[Open in the console]({{.permalink}})\n\n' +
      'bench-event {{.event.id}} {{.event.created_at}}',
  },
  config: {
    title: '{{.config.type}} {{.config.name}} is {{.config.health}}',
    template:
      '**{{.config.name}}** ({{.config.type}}, cluster {{.config.tags.cluster}}) is {{.config.health}} ({{.config.status}}).\n\n' +
      '[Open in the console]({{.permalink}})\n\nbench-event {{.event.id}} {{.event.created_at}}',
  },
  component: {
    title: 'Component {{.component.name}} is {{.component.health}}',
    template:
      '**{{.component.name}}** ({{.component.type}}) is {{.component.health}}.\n\n[Open in the console]({{.permalink}})\n\n' +
      'bench-event {{.event.id}} {{.event.created_at}}',
  },
  other: { title: null, template: 'bench-event {{.event.id}} {{.event.created_at}}' },
};

/**
 * The rules, deterministic: BENCH_TEAMS teams own five consecutive rules each (two about checks, two about configs,
 * one about components; every 20th is about incidents or playbook runs instead, which this load never fires), each
 * naming one to three events and filtering on the team (some also on the environment or the cluster). Four org-wide
 * rules (failing prod checks, unhealthy configs) have no team filter.
 */
function ruleSpecs() {
  const specs = [];
  for (let i = 0; i < RULES; i++) {
    const j = i % 5;
    const kind = i % 20 === 19 ? 'other' : j < 2 ? 'check' : j < 4 ? 'config' : 'component';
    const t = team(Math.floor(i / 5));
    const orgWide = i % 100 === 0 || i % 100 === 52;
    let events;
    let filter = null;
    if (kind === 'check') {
      events = j === 1 ? ['check.failed', 'check.passed'] : ['check.failed'];
      if (orgWide) filter = `canary.labels.env == 'prod' && check.type == 'http'`;
      else filter = i % 3 === 0 ? `check.labels.team == '${t}' && check.labels.env == 'prod'` : `check.labels.team == '${t}'`;
    } else if (kind === 'config') {
      events = j === 2 ? ['config.unhealthy', 'config.warning'] : ['config.unhealthy', 'config.healthy'];
      if (!orgWide) {
        filter =
          i % 3 === 0
            ? `has(config.labels.team) && config.labels.team == '${t}' && config.tags.cluster.startsWith('prod')`
            : `has(config.labels.team) && config.labels.team == '${t}'`;
      } else events = ['config.unhealthy'];
    } else if (kind === 'component') {
      events = i % 2 ? ['component.unhealthy', 'component.warning'] : ['component.unhealthy', 'component.healthy'];
      filter = `has(component.labels.team) && component.labels.team == '${t}'`;
    } else {
      events = i % 40 === 19 ? ['incident.created', 'incident.status.updated'] : ['playbook.run.failed'];
    }
    const tpl = TEMPLATES[kind];
    specs.push({
      name: `bench-${String(i).padStart(3, '0')}-${kind}-${orgWide ? 'all' : t}`,
      events,
      filter,
      title: tpl.title,
      template: tpl.template,
      properties: { team: t, severity: i % 5 === 0 ? 'critical' : 'warning' },
      custom_services: [{ name: 'bench-hook', url: `generic+http://127.0.0.1:${PEER_PORT}/hook?rule=${i}` }],
    });
  }
  return specs;
}

async function createRules(gateway) {
  const t0 = Date.now();
  const headers = { cookie: gateway.cookie, 'x-csrf-token': csrfOf(gateway.cookie), 'content-type': 'application/json' };
  const specs = ruleSpecs();
  for (const spec of specs) {
    const res = await fetch(`${BASE}/api/notifications/rules`, { method: 'POST', headers, body: JSON.stringify(spec) });
    if (res.status !== 201) throw new Error(`POST /api/notifications/rules (${spec.name}) answered ${res.status}: ${(await res.text()).slice(0, 400)}`);
  }
  const filtered = specs.filter((s) => s.filter).length;
  const naming = [
    'check.failed',
    'check.passed',
    'config.unhealthy',
    'config.warning',
    'config.healthy',
    'component.unhealthy',
    'component.warning',
    'component.healthy',
  ]
    .map((e) => `${e} ${specs.filter((s) => s.events.includes(e)).length}`)
    .join(', ');
  console.log(
    `created ${specs.length} rules (${filtered} with a CEL filter) through POST /api/notifications/rules in ${Date.now() - t0} ms; rules naming ${naming}`,
  );
  return specs;
}

/**
 * The load: every tick, the next resources of each kind change (round robin), one UPDATE per kind; the triggers
 * queue one event per changed row. Answers a stop() giving the number of events made and the tick times.
 */
function generate(c, ids) {
  const perMs = PER_MIN / 60_000;
  const made = { check: 0, config: 0, component: 0 };
  const cursor = { check: 0, config: 0, component: 0 };
  const tickMs = [];
  const late = [];
  const started = performance.now();
  let stopped = false;
  let inFlight = Promise.resolve();
  const next = (kind, n) => {
    const list = ids[kind];
    const out = [];
    for (let i = 0; i < n; i++) out.push(list[(cursor[kind] + i) % list.length]);
    cursor[kind] = (cursor[kind] + n) % list.length;
    return out;
  };
  const SQL = {
    check: `UPDATE checks SET status = CASE WHEN status = 'healthy' THEN 'unhealthy' ELSE 'healthy' END,
              last_error = CASE WHEN status = 'healthy' THEN 'expected status 200, got 503' END,
              last_transition_time = now(), last_runtime = now()
             WHERE id = ANY($1::uuid[])`,
    config: `UPDATE config_items SET health = CASE health WHEN 'healthy' THEN 'unhealthy' WHEN 'unhealthy' THEN 'warning' ELSE 'healthy' END
              WHERE id = ANY($1::uuid[])`,
    component: `UPDATE components SET health = CASE health WHEN 'healthy' THEN 'unhealthy' WHEN 'unhealthy' THEN 'warning' ELSE 'healthy' END
                 WHERE id = ANY($1::uuid[])`,
  };
  const loop = (async () => {
    let tick = 0;
    while (!stopped) {
      tick++;
      const due = started + tick * TICK_MS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      else late.push(-wait);
      const elapsed = performance.now() - started;
      const t0 = performance.now();
      const work = [];
      for (const [kind, share] of Object.entries(MIX)) {
        const n = Math.floor(elapsed * perMs * share) - made[kind];
        if (n <= 0) continue;
        made[kind] += n;
        work.push(c[kind].query(SQL[kind], [next(kind, n)]));
      }
      inFlight = Promise.all(work);
      await inFlight;
      tickMs.push(performance.now() - t0);
    }
  })();
  return {
    made: () => made.check + made.config + made.component,
    async stop() {
      stopped = true;
      await loop;
      await inFlight;
      return { made: made.check + made.config + made.component, byKind: { ...made }, tickMs: tickMs.sort((a, b) => a - b), late };
    },
  };
}

async function sample(c, peer, gateway, t0) {
  const {
    rows: [r],
  } = await c.query(
    `SELECT (SELECT count(*) FROM event_queue)::int AS queue,
            (SELECT count(*) FROM notification_send_history WHERE status IN ('pending', 'evaluating-waitfor'))::int AS pending,
            (SELECT count(*) FROM notification_send_history WHERE status = 'error')::int AS errors`,
  );
  let rss = NaN;
  try {
    rss = gateway.rss().now;
  } catch {
    // the gateway has gone
  }
  return { t: Math.round((Date.now() - t0) / 1000), queue: r.queue, pending: r.pending, errors: r.errors, delivered: peer.deliveries.length, rss };
}

function slope(points) {
  // least squares: rows per second
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, p) => a + p.t, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const num = points.reduce((a, p) => a + (p.t - mx) * (p.y - my), 0);
  const den = points.reduce((a, p) => a + (p.t - mx) ** 2, 0);
  return den ? num / den : 0;
}

const db = await scratchDatabase(`console_bench_notifications_${process.pid}`);
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
const writers = {};
for (const kind of Object.keys(MIX)) {
  writers[kind] = new pg.Client({ connectionString: db.url });
  await writers[kind].connect();
}
const peer = await startPeer();
let gateway;
const out = {
  events_per_min: PER_MIN,
  rules: RULES,
  seconds: SECONDS,
  warmup_s: WARMUP,
  cpus: os.cpus().length,
  load_before: os.loadavg().map((l) => Number(l.toFixed(2))),
};
try {
  const ids = await seedResources(admin);
  gateway = await startGateway(db.url, PORT, { HEALTH_SCHEDULER: 'off', OUTBOUND_ALLOW: '127.0.0.1' });
  await createRules(gateway);
  await admin.query('ANALYZE notifications');

  console.log(`generating ${PER_MIN} events/min for ${WARMUP} s warm-up + ${SECONDS} s, sampling every ${SAMPLE_MS / 1000} s`);
  const t0 = Date.now();
  const samples = [];
  const rss = [];
  const rssTimer = setInterval(() => {
    try {
      rss.push(gateway.rss().now);
    } catch {
      // the gateway has gone
    }
  }, 1000);
  const printSample = (s) =>
    console.log(
      `  t=${String(s.t).padStart(3)} s  event_queue ${String(s.queue).padStart(6)}  to deliver ${String(s.pending).padStart(6)}  delivered ${String(s.delivered).padStart(7)}  errors ${s.errors}  RSS ${fmt(s.rss, 0)} MB`,
    );
  const sampler = setInterval(() => {
    void sample(admin, peer, gateway, t0).then((s) => {
      samples.push(s);
      printSample(s);
    });
  }, SAMPLE_MS);
  const gen = generate(writers, ids);
  await sleep(WARMUP * 1000);
  const from = new Date();
  const madeAtFrom = gen.made();
  const deliveredAtFrom = peer.deliveries.length;
  await sleep(SECONDS * 1000);
  const to = new Date();
  const madeInWindow = gen.made() - madeAtFrom;
  const deliveredInWindow = peer.deliveries.length - deliveredAtFrom;
  const gen_ = await gen.stop();
  const atEnd = await sample(admin, peer, gateway, t0);
  clearInterval(sampler);
  const {
    rows: [{ n: queuedInWindowLeft }],
  } = await admin.query(`SELECT count(*)::int AS n FROM event_queue WHERE created_at >= $1 AND created_at < $2`, [from, to]);
  printSample({ ...atEnd });
  console.log(`load stopped after ${gen_.made} events; draining (at most ${DRAIN} s)`);

  // Drain: until nothing is queued or due.
  const drainStart = Date.now();
  let drained = null;
  while (Date.now() - drainStart < DRAIN * 1000) {
    const s = await sample(admin, peer, gateway, t0);
    if (!s.queue && !s.pending) {
      drained = Date.now() - drainStart;
      break;
    }
    await sleep(250);
  }
  await sleep(500);
  clearInterval(rssTimer);
  const final = await sample(admin, peer, gateway, t0);
  printSample(final);

  // What the engine decided for the events of the window, and what the peer got.
  const {
    rows: [h],
  } = await admin.query(
    `SELECT count(DISTINCT h.event_id)::int AS events_with_rows,
            count(*) FILTER (WHERE h.recipient LIKE 'custom:%')::int AS deliveries,
            count(*) FILTER (WHERE h.status = 'sent')::int AS sent,
            count(*) FILTER (WHERE h.status = 'error')::int AS errors,
            count(*) FILTER (WHERE h.status IN ('pending', 'evaluating-waitfor'))::int AS undelivered,
            max(h.attempts)::int AS max_attempts
       FROM notification_send_history h
      WHERE h.created_at >= $1`,
    [from],
  );
  const errorsSample = (
    await admin.query(`SELECT error, count(*)::int AS n FROM notification_send_history WHERE status = 'error' GROUP BY 1 ORDER BY 2 DESC LIMIT 3`)
  ).rows;

  const window = peer.deliveries.filter((d) => d.created >= from.getTime() && d.created < to.getTime());
  const latencies = window.map((d) => d.at - d.created).sort((a, b) => a - b);
  const seen = new Map();
  for (const d of peer.deliveries) seen.set(`${d.event}/${d.rule}`, (seen.get(`${d.event}/${d.rule}`) ?? 0) + 1);
  const duplicates = [...seen.values()].filter((n) => n > 1).length;
  const eventsSeen = new Set(window.map((d) => d.event)).size;
  const windowS = (to - from) / 1000;
  const handled = madeInWindow - queuedInWindowLeft;
  const rssAvg = rss.reduce((a, b) => a + b, 0) / Math.max(1, rss.length);
  const rssPeak = Math.max(...rss, gateway.rss().peak);

  // Backlog: the second half of the window's samples must not grow, and the end must hold <= 2 s of work.
  const inWindow = samples.filter((s) => s.t >= WARMUP && s.t <= WARMUP + SECONDS);
  const secondHalf = inWindow.filter((s) => s.t >= WARMUP + SECONDS / 2);
  const queueSlope = slope(secondHalf.map((s) => ({ t: s.t, y: s.queue })));
  const pendingSlope = slope(secondHalf.map((s) => ({ t: s.t, y: s.pending })));
  const eventsPerS = madeInWindow / windowS;
  const deliveriesPerS = deliveredInWindow / windowS;
  const backlogOk =
    atEnd.queue <= Math.max(50, 2 * eventsPerS) &&
    atEnd.pending <= Math.max(50, 2 * deliveriesPerS) &&
    queueSlope <= 0.05 * eventsPerS &&
    pendingSlope <= 0.05 * Math.max(1, deliveriesPerS);

  Object.assign(out, {
    events_made: madeInWindow,
    events_per_s: Number(eventsPerS.toFixed(1)),
    events_handled_per_s: Number((handled / windowS).toFixed(1)),
    deliveries_per_s: Number(deliveriesPerS.toFixed(1)),
    deliveries_per_event: Number((window.length / Math.max(1, eventsSeen)).toFixed(2)),
    latency_samples: latencies.length,
    p50_ms: percentile(latencies, 50),
    p95_ms: percentile(latencies, 95),
    p99_ms: percentile(latencies, 99),
    max_ms: latencies[latencies.length - 1],
    queue_at_end: atEnd.queue,
    to_deliver_at_end: atEnd.pending,
    queue_slope_per_s: Number(queueSlope.toFixed(2)),
    to_deliver_slope_per_s: Number(pendingSlope.toFixed(2)),
    drain_ms: drained,
    duplicates,
    peer_connections: peer.connections(),
    history_errors: h.errors,
    undelivered_after_drain: final.pending,
    rss_avg_mb: Math.round(rssAvg),
    rss_peak_mb: Math.round(rssPeak),
    generator_tick_p99_ms: Math.round(percentile(gen_.tickMs, 99)),
    generator_late_ticks: gen_.late.length,
    load_after: os.loadavg().map((l) => Number(l.toFixed(2))),
  });

  console.log(
    `\n${RULES} rules, ${PER_MIN} events/min (${gen_.byKind.check} check, ${gen_.byKind.config} config, ${gen_.byKind.component} component events made in all), window ${SECONDS} s after ${WARMUP} s warm-up; ${out.cpus} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `     events          ${fmt(eventsPerS)} /s made, ${fmt(handled / windowS)} /s handled (${madeInWindow} in the window, ${queuedInWindowLeft} still queued at its end)`,
  );
  console.log(
    `     deliveries      ${fmt(deliveriesPerS)} /s received by the webhook peer (${fmt(out.deliveries_per_event, 2)} per event with any; ${h.deliveries} webhook rows written since the window began, ${h.sent} sent, ${h.errors} error, max attempts ${h.max_attempts}; ${duplicates} duplicate deliveries; ${peer.unparsed()} unparsed; ${peer.connections()} TCP connections to the peer in all)`,
  );
  if (errorsSample.length) console.log(`     errors          ${errorsSample.map((e) => `${e.n}× ${String(e.error).slice(0, 160)}`).join(' | ')}`);
  if (!latencies.length) console.log(`MISS nothing was delivered for the events of the window (see 'to deliver' above)`);
  else
    console.log(
      `${mark(out.p99_ms <= 2000)} latency event→delivered  p50 ${out.p50_ms} ms  p95 ${out.p95_ms} ms  p99 ${out.p99_ms} ms  max ${out.max_ms} ms over ${latencies.length} deliveries   (target p99 <= 2000)`,
    );
  console.log(
    `${mark(backlogOk)} backlog         at the end of the window: event_queue ${atEnd.queue}, to deliver ${atEnd.pending}; second-half trend ${fmt(queueSlope, 2)} events/s, ${fmt(pendingSlope, 2)} deliveries/s; drained ${drained === null ? `NOT within ${DRAIN} s` : `in ${drained} ms`}   (target: no growing backlog)`,
  );
  console.log(`     gateway RSS     avg ${fmt(rssAvg, 0)} MB  peak ${fmt(rssPeak, 0)} MB (VmRSS every second; VmHWM)`);
  console.log(
    `     generator       ${gen_.tickMs.length} ticks of ${TICK_MS} ms, UPDATEs p50 ${fmt(percentile(gen_.tickMs, 50))} ms p99 ${fmt(percentile(gen_.tickMs, 99))} ms, ${gen_.late.length} ticks late`,
  );
  console.log(JSON.stringify(out));
} finally {
  await gateway?.stop();
  await admin.end();
  for (const w of Object.values(writers)) await w.end();
  peer.server.close();
  peer.server.closeAllConnections?.();
  if (!process.env.BENCH_KEEP_DB) await db.drop();
}
