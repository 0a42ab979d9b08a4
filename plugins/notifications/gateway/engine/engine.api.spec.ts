import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { Pool } from 'pg';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage } from '@contracts';
import { EventQueueConsumer } from '@gateway/core/events';
import { ChannelError, NOTIFICATION_CHANNELS } from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { AppModule } from '../../../../gateway/src/app.module';
import { loadConfig } from '../../../../gateway/src/core/config/app-config';
import { runMigrations } from '../../../../gateway/src/database/migrate';
import { GATEWAY_PLUGINS } from '../../../../gateway/src/plugins.generated';
import { createHmac } from 'node:crypto';
import { startHttpPeer, type HttpPeer } from '../../../../test/support/peers/http-peer';
import { startSmtpPeer, type SmtpPeer } from '../../../../test/support/peers/smtp-peer';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-db';
import { NotificationDeliverer } from './deliverer.service';
import { NotificationEngineModule } from './engine.module';
import { NotificationEventHandler } from './event-handler.service';
import { RulesCache } from './rules-cache';
import { SilencesCache } from './silences';

/**
 * A channel for these tests only: `testhook://127.0.0.1:PORT/path` is a JSON POST to http://127.0.0.1:PORT/path through
 * the real ChannelContext (address policy, deadline, size cap). A 5xx is retried, a 4xx is not.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'testhook')
class TestHookChannel implements NotificationChannel {
  readonly type = 'testhook';
  readonly label = 'Test hook';
  readonly schemes = ['testhook'];
  readonly connectionTypes: string[] = [];
  validate(): string[] {
    return [];
  }
  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const url = new URL(target.url!.replace(/^testhook:/, 'http:'));
    const res = await ctx.http(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: message.title, body: message.body, count: message.count, groupKey: message.groupKey, properties: message.properties }),
    });
    if (res.status >= 300) throw new ChannelError(`the peer answered ${res.status}: ${res.body}`, res.status >= 500);
    return { id: res.body || null };
  }
}

@Module({ providers: [TestHookChannel] })
class TestChannelModule {}

describe('notification engine (real Postgres, loopback peer)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let pool: Pool;
  let peer: HttpPeer;
  let down = false;
  let canaryId: string;

  beforeAll(async () => {
    peer = await startHttpPeer((e) => {
      e.post('/hook', (_req, res) => (down ? res.status(503).send('maintenance window, try later') : res.status(200).send('receipt-1')));
      e.post('/generic', (_req, res) => res.status(204).end());
    });
    db = await createTestDatabase('console_test', process.env.TEST_TEMPLATE_DATABASE || undefined);
    await runMigrations(db.url);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: db.url,
      NOTIFY_RETRY_BASE_MS: '10',
      NOTIFY_MAX_ATTEMPTS: '3',
    });
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.forRoot({ config, databaseUrl: db.url, poolSize: 5 }), NotificationEngineModule, TestChannelModule],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.get(PluginHost).setManifests(GATEWAY_PLUGINS.map((p) => p.manifest));
    await app.init();
    pool = new Pool({ connectionString: db.url, max: 3 });
    pool.on('error', () => undefined);
    const canary = await pool.query<{ id: string }>(`INSERT INTO canaries (name, labels) VALUES ('shop', '{"env":"prod"}') RETURNING id`);
    canaryId = canary.rows[0].id;
  });

  afterAll(async () => {
    await app?.close();
    await pool?.end();
    await db?.drop();
    await peer?.stop();
  });

  /** Events queued so far handled, and what is due delivered. */
  async function settle(): Promise<void> {
    await app.get(EventQueueConsumer).wake();
    await app.get(NotificationDeliverer).drain();
  }

  async function check(name: string): Promise<string> {
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO checks (canary_id, type, name, status) VALUES ($1, 'http', $2, 'healthy') RETURNING id`, [
      canaryId,
      name,
    ]);
    return rows[0].id;
  }

  const setStatus = (id: string, status: 'healthy' | 'unhealthy') =>
    pool.query(
      `UPDATE checks SET status = $2, last_error = CASE WHEN $2 = 'unhealthy' THEN 'expected 200, got 503' END, last_transition_time = now() WHERE id = $1`,
      [id, status],
    );

  async function rule(name: string, fields: Record<string, unknown>): Promise<string> {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO notifications (name, events, filter, custom_services, person_id, repeat_interval, wait_for, title)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        name,
        fields.events ?? ['check.failed'],
        fields.filter ?? null,
        fields.custom_services ? JSON.stringify(fields.custom_services) : null,
        fields.person_id ?? null,
        fields.repeat_interval ?? null,
        fields.wait_for ?? null,
        fields.title ?? null,
      ],
    );
    app.get(RulesCache).invalidate();
    return rows[0].id;
  }

  const hook = (path = '/hook') => [{ name: 'ops-hook', url: `testhook://127.0.0.1:${new URL(peer.url).port}${path}` }];

  const history = async (ruleId: string) =>
    (
      await pool.query(
        `SELECT id, status, recipient, channel, title, body, error, attempts, duration_millis, person_id, parent_id, count, event_id
           FROM notification_send_history WHERE notification_id = $1 ORDER BY created_at, recipient`,
        [ruleId],
      )
    ).rows;

  const posted = (title: string) => peer.requests.filter((r) => (r.body as { title?: string })?.title === title);

  it('a check turning unhealthy is delivered to the webhook and to the person (bell only without smtp)', async () => {
    const person = await pool.query<{ id: string }>(`INSERT INTO people (name, email) VALUES ('Ann', 'ann@example.com') RETURNING id`);
    const id = await check('checkout-api');
    const ruleId = await rule('failing checkout', { filter: 'check.name == "checkout-api"', custom_services: hook(), person_id: person.rows[0].id });
    await setStatus(id, 'unhealthy');
    await settle();
    const rows = await history(ruleId);
    expect(rows).toHaveLength(2);
    const custom = rows.find((r) => r.recipient === 'custom:ops-hook')!;
    expect(custom).toMatchObject({ status: 'sent', channel: 'testhook', title: 'Check checkout-api has failed', attempts: 1, error: null });
    expect(custom.duration_millis).toEqual(expect.any(Number));
    expect(custom.body).toContain('expected 200, got 503');
    const bell = rows.find((r) => r.recipient === `person:${person.rows[0].id}`)!;
    expect(bell).toMatchObject({ status: 'sent', channel: 'console', person_id: person.rows[0].id });
    const requests = posted('Check checkout-api has failed');
    expect(requests).toHaveLength(1);
    expect((requests[0].body as { groupKey: string }).groupKey).toBe(`${ruleId}:${id}`);
  });

  it('a check that recovers within wait-for sends nothing, and the history says why', async () => {
    const id = await check('flaky-api');
    const ruleId = await rule('flaky', { filter: 'check.name == "flaky-api"', custom_services: hook(), wait_for: 120e9 });
    await setStatus(id, 'unhealthy');
    await settle();
    expect(await history(ruleId)).toEqual([expect.objectContaining({ status: 'evaluating-waitfor', attempts: 0 })]);
    await setStatus(id, 'healthy');
    await pool.query(`UPDATE notification_send_history SET next_attempt_at = now() WHERE notification_id = $1`, [ruleId]);
    await settle();
    const [row] = await history(ruleId);
    expect(row.status).toBe('skipped');
    expect(row.error).toMatch(/^the check recovered within wait-for \(passing since /);
    expect(posted('Check flaky-api has failed')).toHaveLength(0);
  });

  it('folds a repeated failure into the message already waiting, and sends it once when still failing', async () => {
    const id = await check('slow-api');
    const ruleId = await rule('slow', { filter: 'check.name == "slow-api"', custom_services: hook(), wait_for: 120e9 });
    await setStatus(id, 'unhealthy');
    await settle();
    // A second failure of the same check while the first waits (a status flap the engine saw as two events).
    await pool.query(`SELECT enqueue_event('check.failed', jsonb_build_object('id', $1::uuid))`, [id]);
    await settle();
    let rows = await history(ruleId);
    expect(rows).toHaveLength(2);
    const carrier = rows.find((r) => !r.parent_id)!;
    expect(carrier.count).toBe(2);
    await pool.query(`UPDATE notification_send_history SET next_attempt_at = now() WHERE id = $1`, [carrier.id]);
    await settle();
    rows = await history(ruleId);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(rows.find((r) => r.parent_id)!.body).toContain(`Grouped into the message of ${carrier.id}`);
    const requests = posted('Check slow-api has failed');
    expect(requests).toHaveLength(1);
    expect((requests[0].body as { count: number }).count).toBe(2);
  });

  it('a silenced check is recorded as silenced and not sent', async () => {
    const id = await check('quiet-api');
    const ruleId = await rule('quiet', { filter: 'check.name == "quiet-api"', custom_services: hook() });
    await pool.query(
      `INSERT INTO notification_silences (check_id, "from", until, description) VALUES ($1, now() - interval '1 minute', now() + interval '1 hour', 'maintenance')`,
      [id],
    );
    app.get(SilencesCache).invalidate();
    await setStatus(id, 'unhealthy');
    await settle();
    const rows = await history(ruleId);
    expect(rows).toEqual([expect.objectContaining({ status: 'silenced', recipient: null })]);
    expect(rows[0].error).toContain('maintenance');
    expect(posted('Check quiet-api has failed')).toHaveLength(0);
  });

  it('a second failure within the repeat interval is recorded as repeat-interval', async () => {
    const id = await check('noisy-api');
    const ruleId = await rule('noisy', { filter: 'check.name == "noisy-api"', custom_services: hook(), repeat_interval: '1h' });
    await setStatus(id, 'unhealthy');
    await settle();
    await setStatus(id, 'healthy');
    await setStatus(id, 'unhealthy');
    await settle();
    const rows = await history(ruleId);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'repeat-interval']);
    expect(posted('Check noisy-api has failed')).toHaveLength(1);
  });

  it('a channel that is down is retried with backoff, then the row is an error with the peer’s message', async () => {
    const id = await check('down-api');
    const ruleId = await rule('down', { filter: 'check.name == "down-api"', custom_services: hook() });
    down = true;
    try {
      await setStatus(id, 'unhealthy');
      await settle();
      let [row] = await history(ruleId);
      // The first attempt failed; with a 10 ms backoff the next ones may already have run.
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.error).toContain('maintenance window');
      for (let i = 0; i < 10 && row.status === 'pending'; i++) {
        await pool.query(`UPDATE notification_send_history SET next_attempt_at = now() WHERE id = $1`, [row.id]);
        await settle();
        [row] = await history(ruleId);
      }
      expect(row).toMatchObject({ status: 'error', attempts: 3 });
      expect(row.error).toBe('the peer answered 503: maintenance window, try later');
      expect(posted('Check down-api has failed')).toHaveLength(3);
    } finally {
      down = false;
    }
  });

  it('a filter that fails is an error row and the rule’s error', async () => {
    const id = await check('typo-api');
    const ruleId = await rule('typo', { filter: 'check.nmae == "typo-api"', custom_services: hook() });
    await setStatus(id, 'unhealthy');
    await settle();
    const rows = await history(ruleId);
    expect(rows).toEqual([expect.objectContaining({ status: 'error' })]);
    expect(rows[0].error).toMatch(/^filter: /);
    const { rows: rules } = await pool.query(`SELECT error FROM notifications WHERE id = $1`, [ruleId]);
    expect(rules[0].error).toBe(rows[0].error);
  });

  it('a redelivered event writes no second row and sends nothing twice', async () => {
    const id = await check('twice-api');
    const ruleId = await rule('twice', { filter: 'check.name == "twice-api"', custom_services: hook() });
    const event = { id: '6f1c1d3e-1111-4a4a-9b9b-000000000001', name: 'check.failed', properties: { id }, created_at: new Date().toISOString() };
    const handler = app.get(NotificationEventHandler);
    await handler.handle({ ...event, attempts: 1 });
    await app.get(NotificationDeliverer).drain();
    await handler.handle({ ...event, attempts: 2 });
    await app.get(NotificationDeliverer).drain();
    const rows = await history(ruleId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', event_id: event.id });
    expect(posted('Check twice-api has failed')).toHaveLength(1);
  });

  it('goes through the real webhook channel (generic+http, signed) and the email channel to a person through the smtp connection', async () => {
    const smtp: SmtpPeer = await startSmtpPeer({ mailer: 'mail-secret' });
    try {
      await pool.query(
        `INSERT INTO connections (name, type, url, username, password, properties)
         VALUES ('relay', 'smtp', $1, 'mailer', 'mail-secret', '{"from": "console@example.com"}')`,
        [`smtp://127.0.0.1:${smtp.port}`],
      );
      app.get(NotificationEventHandler).forgetLookups();
      const person = await pool.query<{ id: string }>(`INSERT INTO people (name, email) VALUES ('Bob', 'bob@example.com') RETURNING id`);
      const id = await check('real-api');
      const url = `generic+http://127.0.0.1:${new URL(peer.url).port}/generic?secret=hook-signing-key`;
      const ruleId = await rule('real channels', {
        filter: 'check.name == "real-api"',
        custom_services: [{ name: 'webhook', url }],
        person_id: person.rows[0].id,
      });
      await setStatus(id, 'unhealthy');
      await settle();
      const rows = await history(ruleId);
      expect(rows.map((r) => [r.recipient, r.channel, r.status, r.error])).toEqual(
        expect.arrayContaining([
          ['custom:webhook', 'webhook', 'sent', null],
          [`person:${person.rows[0].id}`, 'email', 'sent', null],
        ]),
      );
      const hit = peer.requests.find((r) => r.path === '/generic' && (r.body as { title?: string }).title === 'Check real-api has failed')!;
      expect(hit).toBeDefined();
      expect(hit.body).toMatchObject({ event: 'check.failed', resource: { id, type: 'check', name: 'real-api' } });
      const expected = `sha256=${createHmac('sha256', 'hook-signing-key').update(JSON.stringify(hit.body)).digest('hex')}`;
      expect(hit.headers['x-signature-256']).toBe(expected);
      const mail = smtp.messages.find((m) => m.to.includes('bob@example.com'))!;
      expect(mail).toBeDefined();
      expect(mail.headers.subject).toBe('Check real-api has failed');
    } finally {
      await pool.query(`DELETE FROM connections WHERE name = 'relay'`);
      app.get(NotificationEventHandler).forgetLookups();
      await smtp.stop();
    }
  });
});
