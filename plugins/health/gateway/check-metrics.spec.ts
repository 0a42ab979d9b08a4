import { Registry } from 'prom-client';
import { CheckMetrics } from './check-metrics';

const labels = { check_id: 'c1', check_name: 'api', canary_name: 'shop', namespace: 'prod', type: 'http' };
const series = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(name + '{') || line.startsWith(name + ' '));

describe('check metrics', () => {
  it('exposes status, outcome counters and a duration histogram per check', async () => {
    const registry = new Registry();
    const metrics = new CheckMetrics(undefined, registry);
    metrics.record(labels, { pass: true, invalid: false, duration: 42 });
    metrics.record(labels, { pass: true, invalid: false, duration: 7 });
    metrics.record(labels, { pass: false, invalid: false, duration: 3000 });
    metrics.record({ ...labels, check_id: 'c2', check_name: 'db', type: 'postgres' }, { pass: false, invalid: true, duration: 0 });
    const text = await registry.metrics();
    const l = 'check_id="c1",check_name="api",canary_name="shop",namespace="prod",type="http"';
    expect(text).toContain('# TYPE canary_check gauge');
    expect(series(text, 'canary_check')).toEqual([
      `canary_check{${l}} 0`,
      'canary_check{check_id="c2",check_name="db",canary_name="shop",namespace="prod",type="postgres"} 0',
    ]);
    expect(text).toContain(`canary_check_success_count{${l}} 2`);
    expect(text).toContain(`canary_check_failed_count{${l}} 1`);
    expect(text).toContain(`canary_check_invalid_count{${l}} 0`);
    expect(text).toContain('canary_check_invalid_count{check_id="c2",check_name="db",canary_name="shop",namespace="prod",type="postgres"} 1');
    expect(text).toContain('# TYPE canary_check_duration_milliseconds histogram');
    expect(text).toContain(`canary_check_duration_milliseconds_bucket{le="10",${l}} 1`);
    expect(text).toContain(`canary_check_duration_milliseconds_bucket{le="50",${l}} 2`);
    expect(text).toContain(`canary_check_duration_milliseconds_bucket{le="2500",${l}} 2`);
    expect(text).toContain(`canary_check_duration_milliseconds_bucket{le="5000",${l}} 3`);
    expect(text).toContain(`canary_check_duration_milliseconds_sum{${l}} 3049`);
    expect(text).toContain(`canary_check_duration_milliseconds_count{${l}} 3`);

    metrics.record(labels, { pass: true, invalid: false, duration: 1 });
    expect(series(await registry.metrics(), 'canary_check')[0]).toBe(`canary_check{${l}} 1`);
  });

  it("drops a removed check's series and moves a renamed check to new ones", async () => {
    const registry = new Registry();
    const metrics = new CheckMetrics(undefined, registry);
    metrics.record(labels, { pass: true, invalid: false, duration: 5 });
    metrics.record({ ...labels, check_id: 'c2' }, { pass: true, invalid: false, duration: 5 });
    metrics.record({ ...labels, check_name: 'api-v2' }, { pass: true, invalid: false, duration: 5 });
    let text = await registry.metrics();
    expect(text).toContain('canary_check{check_id="c1",check_name="api-v2"');
    expect(text).not.toMatch(/check_id="c1",check_name="api",/);
    metrics.remove('c1');
    text = await registry.metrics();
    expect(text).not.toContain('check_id="c1"');
    expect(text).toContain('canary_check_success_count{check_id="c2"');
  });

  it('sweeps the series of checks no longer live in the database', async () => {
    const registry = new Registry();
    const db = { query: jest.fn(async () => [{ id: 'c2' }]) };
    const metrics = new CheckMetrics(db as never, registry);
    metrics.record(labels, { pass: true, invalid: false, duration: 5 });
    metrics.record({ ...labels, check_id: 'c2' }, { pass: true, invalid: false, duration: 5 });
    expect(await metrics.sweep()).toBe(1);
    expect(db.query).toHaveBeenCalledWith(expect.stringContaining('deleted_at IS NULL'), [['c1', 'c2']]);
    const text = await registry.metrics();
    expect(text).not.toContain('check_id="c1"');
    expect(text).toContain('check_id="c2"');
  });
});
