import { RetentionService } from '../../../plugins/health/gateway/retention.service';
import { SummaryService } from '../../../plugins/health/gateway/summary.service';
import { TestApp } from '../../support/test-app';

describe('GET|POST /api/canary/api/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', HEALTH_SUMMARY_CACHE_MS: '0' }); // every read here must see the rows just written
  });
  afterAll(() => t?.stop());

  it('computes last-hour uptime and latency percentiles in SQL, ignoring invalid and older results', async () => {
    const editor = await t.signInAs(['editor']);
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({
        name: 'sum',
        namespace: 'prod',
        labels: { team: 'web' },
        spec: { schedule: '@every 1m', ldap: [{ name: 'a' }, { name: 'b', labels: { tier: 'db' } }] },
      })
      .expect(201);
    const [a, b] = created.body.checks.map((c: { id: string }) => c.id);
    // a: passes 10, 20, 30 ms; fails 40, 100 ms; one invalid (ignored); one two hours old (ignored)
    const rows: Array<[string, string, number, boolean, boolean]> = [
      [a, '50 minutes', 10, true, false],
      [a, '40 minutes', 20, true, false],
      [a, '30 minutes', 100, false, false],
      [a, '20 minutes', 30, true, false],
      [a, '10 minutes', 40, false, false],
      [a, '5 minutes', 9999, false, true],
      [a, '2 hours', 5000, true, false],
    ];
    for (const [id, ago, duration, status, invalid] of rows) {
      await t.pool.query(`insert into check_statuses (check_id, time, duration, status, invalid) values ($1, now() - $2::interval, $3, $4, $5)`, [
        id,
        ago,
        duration,
        status,
        invalid,
      ]);
    }
    // The last hour is precomputed: until the view refreshes (every minute), it shows what it had.
    const stale = await editor.agent.get('/api/canary/api/summary').expect(200);
    expect(stale.body.checks_summary.find((s: { id: string }) => s.id === a).uptime).toMatchObject({ passed: 0, failed: 0 });
    await t.app.get(SummaryService).refresh();
    const res = await editor.agent.get('/api/canary/api/summary').expect(200);
    const sa = res.body.checks_summary.find((s: { id: string }) => s.id === a);
    expect(sa).toMatchObject({
      name: 'a',
      canary_id: created.body.id,
      canary_name: 'sum',
      namespace: 'prod',
      type: 'ldap',
      labels: { team: 'web' },
      uptime: { passed: 3, failed: 2 },
    });
    // the newest stored run's message is what the dashboard's tooltip shows; an invalid run does not count
    await editor.agent.post(`/api/canary/run/check/${a}`).set('x-csrf-token', editor.csrf).send({}).expect(200);
    const afterRun = (await editor.agent.get(`/api/canary/api/summary?check_id=${a}`).expect(200)).body.checks_summary[0];
    expect(afterRun).toMatchObject({ last_invalid: true, last_message: expect.stringContaining('check type not supported'), uptime: { passed: 3, failed: 2 } });
    // sorted durations 10, 20, 30, 40, 100: p50 = 30; p95 = 40 + 0.8·60 = 88; p97 = 40 + 0.88·60 = 92.8; p99 = 40 + 0.96·60 = 97.6
    expect(sa.latency).toEqual({ p50: 30, p95: 88, p97: 92.8, p99: 97.6 });
    const times = (
      await t.pool.query(
        `select max(time) filter (where status and not invalid) lp, max(time) filter (where not status and not invalid and time > now() - interval '1 hour') lf from check_statuses where check_id = $1`,
        [a],
      )
    ).rows[0];
    expect(new Date(sa.uptime.last_pass).getTime()).toBe(times.lp.getTime());
    expect(new Date(sa.uptime.last_fail).getTime()).toBe(times.lf.getTime());
    const sb = res.body.checks_summary.find((s: { id: string }) => s.id === b);
    expect(sb).toMatchObject({ uptime: { passed: 0, failed: 0, last_pass: null, last_fail: null }, latency: { p50: null, p95: null, p97: null, p99: null } });

    // A result newer than the refresh counts at once, without waiting for the next one.
    await t.pool.query(`insert into check_statuses (check_id, time, duration, status) values ($1, now(), 7, true)`, [b]);
    const fresh = (await editor.agent.get(`/api/canary/api/summary?check_id=${b}`).expect(200)).body.checks_summary[0];
    expect(fresh).toMatchObject({ uptime: { passed: 1, failed: 0 }, latency: { p50: 7, p99: 7 } });
    // and for a check with both parts, counts add up: a's 3 passes and 2 failures plus a new failure of 70 ms
    await t.pool.query(`insert into check_statuses (check_id, time, duration, status) values ($1, now(), 70, false)`, [a]);
    const both = (await editor.agent.get(`/api/canary/api/summary?check_id=${a}`).expect(200)).body.checks_summary[0];
    expect(both.uptime).toMatchObject({ passed: 3, failed: 3 });
    // p50 weighted by counts: (30·5 + 70·1) / 6 = 36.7
    expect(both.latency.p50).toBe(36.7);
    await t.pool.query(`delete from check_statuses where (check_id = $1 and duration = 7) or (check_id = $2 and duration = 70)`, [b, a]);

    const wide = await editor.agent
      .post('/api/canary/api/summary')
      .set('x-csrf-token', editor.csrf)
      .send({ timeRange: '3h', labels: { tier: 'db' } })
      .expect(200);
    expect(wide.body.checks_summary.map((s: { id: string }) => s.id)).toEqual([b]);
    const long = await editor.agent.post('/api/canary/api/summary').set('x-csrf-token', editor.csrf).send({ timeRange: '3h', check_id: a }).expect(200);
    expect(long.body.checks_summary[0].uptime).toMatchObject({ passed: 4, failed: 2 });
    await editor.agent.get('/api/canary/api/summary?timeRange=soon').expect(400);
  });

  it('rolls complete hours and days up, so long ranges keep their counts after the raw rows expire', async () => {
    const editor = await t.signInAs(['editor']);
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'rolled', spec: { ldap: [{ name: 'r' }] } })
      .expect(201);
    const id = created.body.checks[0].id;
    // three days ago: 2 passes (10, 30 ms) and a failure (50 ms) in one hour, an invalid one ignored; two days ago one pass (20 ms)
    const rows: Array<[string, number, boolean, boolean]> = [
      ['3 days', 10, true, false],
      ['3 days 00:00:01', 30, true, false],
      ['3 days 00:00:02', 50, false, false],
      ['3 days 00:00:03', 999, false, true],
      ['2 days', 20, true, false],
    ];
    for (const [ago, duration, status, invalid] of rows) {
      await t.pool.query(
        `insert into check_statuses (check_id, time, duration, status, invalid) values ($1, date_trunc('hour', now()) - $2::interval + interval '5 minutes', $3, $4, $5)`,
        [id, ago, duration, status, invalid],
      );
    }
    const summary = async () =>
      (await editor.agent.post('/api/canary/api/summary').set('x-csrf-token', editor.csrf).send({ timeRange: '1w', check_id: id }).expect(200)).body
        .checks_summary[0];
    const raw = await summary();
    expect(raw.uptime).toMatchObject({ passed: 3, failed: 1 });
    const service = t.app.get(RetentionService);
    const written = await service.rollup();
    expect(written.hours).toBeGreaterThanOrEqual(2);
    const hour = (
      await t.pool.query(
        `select passed, failed, invalid, duration_sum, duration_max, p50 from check_status_rollups where check_id = $1 and granularity = 'hour' order by time limit 1`,
        [id],
      )
    ).rows[0];
    expect(hour).toEqual({ passed: 2, failed: 1, invalid: 1, duration_sum: '90', duration_max: 50, p50: 30 });
    expect((await t.pool.query(`select count(*)::int n from check_status_rollups where check_id = $1 and granularity = 'day'`, [id])).rows[0].n).toBe(2);
    // idempotent: rolling again rewrites the last hours and day with the same numbers
    const snapshot = () =>
      t.pool.query(`select granularity, time, passed, failed, invalid, duration_sum, p50 from check_status_rollups where check_id = $1 order by 1, 2`, [id]);
    const first = (await snapshot()).rows;
    await service.rollup();
    expect((await snapshot()).rows).toEqual(first);
    // the raw rows go; the week's counts stay (now from the rollups)
    await t.pool.query(`delete from check_statuses where check_id = $1`, [id]);
    const rolled = await summary();
    expect(rolled.uptime).toMatchObject({ passed: 3, failed: 1 });
    // latency: hour 1 p50 30 over 3 results, hour 2 p50 20 over 1 → weighted (30·3 + 20·1) / 4 = 27.5
    expect(rolled.latency.p50).toBe(27.5);
    // the week's graph (1 h buckets) comes from the rollups too: two buckets, averages from duration sums
    const week = (await editor.agent.get(`/api/canary/api/graph?check_id=${id}&timeRange=1w`).expect(200)).body;
    expect(week.bucket_seconds).toBe(3600);
    expect(
      week.points.map((p: { passed: number; failed: number; invalid: number; avg_duration: number; max_duration: number }) => [
        p.passed,
        p.failed,
        p.invalid,
        p.avg_duration,
        p.max_duration,
      ]),
    ).toEqual([
      [2, 1, 1, 30, 50],
      [1, 0, 0, 20, 20],
    ]);
    // a result stored late, into the last complete hour (already rolled), is still rolled up on the next pass
    await t.pool.query(
      `insert into check_statuses (check_id, time, duration, status) values ($1, date_trunc('hour', now()) - interval '50 minutes', 40, false)`,
      [id],
    );
    await service.rollup();
    const late = await t.pool.query(
      `select passed, failed from check_status_rollups where check_id = $1 and granularity = 'hour' and time = date_trunc('hour', now()) - interval '1 hour'`,
      [id],
    );
    expect(late.rows).toEqual([{ passed: 0, failed: 1 }]);
  });

  it('prunes raw results older than the retention', async () => {
    const editor = await t.signInAs(['editor']);
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'old', spec: { ldap: [{ name: 'a' }] } })
      .expect(201);
    const id = created.body.checks[0].id;
    for (const ago of ['31 days', '29 days', '1 minute']) {
      await t.pool.query(`insert into check_statuses (check_id, time, duration, status) values ($1, now() - $2::interval, 1, true)`, [id, ago]);
    }
    expect(await t.app.get(RetentionService).prune(30)).toBe(1);
    expect((await t.pool.query(`select count(*)::int n from check_statuses where check_id = $1`, [id])).rows[0].n).toBe(2);
  });

  it("buckets a check's results for the graph", async () => {
    const editor = await t.signInAs(['editor']);
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'graph', spec: { ldap: [{ name: 'a' }] } })
      .expect(201);
    const id = created.body.checks[0].id;
    const base = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    const rows: Array<[number, number, boolean, boolean]> = [
      [base + 1000, 10, true, false],
      [base + 2000, 30, false, false],
      [base + 3000, 999, false, true],
      [base + 61_000, 50, true, false],
    ];
    for (const [ms, duration, status, invalid] of rows) {
      await t.pool.query(`insert into check_statuses (check_id, time, duration, status, invalid) values ($1, $2, $3, $4, $5)`, [
        id,
        new Date(ms),
        duration,
        status,
        invalid,
      ]);
    }
    const res = await editor.agent.get(`/api/canary/api/graph?check_id=${id}&timeRange=1h`).expect(200);
    expect(res.body.bucket_seconds).toBe(60);
    expect(res.body.points.map((p: { time: string }) => new Date(p.time).getTime())).toEqual([base, base + 60_000]);
    expect(res.body.points[0]).toMatchObject({ passed: 1, failed: 1, invalid: 1, avg_duration: 20, max_duration: 30 });
    expect(res.body.points[1]).toMatchObject({ passed: 1, failed: 0, invalid: 0, avg_duration: 50 });
    expect((await editor.agent.get(`/api/canary/api/graph?check_id=${id}&timeRange=3d`).expect(200)).body.bucket_seconds).toBe(3600);
  });
});
