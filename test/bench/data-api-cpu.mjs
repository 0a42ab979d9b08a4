#!/usr/bin/env node
// node test/bench/data-api-cpu.mjs (after npm run build -w gateway) — where the CPU of one data-API list call goes.
// The anchor (../shared/bench/lean-anchor.mjs) compares req/s, which on a shared machine moves with everybody else's
// load. This serves the same list call through the same lean node:http + pg server and through the gateway, and for
// each measures the CPU time per request of the server process, of the Postgres backends of the benchmark database
// and of the load generator (from /proc and process.cpuUsage()). Those move much less with other load, and their sum
// is what bounds req/s on a CPU-bound machine: lean total / gateway total is the throughput ratio to expect.
// BENCH_ROUNDS (3) rounds of lean then gateway, BENCH_DURATION (8) s each after a 2 s warm-up, BENCH_CONNECTIONS (32).
// A benchmark, not a test: it prints figures and never fails on them.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CONFIG_TYPES, fmt, root, scratchDatabase, seedConfigItems, startGateway } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const DURATION = Number(process.env.BENCH_DURATION || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const LEAN_PORT = 18171;
const GATEWAY_PORT = 18172;
const TYPE = CONFIG_TYPES[7];
const QUERY = `select=id,name,type,health&type=eq.${encodeURIComponent(TYPE)}&order=name.asc&limit=50`;

// The anchor's lean server, as it is there.
const SQL = `SELECT (SELECT count(*) FROM "public"."config_items" WHERE "config_items"."type" = $1) AS total, count(*) AS page_total,
  coalesce(json_agg(_pgrst_t), '[]')::text AS body
  FROM (SELECT "config_items"."id", "config_items"."name", "config_items"."type", "config_items"."health"
          FROM "public"."config_items" WHERE "config_items"."type" = $1 ORDER BY "config_items"."name" ASC LIMIT 50) _pgrst_t`;
const LEAN = `const http=require('http');const pg=require('pg');const pool=new pg.Pool({connectionString:process.env.U,max:16});
const SQL=${JSON.stringify(SQL)};
http.createServer(async(req,res)=>{ if(!req.headers.cookie){res.statusCode=401;return res.end()}
 const u=new URL(req.url,'http://x');const t=u.searchParams.get('type').slice(3);
 const r=await pool.query(SQL,[t]);const row=r.rows[0];
 res.writeHead(206,{'content-type':'application/json','content-range':'0-49/'+row.total});res.end(row.body);}).listen(${LEAN_PORT},'127.0.0.1');`;

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return 0;
  }
}

const db = await scratchDatabase(`console_bench_cpu_${process.pid}`);
const dbName = new URL(db.url).pathname.slice(1);
const adminUrl = new URL(db.url);
adminUrl.pathname = '/postgres';
const admin = new pg.Client({ connectionString: adminUrl.toString() });

async function measure(name, port, pid, headers) {
  const options = { url: `http://127.0.0.1:${port}/api/db/config_items?${QUERY}`, connections: CONNECTIONS, headers };
  await autocannon({ ...options, duration: 2 });
  const backends = (await admin.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid);
  const server0 = cpuMs(pid);
  const pg0 = backends.map(cpuMs);
  const self0 = process.cpuUsage();
  const r = await autocannon({ ...options, duration: DURATION });
  const self = process.cpuUsage(self0);
  const n = r.requests.total;
  const perRequest = (ms) => (ms * 1000) / n;
  const result = {
    rps: r.requests.average,
    p99: r.latency.p99,
    server: perRequest(cpuMs(pid) - server0),
    pg: perRequest(backends.map(cpuMs).reduce((sum, ms, i) => sum + ms - pg0[i], 0)),
    loadgen: perRequest((self.user + self.system) / 1000),
  };
  if (r.non2xx || r.errors) console.log(`WARNING: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  console.log(
    `${name.padEnd(8)} ${fmt(result.rps, 0).padStart(6)} req/s  p99 ${String(result.p99).padStart(3)} ms | CPU µs per request: ` +
      `server ${fmt(result.server, 0).padStart(4)}  postgres ${fmt(result.pg, 0).padStart(4)}  load generator ${fmt(result.loadgen, 0).padStart(3)}  ` +
      `total ${fmt(result.server + result.pg + result.loadgen, 0).padStart(4)}`,
  );
  return result;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs = { lean: [], gateway: [] };
try {
  await admin.connect();
  await seedConfigItems(db.url);
  for (let round = 0; round < ROUNDS; round++) {
    const lean = spawn('node', ['-e', LEAN], { env: { ...process.env, U: db.url, NODE_PATH: path.join(root, 'node_modules') }, stdio: 'inherit' });
    await new Promise((r) => setTimeout(r, 1000));
    runs.lean.push(await measure('lean', LEAN_PORT, lean.pid, { cookie: 'x=1', prefer: 'count=exact' }));
    lean.kill();
    const gateway = await startGateway(db.url, GATEWAY_PORT);
    runs.gateway.push(await measure('gateway', GATEWAY_PORT, gateway.child.pid, { cookie: gateway.cookie, prefer: 'count=exact' }));
    await gateway.stop();
  }
  const m = (name, key) => median(runs[name].map((r) => r[key]));
  const total = (name) => median(runs[name].map((r) => r.server + r.pg + r.loadgen));
  console.log(`\nmedians over ${ROUNDS} rounds (${CONNECTIONS} connections, ${DURATION} s):`);
  for (const name of ['lean', 'gateway']) {
    console.log(
      `${name.padEnd(8)} ${fmt(m(name, 'rps'), 0).padStart(6)} req/s  p99 ${String(m(name, 'p99')).padStart(3)} ms | CPU µs per request: server ${fmt(m(name, 'server'), 0)}, ` +
        `postgres ${fmt(m(name, 'pg'), 0)}, load generator ${fmt(m(name, 'loadgen'), 0)}, total ${fmt(total(name), 0)}`,
    );
  }
  console.log(
    `gateway/lean: req/s ${fmt(m('gateway', 'rps') / m('lean', 'rps'), 2)}, CPU per request (lean total / gateway total) ${fmt(total('lean') / total('gateway'), 2)}`,
  );
} finally {
  await admin.end();
  await db.drop();
}
