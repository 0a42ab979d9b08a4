#!/usr/bin/env node
// npm run bench:auth — what signing in costs, and what each way of presenting credentials adds to a request.
//  1. Sign-in rate: POST /api/auth/login with the right password (argon2id at the library's default cost, RFC 9106's
//     second recommended setting: t=3, 64 MiB, p=4; the benchmark never lowers it).
//  2. Authenticated request overhead at 32 connections on a trivial route (GET /api/about): no credentials (the
//     baseline), the session cookie, Basic, an access token (Bearer oc_…) and a single sign-on provider's JWT (Bearer,
//     verified against the provider's JWKS) — p50/p99 and req/s of each, and its ratio to the baseline.
// The guard resolves and checks the credentials on every route, public ones included (a bad one is a 401 there too),
// so the route's own work is the same in every row and the difference is the authentication.
// Prints figures; never fails on them. Target (issue 14): every authenticated path ≥ 0.9× the baseline's req/s.
import autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, fmt, load, root, scratchDatabase, startGateway } from './lib.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const PORT = Number(process.env.BENCH_PORT || 18140);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUTE = `${BASE}/api/about`;

/** A single sign-on provider on loopback (the API tests' own), if this checkout has one: its JWT is the fifth row. */
async function providerJwt() {
  const helper = path.join(root, 'test/support/oidc-provider/bench-token.mjs');
  if (!fs.existsSync(helper)) return null;
  const { startProviderForBench } = await import(helper);
  return startProviderForBench();
}

async function signInRate(db) {
  const body = JSON.stringify(ADMIN);
  const run = (connections) =>
    autocannon({ url: `${BASE}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration: DURATION });
  // Warm up, then measure at the hashing concurrency and beyond it (the rest wait in line).
  await autocannon({ url: `${BASE}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 2, duration: 2 });
  const rows = [];
  for (const connections of [2, 8]) {
    const r = await run(connections);
    rows.push({ connections, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
  }
  await db.query(`delete from sessions`); // thousands of sessions made by the sign-ins
  return rows;
}

async function main() {
  const db = await scratchDatabase('bench_auth');
  const sso = await providerJwt().catch((error) => {
    console.log(`single sign-on row skipped: ${error.message}`);
    return null;
  });
  const gateway = await startGateway(db.url, PORT, sso?.env ?? {});
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const csrf = /console_csrf=([^;]+)/.exec(gateway.cookie)?.[1];
    const kubeconfig = await fetch(`${BASE}/api/kubeconfig`, { method: 'POST', headers: { cookie: gateway.cookie, 'x-csrf-token': csrf ?? '' } });
    const token = /token: (\S+)/.exec(await kubeconfig.text())?.[1];
    if (!token) throw new Error(`no access token: kubeconfig answered ${kubeconfig.status}`);
    const basic = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

    const paths = [
      ['none (baseline)', {}],
      ['session cookie', { cookie: gateway.cookie }],
      ['Basic', { authorization: basic }],
      ['Bearer access token', { authorization: `Bearer ${token}` }],
    ];
    if (sso) paths.push(['Bearer provider JWT', { authorization: `Bearer ${await sso.token()}` }]);

    console.log(`\nAuthenticated request overhead: GET /api/about, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each, interleaved`);
    // Rounds interleave the paths, so a change in the machine's load lands on all of them alike; the median round counts.
    const runs = new Map(paths.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, headers] of paths) runs.get(name).push(await load({ url: ROUTE, headers, connections: CONNECTIONS, duration: DURATION }));
    }
    const median = (list) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
    const baseline = median(runs.get(paths[0][0])).rps;
    console.log('| credentials | req/s | p50 ms | p99 ms | × baseline | requests | errors + non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name] of paths) {
      const r = median(runs.get(name));
      const failed = runs.get(name).reduce((n, x) => n + x.errors + x.non2xx, 0);
      const total = runs.get(name).reduce((n, x) => n + x.total, 0);
      console.log(`| ${name} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${fmt(r.rps / baseline, 2)} | ${total} | ${failed} |`);
    }
    if (!sso) console.log('(no single sign-on provider in this checkout: the provider JWT row is missing)');

    console.log(`\nSign-in rate: POST /api/auth/login (argon2id t=3, 64 MiB, p=4; PASSWORD_HASH_CONCURRENCY=2), ${DURATION} s each`);
    console.log('| connections | sign-ins/s | p50 ms | p99 ms | non-2xx |');
    console.log('|---:|---:|---:|---:|---:|');
    for (const row of await signInRate(client)) {
      console.log(`| ${row.connections} | ${fmt(row.rps, 1)} | ${row.p50} | ${row.p99} | ${row.non2xx} |`);
    }
    console.log(`gateway RSS ${fmt(gateway.rss().now, 0)} MiB (peak ${fmt(gateway.rss().peak, 0)} MiB)`);
  } finally {
    await client.end();
    await gateway.stop();
    await sso?.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
