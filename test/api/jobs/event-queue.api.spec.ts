import { ROLES, can } from '@contracts';
import { EVENT_HANDLERS, EventQueueConsumer } from '../../../gateway/src/core/events';
import { MAX_EVENT_ATTEMPTS } from '../../../gateway/src/core/events/event-queue-consumer';
import { FeatureService } from '../../../gateway/src/core/features/feature.service';
import { PluginHost } from '../../../gateway/src/core/plugin-host/plugin-host.service';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * The event queue status page (spec 03 §2, §7): the summary view, the consumer's counts, and the retry that makes a
 * name's failed events due again, after which the consumer delivers them (write on `database`: admins and editors).
 */
describe('event queue status and retry', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  let commander: SignedInAgent;

  beforeAll(async () => {
    // The consumer runs only when the test wakes it (wake()): neither its timer nor the retry's notify races the assertions.
    t = await TestApp.start({ EVENT_CONSUMER: 'false', HEALTH_SCHEDULER: 'false' });
    [admin, editor, viewer, commander] = await Promise.all([t.signInAs(['admin']), t.signInAs(['editor']), t.signInAs(['viewer']), t.signInAs(['commander'])]);
  });
  afterAll(() => t?.stop());
  afterEach(() => jest.restoreAllMocks());

  const retry = (who: SignedInAgent, name: string) => who.agent.post(`/api/event-queue/${encodeURIComponent(name)}/retry`).set('x-csrf-token', who.csrf);
  const playbooksHandler = () =>
    t.app
      .get(PluginHost)
      .contributions(EVENT_HANDLERS)
      .find((h) => h.id === 'playbooks')!.instance;
  const drain = () => t.app.get(EventQueueConsumer).wake();
  const row = async (id: string) =>
    (
      await t.pool.query<{ error: string | null; attempts: number; last_attempt: Date | null }>(
        `SELECT error, attempts, last_attempt FROM event_queue WHERE id = $1`,
        [id],
      )
    ).rows[0];
  /** A failed event the consumer has given up on: its deliveries are used up. */
  const exhausted = async (name: string, error = 'playbooks: peer down') =>
    (
      await t.pool.query<{ id: string }>(
        `INSERT INTO event_queue (name, properties, error, attempts, last_attempt) VALUES ($1, '{}', $2, $3, now()) RETURNING id`,
        [name, error, MAX_EVENT_ATTEMPTS],
      )
    ).rows[0].id;

  beforeEach(() => t.pool.query('DELETE FROM event_queue'));

  it("delivers a failed event again after a retry, and the handler's success removes it", async () => {
    const handle = jest.spyOn(playbooksHandler(), 'handle').mockRejectedValue(new Error('peer down'));
    const { rows } = await t.pool.query<{ id: string }>(`INSERT INTO event_queue (name, properties) VALUES ('check.failed', '{"id": "x"}') RETURNING id`);
    const id = rows[0].id;
    await drain();
    expect(handle).toHaveBeenCalledTimes(1);
    expect(await row(id)).toMatchObject({ error: 'playbooks: peer down', attempts: 1 });

    // Still in its backoff: the consumer leaves it alone.
    await drain();
    expect(handle).toHaveBeenCalledTimes(1);
    const summary = await admin.agent.get('/api/db/event_queue_summary?order=last_failure.desc').expect(200);
    expect(summary.body).toEqual([expect.objectContaining({ name: 'check.failed', pending: 0, failed: 1, most_common_error: 'playbooks: peer down' })]);

    const answer = await retry(admin, 'check.failed').expect(200);
    expect(answer.body).toEqual({ name: 'check.failed', retried: 1 });
    expect(await row(id)).toEqual({ error: null, attempts: 0, last_attempt: null });

    handle.mockResolvedValue(undefined);
    await drain();
    expect(handle).toHaveBeenCalledTimes(2);
    expect(handle).toHaveBeenLastCalledWith(expect.objectContaining({ id, name: 'check.failed', attempts: 1 }));
    expect(await row(id)).toBeUndefined();
  });

  it('brings back events the consumer gave up on, only those of the name asked for', async () => {
    const handle = jest.spyOn(playbooksHandler(), 'handle').mockResolvedValue(undefined);
    const given = await exhausted('check.failed');
    const other = await exhausted('check.passed');
    await drain();
    expect(handle).not.toHaveBeenCalled();
    expect((await admin.agent.get('/api/event-queue/status').expect(200)).body).toEqual({
      pending: 0,
      failed: 2,
      exhausted: 2,
      maxAttempts: MAX_EVENT_ATTEMPTS,
      consumer: false,
    });

    await retry(editor, 'check.failed').expect(200, { name: 'check.failed', retried: 1 });
    expect((await admin.agent.get('/api/event-queue/status').expect(200)).body).toMatchObject({ pending: 1, failed: 1, exhausted: 1 });
    await drain();
    expect(handle).toHaveBeenCalledWith(expect.objectContaining({ id: given }));
    expect(await row(given)).toBeUndefined();
    expect(await row(other)).toMatchObject({ error: 'playbooks: peer down', attempts: MAX_EVENT_ATTEMPTS });
  });

  it('refuses a retry to viewers and commanders and changes nothing', async () => {
    const id = await exhausted('check.failed');
    for (const who of [viewer, commander]) {
      const refused = await retry(who, 'check.failed').expect(403);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect(await row(id)).toMatchObject({ error: 'playbooks: peer down', attempts: MAX_EVENT_ATTEMPTS });
    // Reading the status is open to whoever may read the database's views.
    await viewer.agent.get('/api/event-queue/status').expect(200);
  });

  it.each(ROLES)('gives %s a retry exactly when the matrix gives it write on database', async (role) => {
    const who = await t.signInAs([role]);
    const id = await exhausted('check.failed');
    const allowed = can([role], 'database', 'write');
    await retry(who, 'check.failed').expect(allowed ? 200 : 403);
    expect(await row(id)).toMatchObject(allowed ? { error: null, attempts: 0 } : { error: 'playbooks: peer down', attempts: MAX_EVENT_ATTEMPTS });
    await who.agent.get('/api/event-queue/status').expect(can([role], 'database', 'read') ? 200 : 403);
  });

  it('answers 404 with a message when the name has no failed events, and 400 for a name too long', async () => {
    await t.pool.query(`INSERT INTO event_queue (name, properties) VALUES ('check.failed', '{}')`);
    const none = await retry(admin, 'check.failed').expect(404);
    expect(none.body).toMatchObject({ code: 'no_failed_events', message: 'No failed events named "check.failed" to retry' });
    const long = await retry(admin, 'x'.repeat(201)).expect(400);
    expect(long.body.message).toBe('An event name has at most 200 characters');
  });

  it('is switched off with the event queue feature', async () => {
    await t.pool.query(`INSERT INTO properties (name, value) VALUES ('settings.event_queue_status.disable', 'true')`);
    t.app.get(FeatureService).invalidate();
    try {
      const off = await admin.agent.get('/api/event-queue/status').expect(403);
      expect(off.body.message).toBe('The settings.event_queue_status feature is disabled');
      await retry(admin, 'check.failed').expect(403);
    } finally {
      await t.pool.query(`DELETE FROM properties WHERE name = 'settings.event_queue_status.disable'`);
      t.app.get(FeatureService).invalidate();
    }
    await admin.agent.get('/api/event-queue/status').expect(200);
  });
});

describe('event queue retry with the consumer running', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  beforeAll(async () => {
    t = await TestApp.start({ EVENT_CONSUMER: 'true', HEALTH_SCHEDULER: 'false' });
    admin = await t.signInAs(['admin']);
  });
  afterAll(() => t?.stop());

  it('wakes the consumer: a retried event is delivered without anyone waiting for its backoff', async () => {
    const handler = t.app
      .get(PluginHost)
      .contributions(EVENT_HANDLERS)
      .find((h) => h.id === 'playbooks')!.instance;
    const handle = jest.spyOn(handler, 'handle').mockResolvedValue(undefined);
    const { rows } = await t.pool.query<{ id: string }>(
      `INSERT INTO event_queue (name, properties, error, attempts, last_attempt) VALUES ('check.failed', '{}', 'playbooks: peer down', $1, now()) RETURNING id`,
      [MAX_EVENT_ATTEMPTS],
    );
    await admin.agent.post('/api/event-queue/check.failed/retry').set('x-csrf-token', admin.csrf).expect(200, { name: 'check.failed', retried: 1 });
    // Bounded wait for the consumer (notify, else its 1 s poll); never a fixed sleep.
    for (let i = 0; i < 100 && (await t.pool.query('SELECT 1 FROM event_queue WHERE id = $1', [rows[0].id])).rowCount; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await t.pool.query('SELECT 1 FROM event_queue WHERE id = $1', [rows[0].id])).rowCount).toBe(0);
    expect(handle).toHaveBeenCalledWith(expect.objectContaining({ id: rows[0].id, name: 'check.failed' }));
    expect((await admin.agent.get('/api/event-queue/status').expect(200)).body).toMatchObject({ pending: 0, failed: 0, consumer: true });
  });
});
