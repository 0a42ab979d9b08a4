import type { ExtensionPoint } from '../../../gateway/src/core/plugin-host/extension-point';
import { CHECK_RUNNERS } from '../../../gateway/src/core/checks/check-runners';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import type { CheckRunner } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { CheckRunnerService } from '../../../plugins/health/gateway/check-runner.service';
import { CheckScheduler } from '../../../plugins/health/gateway/check-scheduler.service';
import { metricsRegistry } from '@gateway/core/observability/metrics';
import { TestApp } from '../../support/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('check scheduler', () => {
  let t: TestApp;
  let active = 0;
  let maxActive = 0;
  let runs = 0;
  let delayMs = 1500;
  const fake: CheckRunner = {
    type: 'junit',
    validate: () => [],
    run: async () => {
      runs++;
      active++;
      maxActive = Math.max(maxActive, active);
      await sleep(delayMs);
      active--;
      return { pass: true, invalid: false, duration: delayMs, message: 'ok', error: null, details: {} };
    },
  };
  let dnsPass = true;
  const dns: CheckRunner = {
    type: 'dns',
    validate: () => [],
    run: async (spec) => ({
      pass: dnsPass,
      invalid: false,
      duration: typeof spec.duration === 'number' ? spec.duration : 3,
      message: typeof spec.say === 'string' ? spec.say : dnsPass ? 'ok' : 'down',
      error: dnsPass ? null : 'down',
      details: {},
    }),
  };
  const byType = new Map<string, { active: number; max: number; runs: number }>();
  let allActive = 0;
  let allMax = 0;
  const capped = (type: string): CheckRunner => ({
    type,
    validate: () => [],
    run: async () => {
      const s = byType.get(type) ?? { active: 0, max: 0, runs: 0 };
      byType.set(type, s);
      s.runs++;
      s.active++;
      allActive++;
      s.max = Math.max(s.max, s.active);
      allMax = Math.max(allMax, allActive);
      await sleep(600);
      s.active--;
      allActive--;
      return { pass: true, invalid: false, duration: 600, message: 'ok', error: null, details: {} };
    },
  });
  beforeAll(async () => {
    delete process.env.HEALTH_SCHEDULER;
    t = await TestApp.start();
    const host = t.app.get(PluginHost);
    const original = host.find.bind(host);
    jest
      .spyOn(host, 'find')
      .mockImplementation(((point: ExtensionPoint<unknown>, id: string) =>
        point === CHECK_RUNNERS && id === 'junit'
          ? fake
          : point === CHECK_RUNNERS && id === 'dns'
            ? dns
            : point === CHECK_RUNNERS && id === 'jmeter'
              ? capped('jmeter')
              : point === CHECK_RUNNERS && id === 'gcs'
                ? capped('gcs')
                : original(point, id)) as unknown as PluginHost['find']);
  });
  afterAll(() => t?.stop());

  it('runs a new check on schedule, once at a time, at least 10 s apart, and keeps next_runtime current', async () => {
    const editor = await t.signInAs(['editor']);
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'sched', spec: { schedule: '@every 10s', junit: [{ name: 'suite', testResults: '/tmp' }] } })
      .expect(201);
    const id = created.body.checks[0].id;
    // picked up within seconds
    for (let i = 0; i < 40 && runs === 0; i++) await sleep(100);
    expect(runs).toBe(1);
    const claimed = (await t.pool.query(`select next_runtime, last_started_at, run_lease_until from checks where id = $1`, [id])).rows[0];
    expect(claimed.run_lease_until).not.toBeNull();
    const gap = claimed.next_runtime.getTime() - claimed.last_started_at.getTime();
    expect(gap).toBeGreaterThanOrEqual(10_000);
    expect(gap).toBeLessThan(11_100);

    // due again while still running: single flight holds it back until the run ends
    await t.pool.query(`update checks set next_runtime = now() - interval '1 second' where id = $1`, [id]);
    await sleep(500);
    expect(runs).toBe(1);
    for (let i = 0; i < 50 && runs < 2; i++) await sleep(100);
    expect(runs).toBe(2);
    expect(maxActive).toBe(1);

    // two replicas' ticks at the same moment claim a due check once
    delayMs = 50;
    for (let i = 0; i < 30 && active > 0; i++) await sleep(100);
    await t.pool.query(`update checks set next_runtime = now() - interval '1 second', run_lease_until = null where id = $1`, [id]);
    const replicas = [0, 1, 2].map(() => new CheckScheduler(t.app.get(Db), t.app.get(CheckRunnerService)));
    const before = runs;
    const claims = await Promise.all([...replicas.map((r) => r.tick()), t.app.get(CheckScheduler).tick()]);
    expect(claims.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    await Promise.all(replicas.map((r) => r.onModuleDestroy()));
    await sleep(1500);
    expect(runs - before).toBe(1);

    const stored = await t.pool.query(`select status, invalid from check_statuses where check_id = $1`, [id]);
    expect(stored.rows.length).toBe(runs);
    const check = (await t.pool.query(`select status, last_runtime, next_runtime, run_lease_until from checks where id = $1`, [id])).rows[0];
    expect(check).toMatchObject({ status: 'healthy', run_lease_until: null });
    expect(check.next_runtime.getTime()).toBeGreaterThan(Date.now());
  }, 30_000);

  it('keeps the global and per-type concurrency caps', async () => {
    const scheduler = t.app.get(CheckScheduler);
    scheduler.globalCap = 3;
    scheduler.perTypeCap = 2;
    const editor = await t.signInAs(['editor']);
    const names = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}` }));
    await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'caps', spec: { schedule: '@hourly', jmeter: names(4), gcs: names(4) } })
      .expect(201);
    for (let i = 0; i < 80 && (byType.get('jmeter')?.runs ?? 0) + (byType.get('gcs')?.runs ?? 0) < 8; i++) await sleep(100);
    expect(byType.get('jmeter')?.runs).toBe(4);
    expect(byType.get('gcs')?.runs).toBe(4);
    expect(byType.get('jmeter')?.max).toBeLessThanOrEqual(2);
    expect(byType.get('gcs')?.max).toBeLessThanOrEqual(2);
    expect(allMax).toBeLessThanOrEqual(3);
    expect(allMax).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it('writes scheduled results in batches, keeps status and transition times, releases leases and counts them in /metrics', async () => {
    const editor = await t.signInAs(['editor']);
    const checks = Array.from({ length: 30 }, (_, i) => ({ name: `d${i}` }));
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'batched', namespace: 'bulk', spec: { schedule: '@hourly', dns: checks } })
      .expect(201);
    const ids: string[] = created.body.checks.map((c: { id: string }) => c.id);
    const stored = async () =>
      (await t.pool.query(`select check_id, time, created_at from check_statuses where check_id = any($1::uuid[]) order by time`, [ids])).rows;
    for (let i = 0; i < 60 && (await stored()).length < 30; i++) await sleep(100);
    await sleep(400);
    const rows = await stored();
    expect(rows).toHaveLength(30);
    // one transaction per flush, not per run: results share their transaction's created_at
    expect(new Set(rows.map((r) => r.created_at.getTime())).size).toBeLessThan(10);
    const state = (await t.pool.query(`select id, status, last_runtime, last_transition_time, run_lease_until from checks where id = any($1::uuid[])`, [ids]))
      .rows;
    for (const check of state) {
      const row = rows.find((r) => r.check_id === check.id);
      expect(check).toMatchObject({ status: 'healthy', run_lease_until: null });
      expect(check.last_runtime.getTime()).toBe(row.time.getTime());
      expect(check.last_transition_time.getTime()).toBe(row.time.getTime());
    }
    const text = await metricsRegistry.metrics();
    expect(text).toContain(`canary_check_success_count{check_id="${ids[0]}",check_name="d0",canary_name="batched",namespace="bulk",type="dns"} 1`);

    // a buffered scheduled result older than a Run Now does not overwrite the newer status
    const runner = t.app.get(CheckRunnerService);
    const row = {
      id: ids[1],
      type: 'dns',
      spec: { name: 'd1' },
      status: 'healthy',
      schedule: '@hourly',
      name: 'd1',
      canary_name: 'batched',
      namespace: 'bulk',
    };
    dnsPass = false;
    const scheduled = await runner.runScheduled(row);
    dnsPass = true;
    await sleep(5); // a later millisecond: the same one would share the (check_id, time) key
    const now = await runner.run(row);
    await scheduled.stored;
    const after = (await t.pool.query(`select status, last_runtime, last_transition_time from checks where id = $1`, [ids[1]])).rows[0];
    expect(after.status).toBe('healthy');
    expect(after.last_runtime.toISOString()).toBe(now.time);
    expect(after.last_transition_time.getTime()).toBe(rows.find((r) => r.check_id === ids[1]).time.getTime());
    expect((await t.pool.query(`select count(*)::int n from check_statuses where check_id = $1 and not status`, [ids[1]])).rows[0].n).toBe(1);
  }, 20_000);

  it('a result the database refuses does not lose the others written with it, and its lease is released', async () => {
    const editor = await t.signInAs(['editor']);
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'poison', spec: { schedule: '@hourly', dns: [{ name: 'good' }, { name: 'bad' }] } })
      .expect(201);
    const [good, bad] = ['good', 'bad'].map((n) => created.body.checks.find((c: { name: string }) => c.name === n).id as string);
    const count = async (id: string) => (await t.pool.query(`select count(*)::int n from check_statuses where check_id = $1`, [id])).rows[0].n as number;
    for (let i = 0; i < 50 && ((await count(good)) < 1 || (await count(bad)) < 1); i++) await sleep(100);
    const runner = t.app.get(CheckRunnerService);
    const row = (id: string, say: string, extra: object = {}) => ({
      id,
      type: 'dns',
      spec: { name: say, say, ...extra },
      status: 'healthy',
      schedule: '@hourly',
      name: say,
      canary_name: 'poison',
      namespace: '',
    });
    await t.pool.query(`update checks set run_lease_until = now() + interval '1 hour' where id = any($1::uuid[])`, [[good, bad]]);
    // a duration beyond the integer column: the database refuses that row
    const runs = await Promise.all([runner.runScheduled(row(good, 'fine')), runner.runScheduled(row(bad, 'too long', { duration: 2 ** 40 }))]);
    await Promise.all(runs.map((r) => r.stored));
    expect(await count(good)).toBe(2);
    expect(await count(bad)).toBe(1);
    // a NUL byte in what a target answers is stored (as U+FFFD), not refused
    await t.pool.query(`update checks set run_lease_until = now() + interval '1 hour' where id = $1`, [bad]);
    const nul = await runner.runScheduled(row(bad, 'nul \u0000 byte'));
    await nul.stored;
    expect(await count(bad)).toBe(2);
    const last = (await t.pool.query(`select message from check_statuses where check_id = $1 order by time desc limit 1`, [bad])).rows[0];
    expect(last.message).toBe('nul \uFFFD byte');
    const leases = (await t.pool.query(`select run_lease_until from checks where id = any($1::uuid[])`, [[good, bad]])).rows;
    expect(leases).toEqual([{ run_lease_until: null }, { run_lease_until: null }]);
  }, 20_000);
});

describe('next run time', () => {
  const scheduler = new CheckScheduler({} as never, {} as never);
  const now = Date.parse('2026-01-01T12:00:07.500Z');

  it('keeps an @every check on its phase: due + interval, no drift from a late start', () => {
    const due = new Date(now - 1500);
    expect(scheduler.nextRun({ schedule: '@every 15s', next_runtime: due }, now)!.getTime()).toBe(due.getTime() + 15_000);
  });

  it('keeps at least 10 s after the start, with jitter, when the phase would come sooner', () => {
    const next = scheduler.nextRun({ schedule: '@every 15s', next_runtime: new Date(now - 7000) }, now)!.getTime();
    expect(next).toBeGreaterThanOrEqual(now + 10_000);
    expect(next).toBeLessThan(now + 11_000);
  });

  it('places a new or long-overdue @every check from now, with up to 1 s of jitter', () => {
    for (const due of [null, new Date(now - 60_000)]) {
      const next = scheduler.nextRun({ schedule: '@every 15s', next_runtime: due }, now)!.getTime();
      expect(next).toBeGreaterThanOrEqual(now + 15_000);
      expect(next).toBeLessThan(now + 16_000);
    }
  });

  it('takes the next cron time after now, plus jitter, at least 10 s away', () => {
    const next = scheduler.nextRun({ schedule: '*/5 * * * *', next_runtime: new Date(now - 100) }, now)!.getTime();
    expect(next).toBeGreaterThanOrEqual(Date.parse('2026-01-01T12:05:00Z'));
    expect(next).toBeLessThan(Date.parse('2026-01-01T12:05:01Z'));
    const soon = scheduler.nextRun({ schedule: '* * * * *', next_runtime: null }, Date.parse('2026-01-01T12:00:55Z'))!.getTime();
    expect(soon).toBeGreaterThanOrEqual(Date.parse('2026-01-01T12:01:05Z'));
    expect(soon).toBeLessThan(Date.parse('2026-01-01T12:01:06Z'));
    expect(scheduler.nextRun({ schedule: null, next_runtime: null }, now)).toBeNull();
  });
});
