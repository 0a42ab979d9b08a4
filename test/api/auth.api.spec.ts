import { CSRF_COOKIE, SESSION_COOKIE } from '@contracts';
import { TEST_PASSWORD, TestApp } from '../support/test-app';

describe('built-in identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  });
  afterAll(() => t?.stop());

  it('signs in with email and password, setting an HttpOnly session cookie and a readable CSRF cookie', async () => {
    const person = await t.createPerson(['editor']);
    const res = await t.http().post('/api/auth/login').send({ email: person.email.toUpperCase(), password: TEST_PASSWORD }).expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie']);
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(res.body).toMatchObject({ user: { id: person.id, email: person.email }, roles: ['editor'] });
    expect(res.body.user.password_hash).toBeUndefined();
    expect(res.body.permissions.canaries).toEqual({ read: true, write: true });
    expect(res.body.permissions.connections).toEqual({ read: true, write: false });
  });

  it('stores only a hash of the session secret', async () => {
    const { agent } = await t.signInAs(['viewer']);
    const me = await agent.get('/api/auth/whoami').expect(200);
    const { rows } = await t.pool.query('select id from sessions where person_id = $1', [me.body.user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers whoami with the merged roles of the person; no role means viewer', async () => {
    const multi = await t.signInAs(['viewer', 'responder']);
    const me = await multi.agent.get('/api/auth/whoami').expect(200);
    expect(me.body.roles.sort()).toEqual(['responder', 'viewer']);
    expect(me.body.permissions.incident.write).toBe(true);

    const none = await t.signInAs([]);
    const me2 = await none.agent.get('/api/auth/whoami').expect(200);
    expect(me2.body.roles).toEqual(['viewer']);
    expect(me2.body.permissions.incident.write).toBe(false);
  });

  it('refuses a wrong password with 401 and one message for unknown accounts too', async () => {
    const person = await t.createPerson(['viewer']);
    const wrong = await t.http().post('/api/auth/login').send({ email: person.email, password: 'nope-nope' }).expect(401);
    const unknown = await t.http().post('/api/auth/login').send({ email: 'ghost@test.local', password: 'nope-nope' }).expect(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('validates the login body with clear messages', async () => {
    const res = await t.http().post('/api/auth/login').send({ email: 'not-an-email', password: '' }).expect(400);
    expect(res.body.message).toContain('Please provide valid email');
  });

  it('rate limits sign-in per account after repeated failures, even with the right password', async () => {
    const person = await t.createPerson(['viewer']);
    for (let i = 0; i < 3; i++) await t.http().post('/api/auth/login').send({ email: person.email, password: 'wrong-wrong' }).expect(401);
    const res = await t.http().post('/api/auth/login').send({ email: person.email, password: TEST_PASSWORD }).expect(429);
    expect(res.body.message).toMatch(/Too many failed sign-in attempts/);
  });

  it('signs out: the session is revoked server-side and the cookie no longer works', async () => {
    const { agent, csrf } = await t.signInAs(['viewer']);
    await agent.get('/api/auth/whoami').expect(200);
    await agent.post('/api/auth/logout').set('x-csrf-token', csrf).expect(204);
    await agent.get('/api/auth/whoami').expect(401);
  });

  it('answers 401 without credentials and for an unknown session cookie', async () => {
    await t.http().get('/api/auth/whoami').expect(401);
    await t.http().get('/api/auth/whoami').set('Cookie', `${SESSION_COOKIE}=forged`).expect(401);
  });

  it('accepts Basic credentials and Bearer access tokens for API clients', async () => {
    const person = await t.createPerson(['editor']);
    const basic = Buffer.from(`${person.email}:${TEST_PASSWORD}`).toString('base64');
    const me = await t.http().get('/api/auth/whoami').set('Authorization', `Basic ${basic}`).expect(200);
    expect(me.body.user.id).toBe(person.id);
    await t
      .http()
      .get('/api/auth/whoami')
      .set('Authorization', `Basic ${Buffer.from(`${person.email}:bad`).toString('base64')}`)
      .expect(401);

    const { agent, csrf } = await t.signIn(person.email);
    // A GET (a link, a prefetch) creates nothing.
    expect((await agent.get('/api/kubeconfig').expect(405)).body.message).toMatch(/POST/);
    expect((await t.pool.query('select 1 from access_tokens where person_id = $1', [person.id])).rows).toHaveLength(0);
    await agent.post('/api/kubeconfig').expect(403); // no CSRF header: not the console's own page
    const first = await agent.post('/api/kubeconfig').set('x-csrf-token', csrf).expect(200);
    const kubeconfig = await agent.post('/api/kubeconfig').set('x-csrf-token', csrf).expect(200);
    // One token per person and purpose: the second download replaced the first.
    const firstToken = /token: (\S+)/.exec(first.text)![1];
    await t.http().get('/api/auth/whoami').set('Authorization', `Bearer ${firstToken}`).expect(401);
    const listed = await agent.get('/api/auth/tokens').expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ name: 'kubeconfig', purpose: 'kubeconfig' })]);
    expect(kubeconfig.headers['content-disposition']).toMatch(/attachment; filename="127\.0\.0\.1-\d+\.yaml"/);
    const token = /token: (\S+)/.exec(kubeconfig.text)![1];
    const viaToken = await t.http().get('/api/auth/whoami').set('Authorization', `Bearer ${token}`).expect(200);
    expect(viaToken.body.user.id).toBe(person.id);
    const { rows } = await t.pool.query('select value_hash from access_tokens where person_id = $1', [person.id]);
    expect(rows[0].value_hash).not.toContain(token);
    await t.http().get('/api/auth/whoami').set('Authorization', 'Bearer oc_not-a-token').expect(401);
    // The same token as Basic `token:<token>` (an agent's upstream credentials); a wrong one is a 401 like Bearer's.
    const asBasic = (value: string) => `Basic ${Buffer.from(`token:${value}`).toString('base64')}`;
    expect((await t.http().get('/api/auth/whoami').set('Authorization', asBasic(token)).expect(200)).body.user.id).toBe(person.id);
    expect((await t.http().get('/api/auth/whoami').set('Authorization', asBasic('oc_not-a-token')).expect(401)).body.code).toBe('invalid_token');
  });

  it('refuses cookie-authenticated writes without the CSRF header, but not token-authenticated ones', async () => {
    const { agent, csrf } = await t.signInAs(['admin']);
    const noHeader = await agent.post('/api/properties').send({ name: 'csrf.test', value: 'x' }).expect(403);
    expect(noHeader.body.code).toBe('csrf');
    await agent.post('/api/properties').set('x-csrf-token', 'forged').send({ name: 'csrf.test', value: 'x' }).expect(403);
    const { rows } = await t.pool.query(`select 1 from properties where name = 'csrf.test'`);
    expect(rows).toHaveLength(0);
    await agent.post('/api/properties').set('x-csrf-token', csrf).send({ name: 'csrf.test', value: 'x' }).expect(201);
  });
});

describe('sign-in rate limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ LOGIN_MAX_FAILURES: '100', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
  });
  afterAll(() => t?.stop());

  it('stops every account from an address after too many failures from it', async () => {
    const victim = await t.createPerson(['viewer']);
    for (let i = 0; i < 4; i++) {
      await t
        .http()
        .post('/api/auth/login')
        .send({ email: `guess${i}@test.local`, password: 'wrong-wrong' })
        .expect(401);
    }
    await t.http().post('/api/auth/login').send({ email: victim.email, password: TEST_PASSWORD }).expect(429);
  });
});
