#!/usr/bin/env node
// npm run soak — the built gateway under mixed reads and writes for SOAK_SECONDS (default 600), with the check
// scheduler running HTTP checks against a loopback server the whole time. Not part of `npm test`.
// Reports every answer that was not 2xx (and every network error), latency per kind, the gateway's RSS over time,
// and whether every acknowledged write is in the database afterwards. Exits 1 when any request failed or a write is
// missing; memory is reported, not judged (compare the first and last minute).
import http from 'node:http';
import pg from 'pg';
import { ADMIN, fmt, percentile, scratchDatabase, startGateway } from './lib.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS || 600);
const WORKERS = Number(process.env.SOAK_WORKERS || 8);
const PORT = Number(process.env.SOAK_PORT || 18120);
const CHECKS = Number(process.env.SOAK_CHECKS || 50);
const BASE = `http://127.0.0.1:${PORT}`;
const basic = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

// A peer for the HTTP checks: answers 200, now and then 500, so checks change state.
let peerHits = 0;
const peer = http.createServer((_req, res) => {
  peerHits += 1;
  res.writeHead(peerHits % 7 === 0 ? 500 : 200, { 'content-type': 'text/plain' }).end('ok');
});
await new Promise((r) => peer.listen(0, '127.0.0.1', r));
const peerUrl = `http://127.0.0.1:${peer.address().port}/`;

const db = await scratchDatabase('console_soak');
const gateway = await startGateway(db.url, PORT);

async function call(method, path, body, headers = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { authorization: basic, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

// Setup: canaries with HTTP checks every 15 s, and a few incidents to read and comment on.
for (let i = 0; i < CHECKS; i += 10) {
  const http = Array.from({ length: Math.min(10, CHECKS - i) }, (_, j) => ({ name: `soak-${i + j}`, url: peerUrl, responseCodes: [200] }));
  await call('POST', '/api/canaries', { name: `soak-${i / 10}`, namespace: 'soak', spec: { schedule: '@every 15s', http } });
}
const incidents = [];
for (let i = 0; i < 5; i++) incidents.push((await call('POST', '/api/incidents', { title: `soak incident ${i}`, severity: 'high', type: 'availability' })).id);

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const acknowledged = { comments: [], incidents: [...incidents] };
const kinds = {
  'list incidents': () => call('GET', '/api/db/incidents?select=*,responders(id,person:person_id(id,name))&order=created_at.desc&limit=50'),
  'incident detail': () => call('GET', `/api/incidents/${pick(acknowledged.incidents)}`),
  'list checks': () => call('GET', '/api/db/checks?select=id,name,status,last_runtime&order=name.asc&limit=100'),
  'health summary': () => call('POST', '/api/canary/api/summary', { timeRange: '1h' }),
  whoami: () => call('GET', '/api/auth/whoami'),
  'add comment': async () => {
    const body = { incident_id: pick(acknowledged.incidents), comment: `soak ${Date.now()}` };
    const [row] = await call('POST', '/api/db/comments', body, { prefer: 'return=representation' });
    acknowledged.comments.push(row.id);
  },
  'create incident': async () =>
    acknowledged.incidents.push((await call('POST', '/api/incidents', { title: `soak ${Date.now()}`, severity: 'low', type: 'performance' })).id),
};
const weights = [
  ['list incidents', 25],
  ['incident detail', 20],
  ['list checks', 15],
  ['health summary', 10],
  ['whoami', 10],
  ['add comment', 15],
  ['create incident', 5],
];
const total = weights.reduce((s, [, w]) => s + w, 0);
function choose() {
  let n = Math.random() * total;
  for (const [kind, w] of weights) if ((n -= w) < 0) return kind;
  return weights[0][0];
}

const latencies = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
const errors = [];
const rss = [];
const started = Date.now();
const deadline = started + SECONDS * 1000;
const sampler = setInterval(() => rss.push({ t: (Date.now() - started) / 1000, ...gateway.rss() }), 10_000);
console.log(`soak: ${SECONDS}s, ${WORKERS} workers, ${CHECKS} HTTP checks every 15s; gateway RSS at start ${fmt(gateway.rss().now)} MB`);

async function worker() {
  while (Date.now() < deadline) {
    const kind = choose();
    const t = performance.now();
    try {
      await kinds[kind]();
      latencies[kind].push(performance.now() - t);
    } catch (error) {
      errors.push(`${kind}: ${error.message}`);
    }
  }
}
const progress = setInterval(() => {
  const done = Object.values(latencies).reduce((s, l) => s + l.length, 0);
  console.log(`  ${Math.round((Date.now() - started) / 1000)}s: ${done} requests, ${errors.length} errors, RSS ${fmt(gateway.rss().now)} MB`);
}, 60_000);
await Promise.all(Array.from({ length: WORKERS }, worker));
clearInterval(sampler);
clearInterval(progress);

// Every acknowledged write must be there.
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const foundComments = (await client.query('select count(*)::int n from comments where id = any($1)', [acknowledged.comments])).rows[0].n;
const foundIncidents = (await client.query('select count(*)::int n from incidents where id = any($1)', [acknowledged.incidents])).rows[0].n;
const checkRuns = (await client.query('select count(*)::int n from check_statuses')).rows[0].n;
await client.end();
await gateway.stop();
peer.close();
await db.drop();

const requests = Object.values(latencies).reduce((s, l) => s + l.length, 0);
console.log(`\nrequests: ${requests} in ${SECONDS}s (${fmt(requests / SECONDS)} req/s), errors: ${errors.length}; check runs stored: ${checkRuns}`);
for (const [kind, list] of Object.entries(latencies)) {
  list.sort((a, b) => a - b);
  console.log(`  ${kind.padEnd(16)} n=${String(list.length).padStart(6)}  p50 ${fmt(percentile(list, 50))} ms  p99 ${fmt(percentile(list, 99))} ms`);
}
const minute = (from, to) => rss.filter((s) => s.t >= from && s.t < to).map((s) => s.now);
const avg = (l) => (l.length ? l.reduce((s, x) => s + x, 0) / l.length : NaN);
const first = avg(minute(0, 60));
const last = avg(minute(SECONDS - 60, SECONDS + 1));
console.log(`gateway RSS: first minute avg ${fmt(first)} MB, last minute avg ${fmt(last)} MB, peak ${fmt(Math.max(...rss.map((s) => s.peak)))} MB`);
console.log(
  `writes acknowledged and found: comments ${foundComments}/${acknowledged.comments.length}, incidents ${foundIncidents}/${acknowledged.incidents.length}`,
);
for (const e of errors.slice(0, 10)) console.log(`  error: ${e}`);
const lost = foundComments !== acknowledged.comments.length || foundIncidents !== acknowledged.incidents.length;
process.exit(errors.length || lost ? 1 : 0);
