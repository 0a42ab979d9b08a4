import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EventQueueConsumer } from '@gateway/core/events';
import { NotificationDeliverer } from '../../plugins/notifications/gateway/engine/deliverer.service';
import { startHttpPeer, type HttpPeer } from '../support/peers/http-peer';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Notifications attacked through what a writer of rules controls (issue 15 review, docs/security.md "Issue 15
 * review"): where a rule's "Others" recipients make the console send (the console itself, its database, cloud
 * metadata, loopback names, redirects), whether a connection's secret can be sent anywhere but its own address,
 * what of a rule's secrets its readers see, what the stored history keeps of a secret a peer echoes, mass assignment,
 * oversized input and header injection. Every delivery is a real one through the engine and the channel plugins.
 */
describe('notifications, attacked through rules and channels', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let viewer: SignedInAgent;
  /** Plays the console itself: the app's PORT is this peer's, so the address policy treats it as the console. */
  let console_: HttpPeer;
  /** A peer anyone may reach: echoes what it was sent in its error answers, or redirects. */
  let peer: HttpPeer;
  let checkId: string;
  let n = 0;

  const send = (who: SignedInAgent, method: 'post' | 'patch' | 'delete', url: string, body?: unknown) => {
    const req = who.agent[method](url).set('x-csrf-token', who.csrf);
    return body === undefined ? req : req.send(body as object);
  };

  beforeAll(async () => {
    console_ = await startHttpPeer((e) => e.all(/.*/, (_req, res) => res.status(200).json({ ok: true })));
    peer = await startHttpPeer((e) => {
      e.all('/redirect-console', (_req, res) => res.redirect(302, `${console_.url}/api/notifications/rules`));
      e.all('/redirect-metadata', (_req, res) => res.redirect(307, 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'));
      // An unhelpful peer: its error says everything it was sent.
      e.all('/echo-fail', (req, res) => res.status(400).send(`bad request: ${JSON.stringify({ headers: req.headers, query: req.query })}`));
      e.all(/.*/, (_req, res) => res.status(200).json({ ok: true }));
    });
    t = await TestApp.start({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-attacks-')),
      PORT: new URL(console_.url).port,
      NOTIFY_MAX_ATTEMPTS: '2',
      NOTIFY_RETRY_BASE_MS: '10',
    });
    [admin, editor, viewer] = await Promise.all([t.signInAs(['admin']), t.signInAs(['editor']), t.signInAs(['viewer'])]);
    const canary = (await t.pool.query(`insert into canaries (name) values ('attack') returning id`)).rows[0].id;
    checkId = (await t.pool.query(`insert into checks (canary_id, type, name, status) values ($1, 'http', 'target', 'healthy') returning id`, [canary])).rows[0]
      .id;
  });
  afterAll(async () => {
    await t?.stop();
    await peer?.stop();
    await console_?.stop();
  });

  /** An editor's rule for check.failed with these Others recipients; the check fails; everything due is delivered. */
  async function deliver(custom_services: object[]): Promise<{ recipient: string; status: string; error: string | null; attempts: number }[]> {
    const rule = await send(editor, 'post', '/api/notifications/rules', { name: `attack-${++n}`, events: ['check.failed'], custom_services });
    expect(`${rule.status} ${JSON.stringify(rule.body)}`).toMatch(/^201 /);
    await t.pool.query(`update checks set status = 'healthy' where id = $1`, [checkId]);
    await t.pool.query(`update checks set status = 'unhealthy', last_transition_time = now() where id = $1`, [checkId]);
    for (let i = 0; i < 5; i++) {
      await t.app.get(EventQueueConsumer).wake();
      await t.app.get(NotificationDeliverer).drain();
      const { rows } = await t.pool.query(
        `select recipient, status, error, attempts from notification_send_history where notification_id = $1 order by recipient`,
        [rule.body.id],
      );
      if (rows.length && rows.every((r) => r.status !== 'pending')) {
        await send(editor, 'delete', `/api/notifications/rules/${rule.body.id}`).expect(204);
        return rows;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the deliveries did not settle');
  }

  describe('address policy: a rule cannot make the console call what it must not', () => {
    const consolePort = () => new URL(console_.url).port;

    it.each([
      ['the console on 127.0.0.1', () => `generic+http://127.0.0.1:${consolePort()}/api/notifications/rules`, /this console/],
      ['the console by the name localhost', () => `generic+http://localhost:${consolePort()}/api/auth/session`, /this console/],
      ['the console as IPv6 loopback', () => `generic+http://[::1]:${consolePort()}/`, /this console|could not/],
      ['the console as 0.0.0.0', () => `generic+http://0.0.0.0:${consolePort()}/`, /this console/],
      ['its database', () => 'generic+http://127.0.0.1:5432/', /database/],
      ['its database by name', () => 'generic+http://localhost:5432/', /database/],
      ['cloud metadata', () => 'generic+http://169.254.169.254/latest/meta-data/', /metadata/],
      ['cloud metadata as a decimal address', () => 'generic+http://2852039166/latest/meta-data/', /metadata/],
      ['cloud metadata as IPv4-mapped IPv6', () => 'generic+http://[::ffff:169.254.169.254]/latest/meta-data/', /metadata/],
      ['the console through ntfy', () => `ntfy://127.0.0.1:${consolePort()}/topic?scheme=http`, /this console/],
      ['cloud metadata through a slack host override', () => 'slack://hooks/T000/B000/XXXX?host=169.254.169.254&scheme=http', /metadata/],
      [
        'cloud metadata through a telegram host override',
        () => 'telegram://123456:ABCdef@telegram?chats=@opsalerts&host=169.254.169.254&scheme=http',
        /metadata/,
      ],
    ])('%s: refused once, final, nothing reaches it', async (_what, url, why) => {
      const before = console_.requests.length;
      const [row] = await deliver([{ name: 'target', url: url() }]);
      expect(row).toMatchObject({ status: 'error', attempts: 1 });
      expect(row.error).toMatch(why);
      expect(console_.requests.length).toBe(before);
    });

    it('does not follow a redirect to the console or to cloud metadata', async () => {
      const before = console_.requests.length;
      const rows = await deliver([
        { name: 'to-console', url: `generic+http://127.0.0.1:${new URL(peer.url).port}/redirect-console` },
        { name: 'to-metadata', url: `generic+http://127.0.0.1:${new URL(peer.url).port}/redirect-metadata` },
      ]);
      for (const row of rows) {
        expect(row.status).toBe('error');
        expect(row.error).toMatch(/redirect to .* not followed/);
      }
      expect(console_.requests.length).toBe(before);
    });
  });

  describe("a connection's secrets go to its own address only", () => {
    const HOOK_PASSWORD = 'Hook-Passw0rd-4711';
    const SLACK_TOKEN = 'xoxb-1111-2222-connectiontoken';

    beforeAll(async () => {
      for (const connection of [
        { name: 'ops-hook', type: 'webhook', url: `${peer.url}/conn-hook`, username: 'hookuser', password: HOOK_PASSWORD },
        { name: 'ops-slack', type: 'slack', url: `${peer.url}/slack`, password: SLACK_TOKEN, properties: { channel: 'alerts' } },
      ]) {
        await send(admin, 'post', '/api/connections', connection).expect(201);
      }
    });

    it("an editor, who never sees a connection's secrets, sends through one to its own address only", async () => {
      const before = peer.requests.length;
      const rows = await deliver([
        { name: 'hook', connection: 'connection://ops-hook' },
        { name: 'slack', connection: 'connection://ops-slack', properties: { host: '169.254.169.254', url: 'http://169.254.169.254/' } },
      ]);
      expect(rows.map((r) => `${r.recipient} ${r.status}`)).toEqual(['custom:hook sent', 'custom:slack sent']);
      const sent = peer.requests.slice(before);
      expect(sent.map((r) => r.path).sort()).toEqual(['/api/chat.postMessage', '/conn-hook']);
      const basic = `Basic ${Buffer.from(`hookuser:${HOOK_PASSWORD}`).toString('base64')}`;
      expect(sent.find((r) => r.path === '/conn-hook')?.headers.authorization).toBe(basic);
      expect(sent.find((r) => r.path === '/api/chat.postMessage')?.headers.authorization).toBe(`Bearer ${SLACK_TOKEN}`);
      // Editors read connections without their secrets.
      const listed = JSON.stringify((await editor.agent.get('/api/connections').expect(200)).body);
      expect(listed).not.toContain(HOOK_PASSWORD);
      expect(listed).not.toContain(SLACK_TOKEN);
    });

    it("a connection cannot be combined with a URL of the writer's choosing", async () => {
      for (const service of [
        { name: 'x', connection: 'connection://ops-slack', url: `slack://hooks/T000/B000/XXXX?host=127.0.0.1:${new URL(console_.url).port}` },
        { name: 'x', connection: 'connection://ops-hook', url: 'generic+http://attacker.example/collect' },
      ]) {
        const res = await send(editor, 'post', '/api/notifications/rules', { name: `combined-${++n}`, events: ['check.failed'], custom_services: [service] });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/either url or connection/);
      }
    });
  });

  describe("what a rule's readers see of its secrets", () => {
    const SLACK_TOKEN = 'xoxb-9876-5432-urltoken';
    const BASIC_PASSWORD = 'Basic-Passw0rd-99';
    const QUERY_SECRET = 'hmac-signing-key-77';
    const PROPERTY_SECRET = 'property-secret-123';
    let ruleId: string;

    beforeAll(async () => {
      const res = await send(editor, 'post', '/api/notifications/rules', {
        name: 'secrets in urls',
        events: ['check.failed'],
        properties: { secret: PROPERTY_SECRET, severity: 'critical' },
        custom_services: [
          { name: 'slack', url: `slack://${SLACK_TOKEN}@alerts` },
          {
            name: 'hook',
            url: `generic+https://ci:${BASIC_PASSWORD}@hooks.example.com/notify?secret=${QUERY_SECRET}`,
            properties: { api_key: 'ak-1234567890' },
          },
          { name: 'teams', url: 'teams://example.webhook.office.com/webhookb2/0123456789abcdef0123456789abcdef/IncomingWebhook/feedfacefeedfacefeedface' },
        ],
      }).expect(201);
      ruleId = res.body.id;
    });

    const SECRETS = [
      SLACK_TOKEN,
      BASIC_PASSWORD,
      QUERY_SECRET,
      PROPERTY_SECRET,
      'ak-1234567890',
      '0123456789abcdef0123456789abcdef',
      'feedfacefeedfacefeedface',
    ];

    it('a reader without write sees where a rule sends, not its credentials (API and data API)', async () => {
      for (const url of [
        `/api/notifications/rules/${ruleId}`,
        '/api/notifications/rules',
        `/api/db/notifications?id=eq.${ruleId}`,
        `/api/db/notifications_with_status?id=eq.${ruleId}`,
      ]) {
        const res = await viewer.agent.get(url).expect(200);
        const text = JSON.stringify(res.body);
        for (const secret of SECRETS) expect(`${url}: ${text.includes(secret) ? secret : 'hidden'}`).toBe(`${url}: hidden`);
      }
      const rule = (await viewer.agent.get(`/api/notifications/rules/${ruleId}`).expect(200)).body;
      expect(rule.custom_services.map((s: { name: string; url: string }) => `${s.name} ${s.url}`)).toEqual([
        'slack slack://***@alerts',
        'hook generic+https://***@hooks.example.com/***?secret=***',
        'teams teams://example.webhook.office.com/***/***/***/***',
      ]);
      expect(rule.properties).toEqual({ secret: '***', severity: 'critical' });
    });

    it('a writer reads them whole, to edit the rule', async () => {
      const text = JSON.stringify((await editor.agent.get(`/api/notifications/rules/${ruleId}`).expect(200)).body);
      for (const secret of SECRETS) expect(text).toContain(secret);
    });
  });

  describe('what the send history keeps of a secret a peer echoes', () => {
    it("an error that repeats the request's credentials is stored without them", async () => {
      const port = new URL(peer.url).port;
      const rows = await deliver([
        { name: 'basic', url: `generic+http://ci:Echo-Passw0rd-1@127.0.0.1:${port}/echo-fail` },
        { name: 'bearer', url: `generic+http://127.0.0.1:${port}/echo-fail?@Authorization=Bearer%20tok-abcdef123456` },
        { name: 'apikey', url: `generic+http://127.0.0.1:${port}/echo-fail?@X-Api-Key=key-abcdef123456&token=qtok-abcdef123456` },
      ]);
      expect(rows.map((r) => `${r.recipient} ${r.status}`)).toEqual(['custom:apikey error', 'custom:basic error', 'custom:bearer error']);
      const stored = JSON.stringify(rows);
      for (const secret of [
        'Echo-Passw0rd-1',
        Buffer.from('ci:Echo-Passw0rd-1').toString('base64'),
        'tok-abcdef123456',
        'key-abcdef123456',
        'qtok-abcdef123456',
      ]) {
        expect(`${secret}: ${stored.includes(secret)}`).toBe(`${secret}: false`);
      }
      expect(stored).toContain('bad request');
    });
  });

  describe('what a writer may not set or send', () => {
    it('ignores created_by, source, error, id and the timestamps of a rule body', async () => {
      const forged = '11111111-1111-4111-8111-111111111111';
      const res = await send(editor, 'post', '/api/notifications/rules', {
        id: forged,
        name: 'mass assignment',
        events: ['check.failed'],
        person_id: editor.personId,
        created_by: admin.personId,
        source: 'KubernetesCRD',
        error: 'planted',
        most_common_error: 'planted',
        sent: 99,
        created_at: '2000-01-01T00:00:00Z',
        deleted_at: '2000-01-01T00:00:00Z',
      }).expect(201);
      expect(res.body).toMatchObject({ created_by: editor.personId, source: 'UI', error: null, sent: 0 });
      expect(res.body.id).not.toBe(forged);
      expect(new Date(res.body.created_at).getFullYear()).toBeGreaterThan(2000);
      await send(editor, 'patch', `/api/notifications/rules/${res.body.id}`, { created_by: admin.personId, source: 'KubernetesCRD', error: 'x' }).expect(200);
      const { rows } = await t.pool.query(`select created_by, source, error, deleted_at from notifications where id = $1`, [res.body.id]);
      expect(rows[0]).toEqual({ created_by: editor.personId, source: 'UI', error: null, deleted_at: null });
    });

    it('refuses webhook headers that would change where or how the request goes (400)', async () => {
      for (const [query, why] of [
        ['@Host=evil.example', /set by the channel/],
        ['@Content-Length=0', /set by the channel/],
        ['@Transfer-Encoding=chunked', /set by the channel/],
        ['@X-Signature-256=sha256%3Dforged', /set by the channel/],
        ['@X-A=a%0d%0aX-Injected:%20yes', /line break/],
        ['@X-A=a%0aHost:%20evil', /line break/],
        ['@Bad%20Name=x', /not a header name/],
      ] as const) {
        const res = await send(editor, 'post', '/api/notifications/rules', {
          name: `headers-${++n}`,
          events: ['check.failed'],
          custom_services: [{ name: 'hook', url: `generic+https://hooks.example.com/x?${query}` }],
        });
        expect(`${query} ${res.status}`).toBe(`${query} 400`);
        expect(res.body.message).toMatch(why);
      }
    });

    it('answers oversized and malformed input with a short 400 (or 413), never a 500', async () => {
      const base = { events: ['check.failed'], person_id: editor.personId };
      const cases: [string, object, number][] = [
        ['long name', { ...base, name: 'x'.repeat(256) }, 400],
        ['long title', { ...base, name: 'long title', title: 'x'.repeat(10_001) }, 400],
        ['long filter', { ...base, name: 'long filter', filter: `${'true && '.repeat(2000)}true` }, 400],
        [
          'many recipients',
          { ...base, name: 'many', custom_services: Array.from({ length: 51 }, (_, i) => ({ name: `s${i}`, url: 'generic+https://h.example/x' })) },
          400,
        ],
        ['many properties', { ...base, name: 'props', properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v'])) }, 400],
        ['many unknown events', { ...base, name: 'events', events: Array.from({ length: 50_000 }, (_, i) => `nope${i}`) }, 400],
        ['many known events', { ...base, name: 'events', events: Array.from({ length: 50_000 }, () => 'check.failed') }, 400],
        ['nested properties', { ...base, name: 'nested', properties: { a: { b: { c: 'd' } } } }, 400],
        ['a body over the limit', { ...base, name: 'big', template: 'x'.repeat(1_100_000) }, 413],
      ];
      for (const [what, body, status] of cases) {
        const res = await send(editor, 'post', '/api/notifications/rules', body);
        expect(`${what}: ${res.status}`).toBe(`${what}: ${status}`);
        expect(`${what}: ${JSON.stringify(res.body).length <= 4096}`).toBe(`${what}: true`);
      }
    });

    it('takes sort and filters from allow-lists (no SQL from the query string)', async () => {
      for (const url of [
        '/api/notifications/rules?sortBy=name;select pg_sleep(1)--',
        '/api/notifications/rules?sortBy=(select 1)',
        '/api/notifications/rules?sortOrder=asc nulls first',
        '/api/notifications/rules?pageSize=100000',
        '/api/notifications/silences?sortBy=id desc,(select 1)',
        "/api/notifications/history?status=sent') or ('1'='1",
        "/api/notifications/history?resourceType=check' --",
        "/api/notifications/history?notificationId=x' or 1=1--",
        '/api/notifications/history?from=now-1y; drop table notifications',
        '/api/notifications/inbox?limit=-1',
      ]) {
        const res = await viewer.agent.get(url);
        expect(`${url} ${res.status}`).toBe(`${url} 400`);
        expect(JSON.stringify(res.body)).not.toMatch(/syntax error|relation|column|postgres/i);
      }
    });

    it("bounds an expensive filter in the rule form's check (an answer, not a hang or a 500)", async () => {
      const ten = '[0,1,2,3,4,5,6,7,8,9]';
      const filter = `size(${ten}.map(a, ${ten}.map(b, ${ten}.map(c, ${ten}.map(d, ${ten}.map(e, ${ten}.map(f, ${ten}.map(g, a)))))))) > 0`;
      const res = await send(editor, 'post', '/api/notifications/rules/validate-filter', { filter, events: ['check.failed'] }).expect(200);
      expect(res.body).toEqual({ ok: false, error: expect.stringMatching(/too complex/) });
      // Longer than the evaluator takes (the rule's own limit is higher): refused before it runs.
      const long = `[${Array.from({ length: 2000 }, (_, i) => i).join(',')}]`;
      const wide = `size(${long}.map(a, ${long}.map(b, a + b))) > 0`.slice(0, 10_000);
      const refused = await send(editor, 'post', '/api/notifications/rules/validate-filter', { filter: wide, events: ['check.failed'] }).expect(200);
      expect(refused.body).toEqual({ ok: false, error: expect.stringMatching(/too long/) });
      // Two levels over lists as long as the evaluator takes: an answer (the workers' time limit), not a 500.
      const most = `[${Array.from({ length: 400 }, (_, i) => i).join(',')}]`;
      const square = `${most}.exists(a, ${most}.exists(b, a * b == 159201))`;
      expect(square.length).toBeLessThanOrEqual(4096);
      const answered = await send(editor, 'post', '/api/notifications/rules/validate-filter', { filter: square, events: ['check.failed'] }).expect(200);
      expect(typeof answered.body.ok).toBe('boolean');
    });
  });

  it("a read mark in the future does not hide the bell's next notifications", async () => {
    await send(viewer, 'post', '/api/notifications/inbox/read', { until: '2100-01-01T00:00:00Z' }).expect(204);
    const rule = await send(editor, 'post', '/api/notifications/rules', { name: 'for the viewer', events: ['check.failed'], person_id: viewer.personId });
    await t.pool.query(
      `insert into notification_send_history (notification_id, status, source_event, person_id, recipient, title, body)
       values ($2, 'sent', 'check.failed', $1::uuid, 'person:' || $1::text, 'after the mark', 'body')`,
      [viewer.personId, rule.body.id],
    );
    expect((await viewer.agent.get('/api/notifications/inbox').expect(200)).body).toMatchObject({ unread: 1, items: [{ title: 'after the mark' }] });
  });
});
