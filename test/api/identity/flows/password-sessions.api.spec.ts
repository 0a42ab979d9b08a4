import request from 'supertest';
import { AUTH_ERROR, type SessionInfo } from '@contracts';
import { IdentityService } from '../../../../gateway/src/core/auth/identity.service';
import { TEST_PASSWORD, TestApp, type SignedInAgent } from '../../../support/test-app';
import { post, sessionCount } from './flow-support';

/** Profile page: Change Password behind 'Confirm Action', and the person's own sessions. */
describe('change password and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No principal cache: the tests age a session's sign-in in SQL and expect the next request to see it.
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', AUTH_CACHE_MS: '0' });
  });
  afterAll(() => t?.stop());

  const age = (personId: string) => t.pool.query(`update sessions set authenticated_at = now() - interval '1 hour' where person_id = $1`, [personId]);

  it('needs a recent sign-in, then changes the password after Confirm Action and ends the other sessions', async () => {
    const person = await t.createPerson(['viewer']);
    const me = await t.signIn(person.email);
    const other = await t.signIn(person.email);
    await age(person.id);

    const refused = await post(me, '/api/auth/password').send({ newPassword: 'changed-password' }).expect(403);
    expect(refused.body.code).toBe(AUTH_ERROR.refreshRequired);

    // Confirm Action: the password again, for this very session (with its CSRF token).
    await me.agent.post('/api/auth/login').send({ email: person.email, password: TEST_PASSWORD, refresh: true }).expect(403);
    // A typo keeps the session (400, not 401) and changes nothing.
    await post(me, '/api/auth/login').send({ email: person.email, password: 'typo', refresh: true }).expect(400);
    await post(me, '/api/auth/password').send({ newPassword: 'changed-password' }).expect(403);
    await post(me, '/api/auth/login').send({ email: person.email, password: TEST_PASSWORD, refresh: true }).expect(200);

    await post(me, '/api/auth/password')
      .send({ newPassword: 'short' })
      .expect(400, /at least 8 characters/);
    await post(me, '/api/auth/password')
      .send({ currentPassword: 'not-it', newPassword: 'changed-password' })
      .expect(400, /current password is not correct/);
    const changed = await post(me, '/api/auth/password').send({ currentPassword: TEST_PASSWORD, newPassword: 'changed-password' }).expect(200);
    expect(changed.body).toEqual({ other_sessions_revoked: 1 });

    await me.agent.get('/api/auth/whoami').expect(200);
    await other.agent.get('/api/auth/whoami').expect(401);
    await request(t.server).post('/api/auth/login').send({ email: person.email, password: TEST_PASSWORD }).expect(401);
    await t.signIn(person.email, 'changed-password');
  });

  it('refuses a password change with an access token and accepts Basic credentials (they carry the password)', async () => {
    const person = await t.createPerson(['viewer']);
    const token = await t.app.get(IdentityService).createAccessToken(person.id, 'ci', person.id);
    const byToken = await request(t.server)
      .post('/api/auth/password')
      .set('authorization', `Bearer ${token}`)
      .send({ newPassword: 'token-changed-pw' })
      .expect(403);
    expect(byToken.body.code).toBe(AUTH_ERROR.refreshRequired);
    const basic = `Basic ${Buffer.from(`${person.email}:${TEST_PASSWORD}`).toString('base64')}`;
    await request(t.server).post('/api/auth/password').set('authorization', basic).send({ newPassword: 'basic-changed-pw' }).expect(200);
    await t.signIn(person.email, 'basic-changed-pw');
  });

  it('lists only my live sessions by public handle, the current one first', async () => {
    const person = await t.createPerson(['editor']);
    const me = await t.signIn(person.email);
    await t.signIn(person.email);
    const someoneElse = await t.signInAs(['viewer']);
    const res = await me.agent.get('/api/auth/sessions').expect(200);
    const sessions = res.body as SessionInfo[];
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.current)).toEqual([true, false]);
    expect(sessions[0]).toMatchObject({ aal: 'aal1', id: expect.stringMatching(/^[0-9a-f-]{36}$/), ip: expect.any(String) });
    const stored = await t.pool.query<{ id: string }>(`select id from sessions where person_id = $1`, [person.id]);
    expect(JSON.stringify(res.body)).not.toContain(stored.rows[0].id);
    const theirs = (await someoneElse.agent.get('/api/auth/sessions').expect(200)).body as SessionInfo[];
    expect(theirs.map((s) => s.id)).not.toContain(sessions[0].id);
  });

  it("revokes one of my sessions, but not someone else's (404), and then all but the current", async () => {
    const person = await t.createPerson(['viewer']);
    const me = await t.signIn(person.email);
    const tablet = await t.signIn(person.email);
    const phone = await t.signIn(person.email);
    const someoneElse = await t.signInAs(['admin']);
    const theirs = ((await someoneElse.agent.get('/api/auth/sessions').expect(200)).body as SessionInfo[])[0];

    const del = (who: SignedInAgent, url: string) => who.agent.delete(url).set('x-csrf-token', who.csrf);
    const missing = await del(me, `/api/auth/sessions/${theirs.id}`).expect(404);
    expect(missing.body.message).toBe('Session not found');
    await del(me, '/api/auth/sessions/not-a-uuid').expect(404);
    await someoneElse.agent.get('/api/auth/whoami').expect(200);

    const tabletId = ((await tablet.agent.get('/api/auth/sessions').expect(200)).body as SessionInfo[]).find((s) => s.current)!.id;
    await del(me, `/api/auth/sessions/${tabletId}`).expect(204);
    await tablet.agent.get('/api/auth/whoami').expect(401);
    await phone.agent.get('/api/auth/whoami').expect(200);
    await del(me, `/api/auth/sessions/${tabletId}`).expect(404);

    const all = await del(me, '/api/auth/sessions').expect(200);
    expect(all.body).toEqual({ revoked: 1 });
    await phone.agent.get('/api/auth/whoami').expect(401);
    await me.agent.get('/api/auth/whoami').expect(200);
    expect(await sessionCount(t, person.id)).toBe(1);
  });
});
