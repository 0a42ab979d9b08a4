import type { CheckRunner } from '@contracts';
import type { ExtensionPoint } from '../../../gateway/src/core/plugin-host/extension-point';
import { CHECK_RUNNERS } from '../../../gateway/src/core/checks/check-runners';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { CheckMetrics } from '../../../plugins/health/gateway/check-metrics';
import { TestApp } from '../../support/test-app';

describe('per-check metrics on /metrics', () => {
  let t: TestApp;
  let pass = true;
  const fake: CheckRunner = {
    type: 'junit',
    validate: () => [],
    run: async () => ({ pass, invalid: false, duration: 12, message: pass ? 'ok' : 'broken', error: pass ? null : 'broken', details: {} }),
  };
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off' }); // results here come from Run Now only
    const host = t.app.get(PluginHost);
    const original = host.find.bind(host);
    jest
      .spyOn(host, 'find')
      .mockImplementation(((point: ExtensionPoint<unknown>, id: string) =>
        point === CHECK_RUNNERS && id === 'junit' ? fake : original(point, id)) as unknown as PluginHost['find']);
  });
  afterAll(() => t?.stop());

  it("shows a check's status, counters and durations after Run Now, and drops them once the check is deleted", async () => {
    const editor = await t.signInAs(['editor']);
    const created = await editor.agent
      .post('/api/canaries')
      .set('x-csrf-token', editor.csrf)
      .send({ name: 'metered', namespace: 'shop', spec: { schedule: '@every 1m', junit: [{ name: 'suite', testResults: '/tmp' }] } })
      .expect(201);
    const id = created.body.checks[0].id;
    const labels = `check_id="${id}",check_name="suite",canary_name="metered",namespace="shop",type="junit"`;

    await editor.agent.post(`/api/canary/run/check/${id}`).set('x-csrf-token', editor.csrf).expect(200);
    let text = (await t.http().get('/metrics').expect(200)).text;
    expect(text).toContain(`canary_check{${labels}} 1`);
    expect(text).toContain(`canary_check_success_count{${labels}} 1`);
    expect(text).toContain(`canary_check_failed_count{${labels}} 0`);
    expect(text).toContain(`canary_check_invalid_count{${labels}} 0`);
    expect(text).toContain(`canary_check_duration_milliseconds_bucket{le="25",${labels}} 1`);
    expect(text).toContain(`canary_check_duration_milliseconds_count{${labels}} 1`);

    pass = false;
    await editor.agent.post(`/api/canary/run/check/${id}`).set('x-csrf-token', editor.csrf).expect(200);
    text = (await t.http().get('/metrics').expect(200)).text;
    expect(text).toContain(`canary_check{${labels}} 0`);
    expect(text).toContain(`canary_check_failed_count{${labels}} 1`);
    expect(text).toContain(`canary_check_duration_milliseconds_sum{${labels}} 24`);

    await editor.agent.delete(`/api/canaries/${created.body.id}`).set('x-csrf-token', editor.csrf).expect(204);
    await t.app.get(CheckMetrics).sweep();
    text = (await t.http().get('/metrics').expect(200)).text;
    expect(text).not.toContain(`check_id="${id}"`);
  });
});
