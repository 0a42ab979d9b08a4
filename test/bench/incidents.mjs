#!/usr/bin/env node
// npm run bench:incidents — 10,000 incidents, each with 5 hypotheses, 10 evidences, 20 comments and 2 responders.
// Measures, through the built gateway at 16 connections, the incident list call the web makes (filters + exact
// count, one page) and the detail call (incident with hypotheses, evidences, comments, responders), then the time
// until /incidents/{id} shows its hypothesis tree in headless Chromium. Prints figures; never fails on them.
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ADMIN, fmt, load, percentile, scratchDatabase, startGateway } from './lib.mjs';

const INCIDENTS = Number(process.env.BENCH_INCIDENTS || 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const PORT = Number(process.env.BENCH_PORT || 18110);
const BASE = `http://127.0.0.1:${PORT}`;

// The web's own queries (plugins/incidents/web/incidentListQuery.ts and incidentsApi.ts).
const LIST = `/api/db/incidents?select=*,responders(id,deleted_at,team:team_id(id,name,icon),person:person_id(id,name,avatar))&severity=eq.high&status=eq.open&order=created_at.desc&limit=50&offset=0`;
const PERSON = 'id,name,avatar';
const EVIDENCE =
  '*,component:component_id(id,name,icon,status),config:config_id(id,name,type,health),check:check_id(id,name,type,status),config_change:config_change_id(id,change_type,summary,severity),config_analysis:config_analysis_id(id,analyzer,summary,status)';
const DETAIL_SELECT = `*,hypotheses(*,evidences(${EVIDENCE}),comments(*,created_by(${PERSON}))),commander:commander_id(${PERSON}),communicator:communicator_id(${PERSON}),responders(*,team:team_id(id,name,icon,spec),person:person_id(${PERSON}))`;
const detail = (id) => `/api/db/incidents?id=eq.${id}&select=${encodeURIComponent(DETAIL_SELECT)}`;

async function seed(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now();
  const tables = ['incidents', 'hypotheses', 'evidences', 'comments', 'responders'];
  // History and event triggers would write ~400k changelog rows: the benchmark measures reads.
  for (const t of tables) await c.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);
  const { rows: people } = await c.query(
    `insert into people (name, email) select 'Person ' || g, 'p' || g || '@bench.local' from generate_series(1, 20) g returning id`,
  );
  const {
    rows: [team],
  } = await c.query(`insert into teams (name, icon, spec) values ('SRE', 'kubernetes', '{}') returning id`);
  const author = people[0].id;
  await c.query(
    `insert into incidents (title, description, severity, status, type, created_by, created_at)
     select 'Incident ' || g || ': checkout latency', 'Seeded for the benchmark',
            (array['info','warning','low','medium','high','blocker','critical'])[1 + g % 7],
            (array['open','investigating','mitigated','resolved','closed'])[1 + g % 5],
            (array['cost','availability','performance','security','integration','compliance','technicalDebt','reliability'])[1 + g % 8],
            $1, now() - make_interval(mins => g)
       from generate_series(1, $2) g`,
    [author, INCIDENTS],
  );
  await c.query(`insert into hypotheses (incident_id, title, type, status, created_by) select id, title, 'root', 'possible', $1 from incidents`, [author]);
  await c.query(
    `insert into hypotheses (incident_id, parent_id, title, type, status, created_by)
     select h.incident_id, h.id, 'Factor ' || n, 'factor', 'likely', $1 from hypotheses h, generate_series(1, 2) n where h.type = 'root'`,
    [author],
  );
  await c.query(
    `insert into hypotheses (incident_id, parent_id, title, type, status, created_by)
     select h.incident_id, h.id, 'Solution for ' || h.title, 'solution', 'possible', $1 from hypotheses h where h.type = 'factor'`,
    [author],
  );
  await c.query(
    `insert into evidences (hypothesis_id, type, description, evidence, created_by)
     select h.id, 'comment', 'Observation ' || n, jsonb_build_object('comment', 'p99 at ' || n || ' s'), $1
       from hypotheses h, generate_series(1, 2) n`,
    [author],
  );
  await c.query(
    `insert into comments (incident_id, hypothesis_id, comment, created_by)
     select h.incident_id, h.id, 'Looked at it (' || n || ') @[Person 2](user:' || $2 || ')', $1 from hypotheses h, generate_series(1, 4) n`,
    [author, people[1].id],
  );
  // Two responders each: a team's Jira ticket and a person, both already delivered.
  await c.query(
    `insert into responders (incident_id, team_id, type, properties, created_by, external_id, status)
     select id, $2, 'system', '{"responderType":"jira"}', $1, 'OPS-' || incident_id, 'created' from incidents`,
    [author, team.id],
  );
  await c.query(
    `insert into responders (incident_id, person_id, type, properties, created_by, status)
     select id, $2, 'person', '{"responderType":"person"}', $1, 'created' from incidents`,
    [author, people[2].id],
  );
  for (const t of tables) await c.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);
  for (const t of tables) await c.query(`VACUUM ANALYZE ${t}`);
  const counts = await c.query(
    `select (select count(*) from incidents) i, (select count(*) from hypotheses) h, (select count(*) from evidences) e,
            (select count(*) from comments) c, (select count(*) from responders) r`,
  );
  const { rows: ids } = await c.query(`select id from incidents order by random() limit 200`);
  await c.end();
  const n = counts.rows[0];
  console.log(`seeded ${n.i} incidents, ${n.h} hypotheses, ${n.e} evidences, ${n.c} comments, ${n.r} responders in ${Date.now() - t0} ms`);
  return ids.map((r) => r.id);
}

async function pageReady(ids) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const times = [];
    for (const id of ids) {
      const t0 = Date.now();
      await page.goto(`${BASE}/incidents/${id}`);
      // The tree is shown when the solutions (the deepest level) are on the page.
      await page.getByText('Solution', { exact: true }).first().waitFor({ timeout: 30_000 });
      times.push(Date.now() - t0);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}

const db = await scratchDatabase(`console_bench_incidents_${process.pid}`);
let gateway;
try {
  const ids = await seed(db.url);
  gateway = await startGateway(db.url, PORT);
  const headers = { cookie: gateway.cookie, prefer: 'count=exact' };
  const check = await fetch(BASE + LIST, { headers });
  console.log(`list answers ${check.status}, Content-Range ${check.headers.get('content-range')}`);
  const one = await (await fetch(BASE + detail(ids[0]), { headers: { cookie: gateway.cookie } })).json();
  console.log(
    `detail has ${one[0].hypotheses.length} hypotheses, ${one[0].hypotheses.reduce((n, h) => n + h.evidences.length, 0)} evidences, ${one[0].hypotheses.reduce((n, h) => n + h.comments.length, 0)} comments, ${one[0].responders.length} responders`,
  );

  const list = await load({ url: BASE + LIST, connections: CONNECTIONS, duration: DURATION, headers });
  const details = await load({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { cookie: gateway.cookie },
    requests: ids.slice(0, 100).map((id) => ({ method: 'GET', path: detail(id) })),
  });
  const ready = await pageReady(ids.slice(100, 110));
  const mem = gateway.rss();
  console.log(`\n${INCIDENTS} incidents, ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log(`list (filters + count)   ${fmt(list.rps).padStart(7)} req/s   p50 ${fmt(list.p50)} ms   p99 ${fmt(list.p99)} ms   (target p99 <= 50)`);
  console.log(`detail (full incident)   ${fmt(details.rps).padStart(7)} req/s   p50 ${fmt(details.p50)} ms   p99 ${fmt(details.p99)} ms   (target p99 <= 80)`);
  console.log(
    `detail page ready in Chromium over ${ready.length} incidents: p50 ${percentile(ready, 50)} ms, max ${ready[ready.length - 1]} ms (target <= 1500)`,
  );
  console.log(`gateway RSS: ${fmt(mem.now, 0)} MB now, ${fmt(mem.peak, 0)} MB peak`);
} finally {
  await gateway?.stop();
  if (!process.env.BENCH_KEEP_DB) await db.drop();
}
