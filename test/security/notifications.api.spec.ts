import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { can, ROLES, type Role } from '@contracts';
import { TestApp, type SignedInAgent } from '../support/test-app';

/**
 * Notification rules, silences, send history and the bell (issue 15) under RBAC (spec 03 §6): every role reads;
 * only writers of `notifications` (admin, editor) add, change or delete rules and silences or use the rule form's
 * checks; commander and responder write only incident resources, so they are refused like viewers; a person without
 * a role is a viewer. With the feature `settings.notifications` disabled every route answers 403. The bell is the
 * caller's own, whatever they ask for. A refused request changes nothing.
 */
const WRITERS: readonly Role[] = ['admin', 'editor'];
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('notifications, attacked', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  const agents = {} as Record<Role | 'none', SignedInAgent>;
  let ruleId: string;
  let silenceId: string;
  let historyId: string;
  let checkId: string;

  const send = (who: SignedInAgent, method: 'post' | 'patch' | 'delete', url: string, body?: unknown) => {
    const req = who.agent[method](url).set('x-csrf-token', who.csrf);
    return body === undefined ? req : req.send(body as object);
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const snapshot = async () => ({
    rules: (await t.pool.query(`select id, name, deleted_at, updated_at from notifications order by id`)).rows,
    silences: (await t.pool.query(`select id, description, deleted_at, updated_at from notification_silences order by id`)).rows,
  });

  beforeAll(async () => {
    t = await TestApp.start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-security-')) });
    for (const role of ROLES) agents[role] = await t.signInAs([role]);
    agents.none = await t.signInAs([]);
    admin = agents.admin;
    const canary = (await t.pool.query(`insert into canaries (name) values ('shop') returning id`)).rows[0].id;
    checkId = (await t.pool.query(`insert into checks (canary_id, type, name) values ($1, 'http', 'shop-api') returning id`, [canary])).rows[0].id;
    ruleId = (await send(admin, 'post', '/api/notifications/rules', { name: 'Guarded', events: ['check.failed'], person_id: admin.personId }).expect(201)).body
      .id;
    silenceId = (await send(admin, 'post', '/api/silence', { check_id: checkId, until: inAnHour(), description: 'guarded' }).expect(201)).body.id;
    historyId = (
      await t.pool.query(
        `insert into notification_send_history (notification_id, status, source_event, person_id, recipient, body, payload)
         values ($1, 'sent', 'check.failed', $2::uuid, 'person:' || $2::text, 'for the admin', '{"to":["admin@example.com"]}') returning id`,
        [ruleId, admin.personId],
      )
    ).rows[0].id;
  });
  afterAll(() => t?.stop());

  it('the matrix in contracts gives write on notifications to admin and editor only', () => {
    expect(ROLES.filter((role) => can([role], 'notifications', 'write'))).toEqual(WRITERS);
    for (const role of ROLES) expect(can([role], 'notifications', 'read')).toBe(true);
  });

  describe.each([...ROLES, 'none' as const])('as %s', (role) => {
    const writer = (WRITERS as readonly string[]).includes(role);

    it('reads rules, silences, send history, channels and the bell', async () => {
      const { agent } = agents[role];
      for (const url of [
        '/api/notifications/rules',
        `/api/notifications/rules/${ruleId}`,
        '/api/notifications/channels',
        '/api/notifications/silences',
        `/api/notifications/silences/${silenceId}`,
        '/api/notifications/history',
        `/api/notifications/history/${historyId}`,
        '/api/notifications/history/summary',
        '/api/notifications/inbox',
        '/api/db/notifications?limit=1',
        '/api/db/notification_silences?limit=1',
        '/api/db/notification_send_history?limit=1',
      ]) {
        const res = await agent.get(url);
        expect(`${url} ${res.status}`).toBe(`${url} 200`);
      }
    });

    it(writer ? 'writes rules and silences and uses the form checks' : 'is refused every write (403) and nothing changes', async () => {
      const who = agents[role];
      const before = await snapshot();
      const attempts: [string, Promise<{ status: number }>, number][] = [
        ['create rule', send(who, 'post', '/api/notifications/rules', { name: `by-${role}`, events: ['check.failed'], person_id: who.personId }), 201],
        ['change rule', send(who, 'patch', `/api/notifications/rules/${ruleId}`, { title: `changed by ${role}` }), 200],
        ['validate filter', send(who, 'post', '/api/notifications/rules/validate-filter', { filter: 'true' }), 200],
        ['preview', send(who, 'post', '/api/notifications/rules/preview', { event: 'check.failed' }), 200],
        ['create silence', send(who, 'post', '/api/silence', { check_id: checkId, until: inAnHour() }), 201],
        ['create silence (notifications path)', send(who, 'post', '/api/notifications/silences', { check_id: checkId, until: inAnHour() }), 201],
        ['change silence', send(who, 'patch', `/api/notifications/silences/${silenceId}`, { description: `changed by ${role}` }), 200],
      ];
      const outcomes = await Promise.all(attempts.map(async ([what, res, ok]) => `${what}: ${(await res).status}, expected ${writer ? ok : 403}`));
      expect(outcomes).toEqual(attempts.map(([what, , ok]) => `${what}: ${writer ? ok : 403}, expected ${writer ? ok : 403}`));
      if (!writer) {
        await send(who, 'delete', `/api/notifications/rules/${ruleId}`).expect(403);
        await send(who, 'delete', `/api/notifications/silences/${silenceId}`).expect(403);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('cannot write the tables through the data API either', async () => {
      const who = agents[role];
      const before = await snapshot();
      for (const table of ['notifications', 'notification_silences', 'notification_send_history']) {
        const res = await send(who, 'patch', `/api/db/${table}?id=eq.${table === 'notification_silences' ? silenceId : ruleId}`, {
          deleted_at: new Date().toISOString(),
        });
        expect(`${table} ${res.status}`).toBe(`${table} 405`);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  it('writers delete (soft) and the rows stay', async () => {
    const editor = agents.editor;
    const rule = (
      await send(editor, 'post', '/api/notifications/rules', { name: 'Short-lived', events: ['check.passed'], person_id: editor.personId }).expect(201)
    ).body.id;
    await send(editor, 'delete', `/api/notifications/rules/${rule}`).expect(204);
    const silence = (await send(editor, 'post', '/api/silence', { check_id: checkId, until: inAnHour() }).expect(201)).body.id;
    await send(editor, 'delete', `/api/notifications/silences/${silence}`).expect(204);
    expect((await t.pool.query(`select count(*)::int as n from notifications where id = $1 and deleted_at is not null`, [rule])).rows[0].n).toBe(1);
    expect((await t.pool.query(`select count(*)::int as n from notification_silences where id = $1 and deleted_at is not null`, [silence])).rows[0].n).toBe(1);
  });

  it('refuses callers who are not signed in, and writes without the CSRF token', async () => {
    for (const url of [
      '/api/notifications/rules',
      '/api/notifications/silences',
      '/api/notifications/history',
      '/api/notifications/inbox',
      '/api/notifications/inbox/stream',
    ]) {
      await t.http().get(url).expect(401);
    }
    await t
      .http()
      .post('/api/notifications/rules')
      .send({ name: 'anon', events: ['check.failed'] })
      .expect(401);
    await t.http().post('/api/silence').send({ check_id: checkId, until: inAnHour() }).expect(401);
    const before = await snapshot();
    await agents.editor.agent
      .post('/api/notifications/rules')
      .send({ name: 'no-csrf', events: ['check.failed'], person_id: agents.editor.personId })
      .expect(403);
    await agents.editor.agent.delete(`/api/notifications/silences/${silenceId}`).expect(403);
    expect(await snapshot()).toEqual(before);
  });

  it("shows the bell's rows of the caller only, whatever the query says", async () => {
    const viewer = agents.viewer;
    const mine = await viewer.agent.get(`/api/notifications/inbox?person_id=${admin.personId}&personId=${admin.personId}`).expect(200);
    expect(mine.body).toEqual({ unread: 0, items: [] });
    const theirs = await admin.agent.get('/api/notifications/inbox').expect(200);
    expect(theirs.body.items.map((i: { id: string }) => i.id)).toEqual([historyId]);
    // Marking read is the caller's own mark too.
    await send(viewer, 'post', '/api/notifications/inbox/read', { person_id: admin.personId }).expect(204);
    expect((await admin.agent.get('/api/notifications/inbox')).body.unread).toBe(1);
    const { rows } = await t.pool.query(`select person_id from notification_reads`);
    expect(rows.map((r) => r.person_id)).toEqual([viewer.personId]);
  });

  it("never shows a send history row's payload, on the API or the data API", async () => {
    for (const url of [
      `/api/notifications/history/${historyId}`,
      `/api/db/notification_send_history?id=eq.${historyId}`,
      `/api/db/notification_send_history_summary?id=eq.${historyId}`,
    ]) {
      const res = await agents.viewer.agent.get(url).expect(200);
      expect(JSON.stringify(res.body)).not.toContain('admin@example.com');
    }
    expect((await agents.viewer.agent.get('/api/db/notification_send_history?select=payload')).status).toBe(400);
    expect((await agents.viewer.agent.get('/api/db/notification_send_history?payload->>to=like.*admin*')).status).toBe(400);
  });

  it('answers 403 everywhere while the feature is disabled, and serves again once enabled', async () => {
    await send(admin, 'post', '/api/properties', { name: 'settings.notifications.disable', value: 'true' }).expect(201);
    try {
      const before = await snapshot();
      for (const url of [
        '/api/notifications/rules',
        `/api/notifications/rules/${ruleId}`,
        '/api/notifications/channels',
        '/api/notifications/silences',
        '/api/notifications/history',
        '/api/notifications/history/summary',
        '/api/notifications/inbox',
        '/api/notifications/inbox/stream',
        '/api/db/notifications',
        '/api/db/notification_send_history',
      ]) {
        const res = await admin.agent.get(url);
        expect(`${url} ${res.status}`).toBe(`${url} 403`);
      }
      await send(admin, 'post', '/api/notifications/rules', { name: 'while-off', events: ['check.failed'], person_id: admin.personId }).expect(403);
      await send(admin, 'post', '/api/silence', { check_id: checkId, until: inAnHour() }).expect(403);
      await send(admin, 'delete', `/api/notifications/rules/${ruleId}`).expect(403);
      await send(admin, 'post', '/api/notifications/inbox/read', {}).expect(403);
      expect(await snapshot()).toEqual(before);
    } finally {
      await send(admin, 'delete', '/api/properties?name=settings.notifications.disable').expect(204);
    }
    await admin.agent.get('/api/notifications/rules').expect(200);
  });

  it('does not tell a missing rule from a malformed id', async () => {
    expect((await agents.viewer.agent.get(`/api/notifications/rules/${MISSING}`).expect(404)).body.message).toBe('Notification not found');
    expect((await agents.viewer.agent.get(`/api/notifications/rules/x' or 1=1--`).expect(404)).body.message).toBe('Notification not found');
  });
});
