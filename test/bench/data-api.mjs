#!/usr/bin/env node
// npm run bench:data-api — the data API against the same SQL through plain pg, in one run on one database.
// Seeds 100,000 config items, then for DURATION seconds at CONNECTIONS concurrent connections measures
//   /api/db/config_items?select=id,name,type,health&type=eq.X&order=name.asc&limit=50  (Prefer: count=exact)
// through the built gateway (autocannon), and the equivalent SQL through a pg Pool in this process.
// A benchmark, not a test: it prints figures and never fails on them.
import pg from 'pg';
import { CONFIG_TYPES, fmt, load, percentile, scratchDatabase, seedConfigItems, startGateway } from './lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const DURATION = Number(process.env.BENCH_DURATION || 10);
const PORT = Number(process.env.BENCH_PORT || 18100);
const TYPE = CONFIG_TYPES[7];

async function benchGateway(cookie) {
  const url = `http://127.0.0.1:${PORT}/api/db/config_items?select=id,name,type,health&type=eq.${encodeURIComponent(TYPE)}&order=name.asc&limit=50`;
  const check = await fetch(url, { headers: { cookie, prefer: 'count=exact' } });
  const body = await check.json();
  if (![200, 206].includes(check.status) || body.length !== 50) throw new Error(`unexpected answer ${check.status}: ${JSON.stringify(body).slice(0, 200)}`);
  console.log(`gateway answers ${check.status} with ${body.length} rows, Content-Range ${check.headers.get('content-range')}`);
  return load({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie, prefer: 'count=exact' } });
}

// The statement the data API runs for that request (see gateway/src/core/data-api/sql-builder.ts buildRead).
const SQL = `SELECT (SELECT count(*) FROM "public"."config_items" WHERE "config_items"."type" = $1) AS total, count(*) AS page_total,
  coalesce(json_agg(_pgrst_t), '[]')::text AS body
  FROM (SELECT "config_items"."id", "config_items"."name", "config_items"."type", "config_items"."health"
          FROM "public"."config_items" WHERE "config_items"."type" = $1 ORDER BY "config_items"."name" ASC LIMIT 50) _pgrst_t`;

async function benchDirect(dbUrl) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONNECTIONS });
  const run = async (until, lat) => {
    while (Date.now() < until) {
      const t = performance.now();
      const res = await pool.query(SQL, [TYPE]);
      lat?.push(performance.now() - t);
      if (res.rows[0].page_total !== '50') throw new Error('unexpected page');
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, () => run(Date.now() + 2000)));
  const lat = [];
  const start = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, () => run(start + DURATION * 1000, lat)));
  const elapsed = (Date.now() - start) / 1000;
  await pool.end();
  lat.sort((a, b) => a - b);
  return { rps: lat.length / elapsed, p50: percentile(lat, 50), p99: percentile(lat, 99), total: lat.length };
}

const db = await scratchDatabase(`console_bench_${process.pid}`);
let gateway;
try {
  const t0 = Date.now();
  await seedConfigItems(db.url, ROWS);
  console.log(`seeded ${ROWS} config items (${CONFIG_TYPES.length} types) in ${Date.now() - t0} ms`);
  gateway = await startGateway(db.url, PORT);
  const direct = await benchDirect(db.url);
  const viaGateway = await benchGateway(gateway.cookie);
  const mem = gateway.rss();
  console.log(
    `\nconfig_items list, type=eq.X, limit 50, count=exact, ${CONNECTIONS} connections, ${DURATION} s, ${ROWS} rows, gateway LOG_LEVEL=${process.env.BENCH_LOG_LEVEL || 'info'}`,
  );
  console.log(`                req/s      p50 ms   p99 ms   requests`);
  console.log(`direct pg    ${fmt(direct.rps).padStart(8)}  ${fmt(direct.p50, 2).padStart(8)} ${fmt(direct.p99, 2).padStart(8)}   ${direct.total}`);
  console.log(
    `data API     ${fmt(viaGateway.rps).padStart(8)}  ${fmt(viaGateway.p50, 2).padStart(8)} ${fmt(viaGateway.p99, 2).padStart(8)}   ${viaGateway.total}`,
  );
  console.log(`throughput ratio (data API / direct pg): ${fmt(viaGateway.rps / direct.rps, 2)}  (target >= 0.5)`);
  console.log(`data API p99: ${fmt(viaGateway.p99, 1)} ms (target <= 50)`);
  console.log(`gateway RSS: ${fmt(mem.now, 0)} MB now, ${fmt(mem.peak, 0)} MB peak (target <= 300)`);
} finally {
  await gateway?.stop();
  await db.drop();
}
