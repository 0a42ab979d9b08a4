import { ensure, insert, type SeedContext } from './context';
import { demoId, json, minutesAgo } from './demo-ids';

/** A canary with checks, an hour of check results, and their links to configs (the demo topology links components by selector). */
export async function seedHealth(ctx: SeedContext): Promise<void> {
  // Every target is on this machine (the console's own endpoints, the loopback Postgres and DNS ports): the demo
  // checks run for real once the scheduler picks them up, and a demo must never send traffic elsewhere.
  const checks = [
    {
      key: 'checkout',
      type: 'http',
      name: 'checkout-api health',
      endpoint: 'http://127.0.0.1:8080/healthz',
      base: 110,
      spread: 60,
      failEvery: 0,
      severity: 'high',
      config: 'deploy:checkout-api',
    },
    {
      key: 'payments',
      type: 'http',
      name: 'payments-api health',
      endpoint: 'http://127.0.0.1:8080/readyz',
      base: 640,
      spread: 900,
      failEvery: 3,
      severity: 'critical',
      config: 'deploy:payments-api',
    },
    {
      key: 'orders-db',
      type: 'tcp',
      name: 'orders-db port',
      endpoint: '127.0.0.1:5432',
      base: 12,
      spread: 9,
      failEvery: 0,
      severity: 'high',
      config: 'rds:orders',
    },
    {
      key: 'dns',
      type: 'dns',
      name: 'localhost lookup',
      endpoint: 'localhost',
      base: 6,
      spread: 11,
      failEvery: 0,
      severity: 'medium',
      config: null,
    },
  ];
  const spec = {
    schedule: '@every 1m',
    http: checks.filter((c) => c.type === 'http').map((c) => ({ name: c.name, url: c.endpoint, responseCodes: [200] })),
    tcp: checks.filter((c) => c.type === 'tcp').map((c) => ({ name: c.name, endpoint: c.endpoint })),
    dns: checks.filter((c) => c.type === 'dns').map((c) => ({ name: c.name, server: '127.0.0.1', port: 53, query: c.endpoint, querytype: 'A' })),
  };
  ctx.canaryId = await ensure(
    ctx,
    'canaries',
    {
      id: demoId('canary:checkout'),
      name: 'checkout-endpoints',
      namespace: 'default',
      labels: json({ team: 'sre', env: 'production' }),
      spec: json(spec),
      schedule: '@every 1m',
      source: 'UI',
      created_by: ctx.adminId,
    },
    ['namespace', 'name'],
  );
  for (const c of checks) {
    const id = await ensure(
      ctx,
      'checks',
      {
        id: demoId(`check:${c.key}`),
        canary_id: ctx.canaryId,
        type: c.type,
        name: c.name,
        description: `${c.type.toUpperCase()} check of ${c.endpoint}`,
        icon: c.type,
        labels: json({ team: 'sre', env: 'production' }),
        endpoint: c.endpoint,
        namespace: 'default',
        severity: c.severity,
        owner: 'sre',
        // The same entry the canary document holds for this check: it is what the runner reads.
        spec: json((spec[c.type as 'http' | 'tcp' | 'dns'] as { name: string }[]).find((entry) => entry.name === c.name)),
        status: c.failEvery ? 'unhealthy' : 'healthy',
        last_runtime: minutesAgo(0.5),
        last_transition_time: minutesAgo(c.failEvery ? 118 : 60 * 26),
        next_runtime: minutesAgo(-0.5),
      },
      ['canary_id', 'type', 'name'],
      false,
    );
    // One result per minute for the last hour: duration varies, every failEvery-th run fails.
    await ctx.db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, message, error)
         SELECT $1::uuid, date_trunc('minute', now()) - make_interval(mins => n),
                $2::int + ((n * 37) % ($3::int + 1)),
                ($4::int = 0 OR n % $4::int <> 0),
                CASE WHEN $4::int = 0 OR n % $4::int <> 0 THEN $5 ELSE NULL END,
                CASE WHEN $4::int = 0 OR n % $4::int <> 0 THEN NULL ELSE $6 END
         FROM generate_series(0, 59) AS n
         ON CONFLICT DO NOTHING`,
      [id, c.base, c.spread, c.failEvery, c.type === 'http' ? 'HTTP 200 OK' : 'ok', 'HTTP 503 Service Unavailable'],
    );
    if (c.config) {
      await insert(ctx, 'check_config_relationships', { config_id: demoId(`config:${c.config}`), check_id: id, canary_id: ctx.canaryId, selector_id: 'demo' });
    }
  }
}
