import { TestApp, TEST_PASSWORD, type SignedInAgent } from '../support/test-app';

/**
 * Issue 8, defects 9 to 12, replayed by the weakest role that could try each: Basic credentials verified with
 * argon2 on every request, kubeconfig tokens that pile up and cannot be revoked, sign-out without CSRF, a lockout an
 * attacker could impose on the owner, viewers reading emails, and sign-in data kept forever.
 */
const basic = (email: string, password = TEST_PASSWORD) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe('identity hardening', () => {
  let t: TestApp;
  let viewer: SignedInAgent;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', AUTH_CACHE_MS: '60000', LOGIN_MAX_FAILURES: '3', LOGIN_BACKOFF_AFTER: '1000' });
    viewer = await t.signInAs(['viewer']);
  });
  afterAll(() => t?.stop());

  it('verifies Basic credentials once and then reuses the result, even for concurrent requests', async () => {
    const person = await t.createPerson(['viewer']);
    // every argon2 verification records one sign-in attempt
    const verifications = async () => (await t.pool.query(`select count(*)::int n from login_attempts where email = $1`, [person.email])).rows[0].n;
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.http().get('/api/auth/whoami').set('authorization', basic(person.email))));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    await t.http().get('/api/auth/whoami').set('authorization', basic(person.email)).expect(200);
    expect(await verifications()).toBe(1);
    // another password is another credential: verified (and refused), never served from the cache
    await t.http().get('/api/auth/whoami').set('authorization', basic(person.email, 'wrong-password')).expect(401);
    expect(await verifications()).toBe(2);
  });

  it('keeps one kubeconfig token per person: a new download revokes the previous one', async () => {
    const person = await t.signInAs(['viewer']);
    const tokenOf = (text: string) => /token: (\S+)/.exec(text)![1];
    const first = tokenOf((await person.agent.post('/api/kubeconfig').set('x-csrf-token', person.csrf).expect(200)).text);
    await t.http().get('/api/auth/whoami').set('authorization', `Bearer ${first}`).expect(200);
    const second = tokenOf((await person.agent.post('/api/kubeconfig').set('x-csrf-token', person.csrf).expect(200)).text);
    await t.http().get('/api/auth/whoami').set('authorization', `Bearer ${first}`).expect(401);
    await t.http().get('/api/auth/whoami').set('authorization', `Bearer ${second}`).expect(200);
    const listed = await person.agent.get('/api/auth/tokens').expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ name: 'kubeconfig', expires_at: expect.any(String) })]);
    expect(JSON.stringify(listed.body)).not.toContain(second);
    const days = (Date.parse(listed.body[0].expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });

  it('makes no token for a GET (a link or a prefetch), nor for a POST from another site', async () => {
    const person = await t.signInAs(['viewer']);
    await person.agent.get('/api/kubeconfig').set('sec-fetch-site', 'cross-site').expect(405);
    await person.agent.get('/api/kubeconfig').expect(405);
    // another site cannot read the CSRF cookie, so its forged form post has no header
    const res = await person.agent.post('/api/kubeconfig').set('sec-fetch-site', 'cross-site').expect(403);
    expect(res.body.code).toBe('csrf');
    expect((await person.agent.get('/api/auth/tokens').expect(200)).body).toEqual([]);
  });

  it('lets a person revoke their own tokens only', async () => {
    const [owner, other] = await Promise.all([t.signInAs(['viewer']), t.signInAs(['editor'])]);
    const token = /token: (\S+)/.exec((await owner.agent.post('/api/kubeconfig').set('x-csrf-token', owner.csrf).expect(200)).text)![1];
    const id = (await owner.agent.get('/api/auth/tokens').expect(200)).body[0].id;
    await other.agent.delete(`/api/auth/tokens/${id}`).set('x-csrf-token', other.csrf).expect(404);
    await t.http().get('/api/auth/whoami').set('authorization', `Bearer ${token}`).expect(200);
    await owner.agent.delete(`/api/auth/tokens/${id}`).set('x-csrf-token', owner.csrf).expect(204);
    await t.http().get('/api/auth/whoami').set('authorization', `Bearer ${token}`).expect(401);
  });

  it('ends every session and token of a person who is deactivated', async () => {
    const person = await t.signInAs(['editor']);
    const token = /token: (\S+)/.exec((await person.agent.post('/api/kubeconfig').set('x-csrf-token', person.csrf).expect(200)).text)![1];
    await t.pool.query(`update people set state = 'inactive' where id = $1`, [person.personId]);
    expect((await t.pool.query(`select count(*)::int n from access_tokens where person_id = $1`, [person.personId])).rows[0].n).toBe(0);
    expect((await t.pool.query(`select count(*)::int n from sessions where person_id = $1 and revoked_at is null`, [person.personId])).rows[0].n).toBe(0);
    await t.http().get('/api/auth/whoami').set('authorization', `Bearer ${token}`).expect(401);
    await t.http().post('/api/auth/login').send({ email: person.email, password: TEST_PASSWORD }).expect(401);
  });

  it('signs out only with the CSRF token', async () => {
    const person = await t.signInAs(['viewer']);
    await person.agent.post('/api/auth/logout').expect(403);
    await person.agent.get('/api/auth/whoami').expect(200);
    await person.agent.post('/api/auth/logout').set('x-csrf-token', person.csrf).expect(204);
    await person.agent.get('/api/auth/whoami').expect(401);
  });

  it("does not let an attacker's failures from one address lock the owner out from another", async () => {
    const owner = await t.createPerson(['viewer']);
    for (let i = 0; i < 3; i++) {
      await t.http().post('/api/auth/login').set('x-forwarded-for', '203.0.113.9').send({ email: owner.email, password: 'guess' }).expect(401);
    }
    await t.http().post('/api/auth/login').set('x-forwarded-for', '203.0.113.9').send({ email: owner.email, password: TEST_PASSWORD }).expect(429);
    await t.http().post('/api/auth/login').set('x-forwarded-for', '198.51.100.7').send({ email: owner.email, password: TEST_PASSWORD }).expect(200);
  });

  it("shows viewers people's names and avatars, not their emails or sign-in state, also through embeds", async () => {
    const people = await viewer.agent.get('/api/db/people?select=*&limit=5').expect(200);
    expect(people.body.length).toBeGreaterThan(0);
    for (const row of people.body) {
      expect(Object.keys(row)).toEqual(expect.arrayContaining(['id', 'name', 'avatar']));
      for (const column of ['email', 'last_login', 'totp_enabled_at', 'email_verified_at', 'password_hash']) expect(row).not.toHaveProperty(column);
    }
    await viewer.agent.get('/api/db/people?select=email').expect(400);
    await viewer.agent.get(`/api/db/people?email=eq.${encodeURIComponent(viewer.email)}`).expect(400);
    await t.pool.query(`insert into canaries (name, created_by) values ('mine', $1)`, [viewer.personId]);
    const embedded = await viewer.agent.get('/api/db/canaries?select=name,created_by(*)&name=eq.mine').expect(200);
    expect(embedded.body[0].created_by).not.toHaveProperty('email');
    const admin = await t.signInAs(['admin']);
    const full = await admin.agent.get(`/api/db/people?select=email&id=eq.${viewer.personId}`).expect(200);
    expect(full.body).toEqual([{ email: viewer.email }]);
  });

  it('prunes old sign-in attempts, ended sessions, expired tokens, stale emailed links and old link requests', async () => {
    await t.pool.query(`insert into login_attempts (email, ip, success, created_at) values ('old@x', '1.2.3.4', false, now() - interval '3 days')`);
    const person = await t.createPerson(['viewer']);
    await t.pool.query(`insert into sessions (id, person_id, expires_at) values ('expired-session', $1, now() - interval '1 hour')`, [person.id]);
    await t.pool.query(`insert into access_tokens (name, value_hash, person_id, expires_at) values ('old', 'h-old', $1, now() - interval '1 hour')`, [
      person.id,
    ]);
    await t.pool.query(
      `insert into identity_codes (person_id, email, purpose, code_hash, expires_at) values
         ($1, $2, 'recovery', 'h-stale', now() - interval '2 days'), ($1, $2, 'verification', 'h-live', now() + interval '1 hour')`,
      [person.id, person.email],
    );
    await t.pool.query(`insert into identity_requests (purpose, email, created_at) values ('recovery', $1, now() - interval '2 days')`, [person.email]);
    const { IdentityService } = await import('../../gateway/src/core/auth/identity.service');
    const removed = await t.app.get(IdentityService).pruneExpired();
    expect(removed).toMatchObject({ attempts: expect.any(Number), sessions: 1, tokens: 1, codes: 1, requests: 1 });
    expect((await t.pool.query(`select code_hash from identity_codes where person_id = $1`, [person.id])).rows).toEqual([{ code_hash: 'h-live' }]);
    expect((await t.pool.query(`select count(*)::int n from login_attempts where email = 'old@x'`)).rows[0].n).toBe(0);
    expect((await t.pool.query(`select count(*)::int n from sessions where id = 'expired-session'`)).rows[0].n).toBe(0);
  });
});
