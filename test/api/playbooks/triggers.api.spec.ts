import { EventQueueConsumer } from '../../../gateway/src/core/events';
import { PlaybookTriggersService } from '../../../plugins/playbooks/gateway/triggers.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';
import { as, httpPeer, waitForRun } from './run-support';

/**
 * What starts runs besides a person (spec 02 Playbooks, `spec.on`): a check turning unhealthy (the health plugin's
 * write enqueues `check.failed`), a config change with a CEL filter, a schedule, and a webhook with basic or bearer
 * authentication. An event starts at most one run per playbook however often it is delivered.
 */
describe('playbook triggers', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let peer: Awaited<ReturnType<typeof httpPeer>>;

  beforeAll(async () => {
    peer = await httpPeer();
    t = await TestApp.start({ PLAYBOOK_WORKER_TICK_MS: '100', OUTBOUND_ALLOW: '127.0.0.1', HEALTH_SCHEDULER: 'false' });
    admin = await t.signInAs(['admin']);
  });
  afterAll(async () => {
    await t?.stop();
    await peer?.close();
  });

  const save = async (body: Record<string, unknown>) => (await as(admin).post('/api/playbooks', body).expect(201)).body.id as string;
  const runsOf = async (playbookId: string) =>
    (
      await t.pool.query<{ id: string; trigger: string; trigger_event_id: string | null; check_id: string | null; config_id: string | null; request: unknown }>(
        `SELECT id, trigger, trigger_event_id, check_id, config_id, request FROM playbook_runs WHERE playbook_id = $1 ORDER BY created_at`,
        [playbookId],
      )
    ).rows;
  const drain = () => t.app.get(EventQueueConsumer).wake();

  describe('a failing check', () => {
    let checkId: string;
    let playbookId: string;

    beforeAll(async () => {
      const canary = (await t.pool.query(`INSERT INTO canaries (name, spec) VALUES ('shop', '{}') RETURNING id`)).rows[0].id;
      checkId = (
        await t.pool.query(
          `INSERT INTO checks (canary_id, type, name, status, last_runtime) VALUES ($1, 'http', 'shop-api', 'healthy', now() - interval '1 minute') RETURNING id`,
          [canary],
        )
      ).rows[0].id;
      playbookId = await save({
        title: 'On check failure',
        spec: {
          checks: [{ name: 'shop-api' }],
          on: { canary: [{ event: 'failed' }] },
          actions: [{ name: 'page', http: { url: `${peer.url}/check/{{ .check.name }}/{{ .check.status }}/{{ .event.name }}` } }],
        },
      });
      // Another playbook for other checks only: not run.
      await save({
        title: 'Other checks',
        spec: { checks: [{ name: 'billing-*' }], on: { canary: [{ event: 'failed' }] }, actions: [{ name: 'x', http: { url: `${peer.url}/other` } }] },
      });
    });

    /** What the health plugin's check runner writes for one result (check-runner.service.ts `store`). */
    const storeResult = async (pass: boolean) => {
      const status = pass ? 'healthy' : 'unhealthy';
      await t.pool.query(`INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error) VALUES ($1, now(), 12, $2, false, $3, $4)`, [
        checkId,
        pass,
        pass ? 'ok' : '',
        pass ? null : 'connect ECONNREFUSED',
      ]);
      await t.pool.query(
        `UPDATE checks SET status = $2, last_transition_time = CASE WHEN status IS DISTINCT FROM $2 THEN now() ELSE last_transition_time END,
                last_error = $3, last_runtime = now() WHERE id = $1`,
        [checkId, status, pass ? null : 'connect ECONNREFUSED'],
      );
    };

    it('starts one run against the check when it turns unhealthy, even if the event is delivered twice', async () => {
      await storeResult(false);
      await drain();
      const runs = await runsOf(playbookId);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ trigger: 'event:check.failed', check_id: checkId, trigger_event_id: expect.any(String) });
      const done = await waitForRun(t, admin, runs[0].id);
      expect(done.status).toBe('completed');
      expect(done.resource).toMatchObject({ kind: 'check', id: checkId, name: 'shop-api' });
      expect(peer.hits.map((h) => h.url)).toContain('/check/shop-api/unhealthy/check.failed');
      expect(peer.hits.map((h) => h.url)).not.toContain('/other');

      // The queue delivers at least once: the same event again (a replica died before deleting it) starts nothing new.
      await t.pool.query(`INSERT INTO event_queue (id, name, properties) VALUES ($1, 'check.failed', $2)`, [runs[0].trigger_event_id, { id: checkId }]);
      await drain();
      expect((await t.pool.query(`SELECT count(*)::int AS n FROM event_queue WHERE id = $1`, [runs[0].trigger_event_id])).rows[0].n).toBe(0);
      expect(await runsOf(playbookId)).toHaveLength(1);

      // Still failing: no transition, no event, no run.
      await storeResult(false);
      await drain();
      expect(await runsOf(playbookId)).toHaveLength(1);
    });

    it('passing again is `passed`, not `failed`; failing once more is a new event and a new run', async () => {
      await storeResult(true);
      await drain();
      expect(await runsOf(playbookId)).toHaveLength(1);
      await storeResult(false);
      await drain();
      const runs = await runsOf(playbookId);
      expect(runs).toHaveLength(2);
      expect(runs[1].trigger_event_id).not.toBe(runs[0].trigger_event_id);
      expect((await waitForRun(t, admin, runs[1].id)).status).toBe('completed');
    });
  });

  it('a config change starts the playbook whose CEL filter matches, not the one whose filter does not', async () => {
    const gold = await save({
      title: 'Gold changed',
      spec: {
        configs: [{ types: ['Shop::*'] }],
        on: { config: [{ event: 'changed', filter: "config.config.tier == 'gold' && event.name == 'config.updated'" }] },
        actions: [{ name: 'note', http: { url: `${peer.url}/changed/{{ .config.name }}/{{ .config.config.tier }}` } }],
      },
    });
    const silver = await save({
      title: 'Silver changed',
      spec: {
        configs: [{ types: ['Shop::*'] }],
        on: { config: [{ event: 'changed', filter: "config.config.tier == 'silver'" }] },
        actions: [{ name: 'note', http: { url: `${peer.url}/silver` } }],
      },
    });
    const configId = (
      await t.pool.query(
        `INSERT INTO config_items (config_class, type, name, config) VALUES ('Service', 'Shop::Service', 'cart', '{"tier":"bronze"}') RETURNING id`,
      )
    ).rows[0].id;
    await drain();
    // Created is not changed.
    expect(await runsOf(gold)).toHaveLength(0);

    await t.pool.query(`UPDATE config_items SET config = '{"tier":"gold"}' WHERE id = $1`, [configId]);
    await drain();
    const runs = await runsOf(gold);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'event:config.updated', config_id: configId });
    expect((await waitForRun(t, admin, runs[0].id)).status).toBe('completed');
    expect(peer.hits.map((h) => h.url)).toContain('/changed/cart/gold');
    expect(await runsOf(silver)).toHaveLength(0);
    expect(peer.hits.map((h) => h.url)).not.toContain('/silver');

    // A change that is not to the config's content (labels) is not `changed`.
    await t.pool.query(`UPDATE config_items SET labels = '{"team":"x"}' WHERE id = $1`, [configId]);
    await drain();
    expect(await runsOf(gold)).toHaveLength(1);
  });

  it('a schedule starts a run when it is due, once, and moves to its next time', async () => {
    const id = await save({
      title: 'Every minute',
      spec: {
        parameters: [{ name: 'what', default: 'tick' }],
        on: { schedule: [{ schedule: '@every 1m' }] },
        actions: [{ name: 'tick', http: { url: `${peer.url}/scheduled/{{ .params.what }}` } }],
      },
    });
    const schedule = await t.pool.query(`SELECT next_run, next_run > now() AS future FROM playbook_schedules WHERE playbook_id = $1`, [id]);
    expect(schedule.rows).toEqual([expect.objectContaining({ future: true })]);
    // Not due yet: nothing.
    await t.app.get(PlaybookTriggersService).tickSchedules();
    expect(await runsOf(id)).toHaveLength(0);

    await t.pool.query(`UPDATE playbook_schedules SET next_run = now() - interval '1 second' WHERE playbook_id = $1`, [id]);
    await t.app.get(PlaybookTriggersService).tickSchedules();
    await t.app.get(PlaybookTriggersService).tickSchedules();
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0].trigger).toBe('schedule');
    expect((await waitForRun(t, admin, runs[0].id)).status).toBe('completed');
    expect(peer.hits.map((h) => h.url)).toContain('/scheduled/tick');
    const next = await t.pool.query(
      `SELECT next_run > now() AS future, next_run <= now() + interval '61 seconds' AS within FROM playbook_schedules WHERE playbook_id = $1`,
      [id],
    );
    expect(next.rows).toEqual([{ future: true, within: true }]);
  });

  describe('webhooks', () => {
    const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    /** What the route hands the trigger service (playbooks.controller.ts `webhook`), for the cases the HTTP path cannot reach yet. */
    const deliver = (path: string, authorization: string, body: unknown) =>
      t.app.get(PlaybookTriggersService).webhook(path, { body, headers: { authorization, 'content-type': 'application/json' }, params: {} });
    let basicHook: string;
    let tokenHook: string;

    // Webhook credentials are secret references (a value in the spec would be readable by every reader of
    // playbooks): a stored connection holds them.
    const secret = (key: string) => ({ valueFrom: { secretKeyRef: { name: 'webhook-credentials', key } } });

    beforeAll(async () => {
      await as(admin)
        .post('/api/connections', {
          name: 'webhook-credentials',
          type: 'http',
          url: 'https://ci.example.com',
          properties: { PASSWORD: 'hook-s3cret', TOKEN: 'tok-9f8e7d' },
        })
        .expect(201);
      basicHook = await save({
        title: 'Deploy hook',
        spec: {
          on: { webhook: { path: 'deploy-hook', authentication: { basic: { username: 'ci', password: secret('PASSWORD') } } } },
          actions: [
            { name: 'forward', http: { url: `${peer.url}/deployed/{{ .request.body.service }}`, method: 'POST', body: 'version {{ .request.body.version }}' } },
          ],
        },
      });
      tokenHook = await save({
        title: 'Token hook',
        spec: {
          on: { webhook: { path: 'token-hook', authentication: { token: secret('TOKEN') } } },
          actions: [{ name: 'forward', http: { url: `${peer.url}/token/{{ .request.body.n }}` } }],
        },
      });
    });

    it('missing or wrong credentials are 401 over HTTP, and start nothing', async () => {
      await t.http().post('/api/playbook/webhook/deploy-hook').send({ service: 'cart', version: '1.2.3' }).expect(401);
      await t.http().post('/api/playbook/webhook/deploy-hook').set('authorization', basic('ci', 'wrong')).send({ service: 'cart' }).expect(401);
      await t.http().post('/api/playbook/webhook/deploy-hook').set('authorization', 'Bearer hook-s3cret').send({ service: 'cart' }).expect(401);
      await t.http().post('/api/playbook/webhook/token-hook').send({ n: 1 }).expect(401);
      await t.http().post('/api/playbook/webhook/token-hook').set('authorization', 'Bearer tok-wrong').send({ n: 1 }).expect(401);
      await t.http().post('/api/playbook/webhook/token-hook').set('authorization', basic('tok-9f8e7d', 'tok-9f8e7d')).send({ n: 1 }).expect(401);
      await expect(deliver('deploy-hook', basic('ci', 'wrong'), {})).rejects.toMatchObject({ status: 401 });
      await expect(deliver('token-hook', 'Bearer tok-wrong', {})).rejects.toMatchObject({ status: 401 });
      expect(await runsOf(basicHook)).toHaveLength(0);
      expect(await runsOf(tokenHook)).toHaveLength(0);
    });

    it('right basic credentials start a run with the request in the templates; the credentials are not kept', async () => {
      const { run_id } = await deliver('deploy-hook', basic('ci', 'hook-s3cret'), { service: 'cart', version: '1.2.3' });
      const done = await waitForRun(t, admin, run_id);
      expect(done).toMatchObject({ status: 'completed', trigger: 'webhook', playbook_id: basicHook });
      expect(peer.hits.find((h) => h.url === '/deployed/cart')?.body).toBe('version 1.2.3');
      const [stored] = await runsOf(basicHook);
      expect(JSON.stringify(stored.request)).not.toMatch(/hook-s3cret|Basic /);
      expect(stored.request).toMatchObject({ request: { body: { service: 'cart', version: '1.2.3' } } });
    });

    it('a right bearer token starts a run', async () => {
      const { run_id } = await deliver('token-hook', 'Bearer tok-9f8e7d', { n: 7 });
      expect((await waitForRun(t, admin, run_id)).status).toBe('completed');
      expect(peer.hits.map((h) => h.url)).toContain('/token/7');
      expect(await runsOf(tokenHook)).toHaveLength(1);
    });

    // The route reads its own Authorization header (@Public({ownAuthorization})): the guard does not take it for a
    // console sign-in or access token.
    it('over HTTP, right basic credentials and a right bearer token answer {run_id}', async () => {
      const before = (await runsOf(basicHook)).length;
      const res = await t
        .http()
        .post('/api/playbook/webhook/deploy-hook')
        .set('authorization', basic('ci', 'hook-s3cret'))
        .send({ service: 'web', version: '2.0.0' })
        .expect(200);
      expect(res.body).toEqual({ run_id: expect.any(String) });
      expect((await waitForRun(t, admin, res.body.run_id)).status).toBe('completed');
      expect(peer.hits.find((h) => h.url === '/deployed/web')?.body).toBe('version 2.0.0');
      expect(await runsOf(basicHook)).toHaveLength(before + 1);
      const token = await t.http().post('/api/playbook/webhook/token-hook').set('authorization', 'Bearer tok-9f8e7d').send({ n: 42 }).expect(200);
      expect((await waitForRun(t, admin, token.body.run_id)).status).toBe('completed');
      expect(peer.hits.map((h) => h.url)).toContain('/token/42');
    });

    it('a hook without authentication runs over HTTP; an unknown path is 404; a deleted playbook’s hook is gone', async () => {
      await t.http().post('/api/playbook/webhook/no-such-hook').send({}).expect(404);
      const id = await save({
        title: 'Open hook',
        spec: { on: { webhook: { path: 'open-hook' } }, actions: [{ name: 'x', http: { url: `${peer.url}/open/{{ .request.body.ref }}` } }] },
      });
      const res = await t.http().post('/api/playbook/webhook/open-hook').send({ ref: 'main' }).expect(200);
      expect(res.body).toEqual({ run_id: expect.any(String) });
      expect((await waitForRun(t, admin, res.body.run_id)).status).toBe('completed');
      expect(peer.hits.map((h) => h.url)).toContain('/open/main');
      await as(admin).delete(`/api/playbooks/${id}`).expect(204);
      await t.http().post('/api/playbook/webhook/open-hook').send({}).expect(404);
      expect(await runsOf(id)).toHaveLength(1);
    });
  });
});
