#!/usr/bin/env node
// npm run bench:catalog — the configuration catalogue (issue 11, "Performance") at 100,000 config items,
// 1,000,000 changes and 200,000 relationships.
//
// 1. A scratch database filled with SQL (generate_series): a Kubernetes-shaped estate of 5 clusters, 200 namespaces,
//    500 nodes, 8,000 deployments, 16,000 replica sets, 50,000 pods, services, config maps, PVCs, ingresses and jobs
//    (100,000 items, parent links cluster → namespace → deployment → replica set → pod, labels, tags cluster and
//    namespace, a health mix, 5 % of pods and replica sets deleted), 200,000 soft relationships (service → pod,
//    pod → node, pod → config map, deployment → config map, pod → PVC, ingress → service), 1,000,000 changes over
//    30 days in time order (change types, severities), 5,000 open insights; VACUUM ANALYZE.
// 2. The built gateway on it (SCRAPER_SCHEDULER=off) measured with autocannon at 16 connections: the /catalog list
//    call as the web makes it, the grouped summary, the changes search (2 days, page 200) and
//    related_configs_recursive (depth 10) of a namespace (~550 related items).
// 3. Ingest: a `file` scraper over one JSON file holding 50,000 documents (`items: $[*]`), Run Now; then 1 % of the
//    documents changed and Run Now again (its duration_millis, changes stored).
// 4. Headless Chromium: time until /catalog shows its first row, and until a namespace's Relationships graph shows.
// Prints the figures next to the issue's targets and a final JSON line; never fails on them.
// Knobs: BENCH_ITEMS is fixed by the estate's shape; BENCH_CHANGES (1000000), BENCH_RELATIONSHIPS (200000),
// BENCH_INGEST (50000), BENCH_CONNECTIONS (16), BENCH_DURATION (10), BENCH_PAGE_LOADS (5), BENCH_PAGE_TIMEOUT
// (15000 ms), BENCH_SKIP_PAGE=1, BENCH_SKIP_INGEST=1, BENCH_KEEP_DB=1, BENCH_PORT, BENCH_NODE_ARGS, BENCH_LOG_LEVEL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ADMIN, fmt, load, percentile, scratchDatabase, startGateway } from './lib.mjs';

const CHANGES = Number(process.env.BENCH_CHANGES || 1_000_000);
const RELATIONSHIPS = Number(process.env.BENCH_RELATIONSHIPS || 200_000);
const INGEST = Number(process.env.BENCH_INGEST || 50_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const PAGE_LOADS = Number(process.env.BENCH_PAGE_LOADS || 5);
const PAGE_TIMEOUT = Number(process.env.BENCH_PAGE_TIMEOUT || 15_000);
const PORT = Number(process.env.BENCH_PORT || 18130);
const SCRAPE_TIMEOUT = Number(process.env.BENCH_SCRAPE_TIMEOUT || 120_000);
const BASE = `http://127.0.0.1:${PORT}`;

// The web's flat list call (plugins/catalog/web/catalogApi.ts) for one type, first page, with its exact count.
const LIST =
  '/api/db/configs?select=id,name,type,config_class,status,health,labels,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_30d,changes,analysis' +
  '&type=eq.Kubernetes::Pod&deleted_at=is.null&order=type.asc,name.asc&limit=50&offset=0';
const related = (id) => `/api/db/rpc/related_configs_recursive?config_id=${id}&max_depth=10`;

/**
 * The estate: item number g (1..100,000) has id md5('bench-item-' || g)::uuid, so a parent or a related item is
 * addressed by arithmetic on g. Ranges: [first, count, kind, parent kind].
 */
const RANGES = [
  ['Cluster', 1, 5, null],
  ['Namespace', 6, 200, 'Cluster'],
  ['Node', 206, 500, 'Cluster'],
  ['Deployment', 706, 8000, 'Namespace'],
  ['ReplicaSet', 8706, 16000, 'Deployment'],
  ['Pod', 24706, 50000, 'ReplicaSet'],
  ['Service', 74706, 8000, 'Namespace'],
  ['ConfigMap', 82706, 12000, 'Namespace'],
  ['PersistentVolumeClaim', 94706, 3000, 'Namespace'],
  ['Ingress', 97706, 1500, 'Namespace'],
  ['Job', 99206, 795, 'Namespace'],
];
const R = Object.fromEntries(RANGES.map(([kind, first, count, parent]) => [kind, { first, count, parent }]));
const ITEMS = RANGES.reduce((n, [, , count]) => n + count, 0);
const id = (g) => `md5('bench-item-' || (${g}))::uuid`;
/** The g of the i-th (0-based SQL expression) item of a kind. */
const nth = (kind, i) => `(${R[kind].first} + ((${i}) % ${R[kind].count}))`;

async function seed(c) {
  const t0 = Date.now();
  for (const t of ['config_items', 'config_changes', 'config_relationships', 'config_analysis']) await c.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
  // Items. The namespace of an item is found through its chain of parents (all arithmetic on g).
  const nsOf = {
    Namespace: (g) => g,
    Deployment: (g) => nth('Namespace', `${g} - ${R.Deployment.first}`),
    ReplicaSet: (g) => nsOf.Deployment(nth('Deployment', `${g} - ${R.ReplicaSet.first}`)),
    Pod: (g) => nsOf.ReplicaSet(nth('ReplicaSet', `${g} - ${R.Pod.first}`)),
  };
  for (const [kind, first, count, parent] of RANGES) {
    const g = 'g';
    const parentG = parent ? nth(parent, `${g} - ${first}`) : null;
    const ns = nsOf[kind] ? nsOf[kind](g) : parent === 'Namespace' ? parentG : null;
    const cluster = ns ? `1 + ((${ns}) - 6) % 5` : kind === 'Node' ? `1 + (g - 206) % 5` : 'g';
    const deletable = kind === 'Pod' || kind === 'ReplicaSet';
    await c.query(
      `INSERT INTO config_items (id, external_id, config_class, type, name, status, health, ready, labels, tags, config,
         cost_per_minute, cost_total_30d, parent_id, created_at, updated_at, last_scraped_time, deleted_at, delete_reason)
       SELECT ${id(g)}, 'uid-' || g, 'Kubernetes', 'Kubernetes::${kind}',
         '${kind.toLowerCase()}-' || lpad(g::text, 6, '0'),
         (array['Running','Running','Running','Running','Pending','Succeeded','CrashLoopBackOff','Terminating'])[1 + g % 8],
         (array['healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','healthy','warning','warning','unhealthy','unknown'])[1 + (g * 7) % 20],
         g % 10 <> 0,
         jsonb_build_object('app', 'app-' || (g % 400), 'team', 'team-' || (g % 12), 'app.kubernetes.io/managed-by', (array['helm','flux','kubectl'])[1 + g % 3]),
         jsonb_build_object('cluster', 'cluster-' || (${cluster})${ns ? `, 'namespace', 'ns-' || (${ns})` : ''}),
         jsonb_build_object('kind', '${kind}', 'metadata', jsonb_build_object('name', '${kind.toLowerCase()}-' || g, 'uid', 'uid-' || g),
           'spec', jsonb_build_object('replicas', 1 + g % 3, 'image', 'registry.local/app-' || (g % 400) || ':1.' || (g % 17))),
         CASE WHEN g % 3 = 0 THEN (g % 100) / 1000.0 END, CASE WHEN g % 3 = 0 THEN (g % 100) * 43.2 END,
         ${parent ? id(parentG) : 'NULL'},
         now() - make_interval(days => 30 + g % 60), now() - make_interval(mins => g % 10000), now(),
         ${deletable ? `CASE WHEN g % 20 = 0 THEN now() - make_interval(days => g % 30) END` : 'NULL'},
         ${deletable ? `CASE WHEN g % 20 = 0 THEN 'STALE' END` : 'NULL'}
       FROM generate_series(${first}, ${first + count - 1}) g`,
    );
  }
  // Soft relationships, in Kubernetes' shapes; the last kind fills up to RELATIONSHIPS.
  const pod = (i) => nth('Pod', i);
  const deploymentOfPod = (p) => nth('Deployment', `${nth('ReplicaSet', `${p} - ${R.Pod.first}`)} - ${R.ReplicaSet.first}`);
  const edges = [
    // service k selects the pods of deployment k
    ['selects', 50_000, (i) => [nth('Service', `${deploymentOfPod(pod(i))} - ${R.Deployment.first}`), pod(i)]],
    // pod runs on a node of its cluster
    ['runs-on', 50_000, (i) => [pod(i), `${R.Node.first} + ((${nsOf.Pod(pod(i))}) - 6) % 5 + 5 * ((${i}) % 100)`]],
    // deployment mounts two config maps of its namespace
    [
      'mounts',
      16_000,
      (i) => [
        nth('Deployment', `(${i}) / 2`),
        `${R.ConfigMap.first} + ((${nth('Deployment', `(${i}) / 2`)} - ${R.Deployment.first}) % 200) + 200 * ((${i}) % 60)`,
      ],
    ],
    ['claims', 3_000, (i) => [pod(`(${i}) * 16`), `${R.PersistentVolumeClaim.first} + ((${nsOf.Pod(pod(`(${i}) * 16`))}) - 6) + 200 * ((${i}) % 15)`]],
    ['routes-to', 1_500, (i) => [nth('Ingress', i), `${R.Service.first} + ((${i}) * 5) % 8000`]],
  ];
  const fixed = edges.reduce((n, [, count]) => n + count, 0);
  edges.push([
    'uses-config',
    Math.max(0, RELATIONSHIPS - fixed),
    (i) => [pod(`(${i}) * 3 + 1`), `${R.ConfigMap.first} + ((${nsOf.Pod(pod(`(${i}) * 3 + 1`))}) - 6) + 200 * ((${i}) % 60)`],
  ]);
  for (const [relation, count, pair] of edges) {
    if (count <= 0) continue;
    const [from, to] = pair('g');
    await c.query(
      `INSERT INTO config_relationships (config_id, related_id, relation, selector_id)
       SELECT ${id(from)}, ${id(to)}, '${relation}', 'automatic' FROM generate_series(0, ${count - 1}) g
       WHERE (${from}) <> (${to})
       ON CONFLICT DO NOTHING`,
    );
  }
  // Changes over 30 days in time order (as they arrive), mostly on pods.
  await c.query(
    `INSERT INTO config_changes (config_id, change_type, severity, source, summary, details, diff, count, first_observed, created_at)
     SELECT ${id(`CASE WHEN g % 10 < 7 THEN ${nth('Pod', '(g::bigint * 7919) % 50000')} ELSE 1 + (g::bigint * 104729) % ${ITEMS} END`)},
       t.change_type,
       (array['info','info','info','info','info','info','low','medium','warning','high','critical'])[1 + (g * 13) % 11],
       'kubernetes', t.change_type || ' on item ' || (g % 100000),
       CASE WHEN t.change_type <> 'diff' THEN jsonb_build_object('reason', t.change_type, 'message', 'event ' || g) END,
       CASE WHEN t.change_type = 'diff' THEN '--- a\n+++ b\n@@ -1 +1 @@\n-  replicas: 1\n+  replicas: ' || (g % 5) END,
       1 + g % 3, ts, ts
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT now() - interval '30 days' + (g::float8 / $1::int) * interval '30 days' AS ts,
       (array['diff','diff','diff','Pulled','Created','Started','Scheduled','Killing','BackOff','Unhealthy','ScalingReplicaSet','SuccessfulCreate','CREATE','DELETE'])[1 + (g * 31) % 14] AS change_type) t`,
    [CHANGES],
  );
  await c.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status, message, summary, source, first_observed, last_observed)
     SELECT ${id(nth('Pod', 'g * 9'))}, (array['crashloop','image-pull','no-ready-replicas','cost-idle'])[1 + g % 4],
       (array['availability','reliability','availability','cost'])[1 + g % 4], (array['high','medium','low'])[1 + g % 3],
       CASE WHEN g % 5 = 0 THEN 'resolved' ELSE 'open' END, 'finding ' || g, 'finding ' || g, 'kubernetes',
       now() - make_interval(hours => g % 600), now() - make_interval(hours => g % 48)
     FROM generate_series(1, 5000) g ON CONFLICT DO NOTHING`,
  );
  for (const t of ['config_items', 'config_changes', 'config_relationships', 'config_analysis']) await c.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
  const loaded = Date.now() - t0;
  for (const t of ['config_items', 'config_changes', 'config_relationships', 'config_analysis']) await c.query(`VACUUM ANALYZE ${t}`);
  const {
    rows: [n],
  } = await c.query(
    `SELECT (SELECT count(*) FROM config_items)::int AS items, (SELECT count(*) FROM config_items WHERE deleted_at IS NOT NULL)::int AS deleted,
       (SELECT count(*) FROM config_items WHERE parent_id IS NOT NULL)::int AS parents, (SELECT count(*) FROM config_changes)::int AS changes,
       (SELECT count(*) FROM config_relationships)::int AS relationships, (SELECT count(*) FROM config_analysis)::int AS analysis`,
  );
  console.log(
    `seeded ${n.items} items (${n.deleted} deleted, ${n.parents} with a parent), ${n.changes} changes, ${n.relationships} relationships, ${n.analysis} insights in ${loaded} ms; VACUUM ANALYZE ${Date.now() - t0 - loaded} ms`,
  );
  return n;
}

/** Waits (up to 60 s) until no statement of a previous load still runs on the database, so each figure is its own. */
async function settle(c) {
  for (let i = 0; i < 240; i++) {
    const {
      rows: [{ n }],
    } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`);
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const csrfOf = (cookie) => /console_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';

async function firstAnswer(what, url, init) {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  return { res, json: JSON.parse(text) };
}

/**
 * Each call once (its answer checked and described), then under load. A call that fails on its own (a 504 after the
 * data API's statement timeout) is reported with its error and not loaded: 16 connections of it would only slow the rest.
 */
async function benchReads(c, gateway, namespaces) {
  const get = { cookie: gateway.cookie };
  const post = { cookie: gateway.cookie, 'x-csrf-token': csrfOf(gateway.cookie), 'content-type': 'application/json' };
  const changesBody = JSON.stringify({ from: 'now-2d', page_size: 200 });
  const calls = {
    list: {
      url: BASE + LIST,
      headers: { ...get, prefer: 'count=exact' },
      describe: (j, res) => `${j.length} rows, Content-Range ${res.headers.get('content-range')}`,
    },
    summary: {
      url: `${BASE}/api/catalog/summary`,
      method: 'POST',
      headers: post,
      body: '{}',
      describe: (j) => `${j.summary.length} groups by ${j.groupBy.join(',')}`,
    },
    changes: {
      url: `${BASE}/api/catalog/changes`,
      method: 'POST',
      headers: post,
      body: changesBody,
      describe: (j) => `${j.changes.length} of ${j.total} changes`,
    },
    related: {
      url: BASE + related(namespaces[0]),
      headers: get,
      requests: namespaces.map((ns) => ({ method: 'GET', path: related(ns) })),
      describe: (j) => `${j.length} related items of a namespace`,
    },
  };
  const out = {};
  for (const [key, call] of Object.entries(calls)) {
    await settle(c);
    const t0 = Date.now();
    try {
      const { res, json } = await firstAnswer(key, call.url, { method: call.method ?? 'GET', headers: call.headers, body: call.body });
      out[key] = { first_ms: Date.now() - t0, description: call.describe(json, res), items: Array.isArray(json) ? json.length : undefined };
    } catch (error) {
      out[key] = { first_ms: Date.now() - t0, error: error.message };
      console.log(`${key}: ${error.message} after ${Date.now() - t0} ms; not loaded`);
      continue;
    }
    console.log(`${key}: ${out[key].description} (first call ${out[key].first_ms} ms)`);
    const options = { connections: CONNECTIONS, duration: DURATION, url: call.requests ? BASE : call.url, headers: call.headers };
    if (call.requests) options.requests = call.requests;
    else Object.assign(options, call.method ? { method: call.method, body: call.body } : {});
    Object.assign(out[key], await load(options));
    console.log(`${key}: ${fmt(out[key].rps)} req/s, p50 ${out[key].p50} ms, p99 ${out[key].p99} ms`);
  }
  return out;
}

/** 50,000 small documents in one JSON file (the file scraper reads at most 10,000 files, so one file, `items: $[*]`). */
function documents(n, version = () => 1) {
  const kinds = ['File::Deployment', 'File::Service', 'File::ConfigMap', 'File::Job'];
  return Array.from({ length: n }, (_, i) => ({
    id: `doc-${i}`,
    kind: kinds[i % kinds.length],
    name: `doc-${String(i).padStart(5, '0')}`,
    metadata: { namespace: `ns-${i % 50}`, labels: { app: `app-${i % 400}` } },
    spec: { replicas: 1 + (i % 3), image: `registry.local/app-${i % 400}:${version(i)}` },
  }));
}

async function benchIngest(c, gateway) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
  const file = path.join(dir, 'items.json');
  try {
    fs.writeFileSync(file, JSON.stringify(documents(INGEST)));
    const bytes = fs.statSync(file).size;
    const headers = { cookie: gateway.cookie, 'x-csrf-token': csrfOf(gateway.cookie), 'content-type': 'application/json' };
    const yaml = [
      'apiVersion: configs.flanksource.com/v1',
      'kind: ScrapeConfig',
      'metadata:',
      '  name: bench-file',
      'spec:',
      '  schedule: "@every 60m"',
      '  file:',
      '    - type: $.kind',
      '      id: $.id',
      '      name: $.name',
      '      items: $[*]',
      '      paths:',
      `        - ${file}`,
    ].join('\n');
    const { json: scraper } = await firstAnswer('POST /api/scrapers', `${BASE}/api/scrapers`, { method: 'POST', headers, body: JSON.stringify({ yaml }) });
    /**
     * Run Now, waiting at most SCRAPE_TIMEOUT: a scrape still running then is reported with the statement it was in,
     * and the scratch database's statements are cancelled so that the rest of the bench runs on a quiet server.
     */
    const run = async () => {
      const t0 = Date.now();
      try {
        const { json } = await firstAnswer('Run Now', `${BASE}/api/scrapers/${scraper.id}/run`, {
          method: 'POST',
          headers,
          signal: AbortSignal.timeout(SCRAPE_TIMEOUT),
        });
        const total = (k) => Object.values(json.scrape_summary ?? {}).reduce((n, s) => n + (s[k] ?? 0), 0);
        return {
          ms: json.duration_millis,
          wall: Date.now() - t0,
          status: json.status,
          errors: json.errors,
          added: total('added'),
          updated: total('updated'),
          changes: total('changes'),
        };
      } catch (error) {
        const { rows } = await c.query(
          `SELECT pid, now() - query_start AS running, query FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        );
        const stuck = rows.map((r) => `${r.query.replace(/\s+/g, ' ').slice(0, 160)}`).join(' | ');
        for (const r of rows) await c.query('SELECT pg_cancel_backend($1)', [r.pid]);
        return {
          ms: null,
          wall: Date.now() - t0,
          status: 'UNFINISHED',
          error: `${error.name === 'TimeoutError' ? `no answer within ${SCRAPE_TIMEOUT} ms` : error.message}`,
          stuck,
        };
      }
    };
    const first = await run();
    console.log(`first scrape (${INGEST} documents, ${(bytes / 1048576).toFixed(1)} MiB): ${JSON.stringify(first)}`);
    const changed = Math.round(INGEST / 100);
    if (first.ms === null) return { first, second: { ms: null, status: 'NOT RUN', error: 'the first scrape did not finish' }, changed };
    fs.writeFileSync(file, JSON.stringify(documents(INGEST, (i) => (i % 100 === 7 ? 2 : 1))));
    const second = await run();
    console.log(`re-scrape (${changed} documents changed): ${JSON.stringify(second)}`);
    return { first, second, changed };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds from navigation until `selector` is visible, PAGE_LOADS times (sorted), or the reason it never was. */
async function timePage(page, url, selector) {
  const times = [];
  for (let i = 0; i < PAGE_LOADS; i++) {
    await page.goto('about:blank');
    const t0 = Date.now();
    await page.goto(url);
    try {
      await page.locator(selector).first().waitFor({ timeout: PAGE_TIMEOUT });
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

async function benchPages(graphRoot) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    return {
      catalog: await timePage(page, `${BASE}/catalog`, '[data-testid="catalog-summary-row"]'),
      list: await timePage(page, `${BASE}/catalog?configType=${encodeURIComponent('Kubernetes::Pod')}`, '[data-testid="catalog-config-row"]'),
      graph: await timePage(page, `${BASE}/catalog/${graphRoot.id}/relationships?view=graph`, `[data-testid="graph-node-${graphRoot.id}"]`),
    };
  } finally {
    await browser.close();
  }
}

const mark = (ok) => (ok ? 'pass' : 'MISS');
const rows = [];
const row = (name, figure, target, ok) => rows.push([ok === null ? '-' : mark(ok), name, figure, target]);

const db = await scratchDatabase(`console_bench_catalog_${process.pid}`);
const c = new pg.Client({ connectionString: db.url });
await c.connect();
let gateway;
const out = { load_before: os.loadavg().map((l) => Number(l.toFixed(2))) };
try {
  out.data = await seed(c);
  // Namespaces with their neighbourhood size (related_configs_recursive counts the same edges).
  const { rows: namespaces } = await c.query(`SELECT id FROM config_items WHERE type = 'Kubernetes::Namespace' ORDER BY name LIMIT 20`);
  process.env.SCRAPER_SCHEDULER = 'off';
  process.env.HEALTH_SCHEDULER = 'off';
  process.env.SCRAPER_FILE_ROOTS = os.tmpdir();
  gateway = await startGateway(db.url, PORT);

  const reads = await benchReads(
    c,
    gateway,
    namespaces.map((n) => n.id),
  );
  const read = (key, label, target) => {
    const r = reads[key];
    if (r.error) {
      out[key] = { error: r.error, first_ms: r.first_ms };
      row(label, `fails: ${r.error.slice(0, 120)} (after ${r.first_ms} ms)`, `p99 <= ${target} ms`, false);
      return;
    }
    if (!r.total) {
      out[key] = { rps: 0, answered: 0, first_ms: r.first_ms, answer: r.description };
      row(label, `no request answered within autocannon's 10 s timeout (one alone: ${r.first_ms} ms)`, `p99 <= ${target} ms`, false);
      return;
    }
    out[key] = { rps: Number(r.rps.toFixed(1)), p50_ms: r.p50, p99_ms: r.p99, first_ms: r.first_ms, answer: r.description };
    row(label, `${fmt(r.rps, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`, `p99 <= ${target} ms`, r.p99 <= target);
  };
  read('list', '/catalog list (Pods, count=exact)', 50);
  read('summary', 'summary (config_class,type)', 100);
  read('changes', 'changes (2 days, page 200)', 150);
  read('related', `related_configs_recursive d10 (${reads.related.items ?? '?'} items)`, 100);

  if (process.env.BENCH_SKIP_INGEST) row('ingest', 'skipped (BENCH_SKIP_INGEST)', '', null);
  else {
    await settle(c);
    const ingest = await benchIngest(c, gateway);
    const rate = ingest.first.ms === null ? null : INGEST / (ingest.first.ms / 1000);
    const changeRate = ingest.second.ms == null ? null : ingest.second.changes / (ingest.second.ms / 1000);
    out.ingest = {
      items: INGEST,
      first: ingest.first,
      rescrape: ingest.second,
      first_items_per_s: rate && Math.round(rate),
      rescrape_changes_per_s: changeRate && Math.round(changeRate),
    };
    if (rate === null)
      row(`first scrape (${INGEST} items)`, `did not finish: ${ingest.first.error}; running: ${ingest.first.stuck?.slice(0, 100)}`, '>= 5000 items/s', false);
    else
      row(
        `first scrape (${INGEST} items)`,
        `${fmt(ingest.first.ms / 1000, 2)} s, ${fmt(rate, 0)} items/s (${ingest.first.added} added, ${ingest.first.status})`,
        '>= 5000 items/s',
        ingest.first.status !== 'FAILED' && rate >= 5000,
      );
    if (changeRate === null)
      row(
        `re-scrape (${ingest.changed} changed)`,
        `not measured: ${ingest.second.error}; running: ${ingest.second.stuck?.slice(0, 100) ?? '-'}`,
        '<= 10 s',
        false,
      );
    else
      row(
        `re-scrape (${ingest.changed} changed)`,
        `${fmt(ingest.second.ms / 1000, 2)} s, ${fmt(changeRate, 0)} changes/s, ${fmt(INGEST / (ingest.second.ms / 1000), 0)} items/s (${ingest.second.changes} changes, ${ingest.second.status})`,
        '<= 10 s',
        ingest.second.status !== 'FAILED' && ingest.second.ms <= 10_000,
      );
  }

  if (process.env.BENCH_SKIP_PAGE) row('pages', 'skipped (BENCH_SKIP_PAGE)', '', null);
  else {
    const graphRoot = { id: namespaces[0].id };
    await settle(c);
    const pages = await benchPages(graphRoot).catch((error) => {
      const reason = `Chromium did not start (${error.message.split('\n')[0]}; set CHROMIUM_PATH)`;
      return { catalog: { error: reason }, list: { error: reason }, graph: { error: reason } };
    });
    const pageRow = (key, label, target) => {
      const p = pages[key];
      if (p.error) {
        out[`page_${key}_error`] = p.error;
        row(label, `not measurable: ${p.error}`, `<= ${target} ms`, null);
        return;
      }
      const max = p.times[p.times.length - 1];
      out[`page_${key}`] = { p50_ms: percentile(p.times, 50), max_ms: max, loads: p.times.length };
      row(label, `p50 ${percentile(p.times, 50)} ms, max ${max} ms over ${p.times.length} loads`, `<= ${target} ms`, max <= target);
    };
    pageRow('catalog', '/catalog summary, first row', 1500);
    pageRow('list', '/catalog?configType=Pod, first row', 1500);
    pageRow('graph', `relationships graph (${reads.related.items ?? '?'} related)`, 2000);
  }

  out.load_after = os.loadavg().map((l) => Number(l.toFixed(2)));
  const widths = [4, 0, 0].map((w, i) => Math.max(w, ...rows.map((r) => String(r[i + 1]).length)));
  console.log(
    `\n${out.data.items} items, ${out.data.changes} changes, ${out.data.relationships} relationships; ${CONNECTIONS} connections, ${DURATION} s each; load average ${out.load_after.join(' ')}`,
  );
  for (const [m, name, figure, target] of rows) console.log(`${m.padEnd(4)}  ${name.padEnd(widths[0])}  ${figure.padEnd(widths[1])}  ${target}`);
  console.log(JSON.stringify(out));
} finally {
  await gateway?.stop();
  await c.end();
  if (!process.env.BENCH_KEEP_DB) await db.drop();
}
