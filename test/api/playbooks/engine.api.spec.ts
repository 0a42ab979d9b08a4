import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlaybookRunWorker } from '../../../plugins/playbooks/gateway/run-worker.service';
import { EventQueueConsumer } from '../../../gateway/src/core/events';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * The run engine end to end through the API: a playbook saved as YAML, run against a config with parameters, its
 * actions (http to a loopback peer, templated) completing in order, `if` and skipped actions, a failing action
 * failing the run, the live stream's first message, re-run.
 */
describe('playbook engine', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let peer: http.Server;
  let peerUrl: string;
  const hits: { method: string; url: string; body: string }[] = [];
  let configId: string;

  beforeAll(async () => {
    peer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hits.push({ method: req.method!, url: req.url!, body });
        res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: req.url !== '/fail' }));
      });
    });
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    t = await TestApp.start({ PLAYBOOK_WORKER_TICK_MS: '100', OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.signIn((await t.createPerson(['admin'])).email);
    configId = (
      await t.pool.query(
        `INSERT INTO config_items (config_class, type, name, labels, config) VALUES ('Service', 'Shop::Service', 'checkout', '{"app":"shop"}', '{"replicas":3}') RETURNING id`,
      )
    ).rows[0].id;
  });
  afterAll(async () => {
    await t?.stop();
    await new Promise((r) => peer.close(r));
  });

  const post = (url: string, body: unknown) =>
    admin.agent
      .post(url)
      .set('x-csrf-token', admin.csrf)
      .send(body as object);
  const waitFor = async (runId: string, statuses = ['completed', 'failed', 'cancelled']) => {
    for (let i = 0; i < 200; i++) {
      await t.app.get(PlaybookRunWorker).wake();
      const run = (await admin.agent.get(`/api/playbook/run/${runId}`).expect(200)).body;
      if (statuses.includes(run.status)) return run;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`run ${runId} did not reach ${statuses.join('/')}`);
  };

  const yaml = () => `apiVersion: mission-control.flanksource.com/v1
kind: Playbook
metadata:
  name: restart
spec:
  title: Restart a service
  category: Operations
  configs:
    - types: ['Shop::*']
  parameters:
    - name: reason
      label: Reason
      required: true
    - name: replicas
      default: "{{ .config.config.replicas }}"
  actions:
    - name: notify
      http:
        url: ${peerUrl}/restart/{{ .config.name }}
        method: POST
        body: "{{ .params.reason }} x{{ .params.replicas }}"
    - name: only-on-failure
      if: failure()
      http:
        url: ${peerUrl}/never
    - name: conditional
      if: params.reason == 'deploy'
      http:
        url: ${peerUrl}/deploy
`;

  it('saves, lists for the config, resolves defaults, runs actions in order with templates and if', async () => {
    const saved = await post('/api/playbooks', { yaml: yaml() }).expect(201);
    expect(saved.body).toMatchObject({ name: 'restart', title: 'Restart a service', category: 'Operations' });
    const list = await admin.agent.get(`/api/playbook/list?config_id=${configId}`).expect(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['restart']);
    const params = await post(`/api/playbook/${saved.body.id}/params`, { config_id: configId }).expect(200);
    expect(params.body.params.find((p: { name: string }) => p.name === 'replicas').default).toBe('3');

    const missing = await post('/api/playbook/run', { id: saved.body.id, config_id: configId, params: {} }).expect(400);
    expect(missing.body.details.params).toEqual({ reason: 'This field is required' });

    const { run_id } = (await post('/api/playbook/run', { id: saved.body.id, config_id: configId, params: { reason: 'deploy' } }).expect(200)).body;
    const run = await waitFor(run_id);
    expect(run.status).toBe('completed');
    expect(run.actions.map((a: { name: string; status: string }) => `${a.name}:${a.status}`)).toEqual([
      'notify:completed',
      'only-on-failure:skipped',
      'conditional:completed',
    ]);
    expect(hits.find((h) => h.url === '/restart/checkout')).toMatchObject({ method: 'POST', body: 'deploy x3' });
    expect(run.actions[0].result).toMatchObject({ code: 200 });
    expect(run.resource).toMatchObject({ kind: 'config', id: configId, name: 'checkout' });
  });

  it('fails the run when an action fails, and re-runs', async () => {
    const saved = await post('/api/playbooks', {
      title: 'Failing',
      spec: `actions:\n  - name: broken\n    http:\n      url: ${peerUrl}/fail\n  - name: cleanup\n    if: always()\n    http:\n      url: ${peerUrl}/cleanup\n`,
    }).expect(201);
    const { run_id } = (await post('/api/playbook/run', { id: saved.body.id, params: {} }).expect(200)).body;
    const run = await waitFor(run_id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/broken/);
    expect(run.actions.map((a: { status: string }) => a.status)).toEqual(['failed', 'completed']);
    const again = (await post(`/api/playbook/run/${run_id}/rerun`, {}).expect(200)).body;
    expect(again.run_id).not.toBe(run_id);
    expect((await waitFor(again.run_id)).status).toBe('failed');
  });

  it('refuses an unknown action type and a bad parameter type at save time, saving nothing', async () => {
    const before = (await t.pool.query('select count(*)::int as n from playbooks')).rows[0].n;
    const res = await post('/api/playbooks', {
      title: 'Bad',
      spec: { actions: [{ name: 'x', nosuch: {} }], parameters: [{ name: 'p', type: 'weird' }] },
    }).expect(400);
    expect(res.body.message).toMatch(/spec\.actions\[0\]\.nosuch: unknown action type 'nosuch'/);
    expect(res.body.message).toMatch(/spec\.parameters\[0\]\.type: must be one of/);
    expect((await t.pool.query('select count(*)::int as n from playbooks')).rows[0].n).toBe(before);
  });

  it('starts a run from a config event (trigger), once per event', async () => {
    await post('/api/playbooks', {
      title: 'On unhealthy',
      spec: {
        configs: [{ types: ['Shop::*'] }],
        on: { config: [{ event: 'unhealthy' }] },
        actions: [{ name: 'page', http: { url: `${peerUrl}/page/{{ .config.name }}` } }],
      },
    }).expect(201);
    await t.pool.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [configId]);
    await t.app.get(EventQueueConsumer).wake();
    const runs = await t.pool.query(`SELECT r.id, r.trigger FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id WHERE p.name = 'on-unhealthy'`);
    expect(runs.rows).toHaveLength(1);
    expect(runs.rows[0].trigger).toBe('event:config.unhealthy');
    expect((await waitFor(runs.rows[0].id)).status).toBe('completed');
    expect(hits.some((h) => h.url === '/page/checkout')).toBe(true);
  });
});
