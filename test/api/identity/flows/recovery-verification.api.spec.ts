import request from 'supertest';
import { startSmtpPeer, type SmtpPeer } from '../../../support/peers/smtp-peer';
import { TEST_PASSWORD, TestApp, type SignedInAgent } from '../../../support/test-app';
import { addSmtpConnection, agentFrom, linkIn, mailTo, post, sessionCount } from './flow-support';

/** Spec 03 §2 'Recover account' and 'Verify your account': emailed single-use links. */
describe('recovery and verification by emailed link', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let admin: SignedInAgent;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([TestApp.start({ HEALTH_SCHEDULER: 'off' }), startSmtpPeer()]);
    admin = await t.signInAs(['admin']);
    await addSmtpConnection(admin, smtp);
  });
  afterAll(() => Promise.all([t?.stop(), smtp?.stop()]));

  const recover = (email: string, ip = '127.0.0.1') => request(t.server).post('/api/auth/recovery').set('x-forwarded-for', ip).send({ email });

  it('answers a request for an unknown address exactly as for a known one, and emails only the known one', async () => {
    const known = await t.createPerson(['viewer'], 'known@example.com');
    const since = smtp.messages.length;
    const forKnown = await recover(known.email).expect(200);
    const forUnknown = await recover('nobody@example.com').expect(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forKnown.body.message).toMatch(/^If an account exists for this email/);
    await mailTo(smtp, known.email, since);
    // The unknown address's request was answered first and is handled at the same point: nothing went to it.
    expect(smtp.messages.slice(since).some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    await recover('not an address').expect(400, /does not match email format/);
  });

  it('sets a new password with the link, ends every old session, signs in, and works once', async () => {
    const person = await t.createPerson(['editor'], 'forgetful@example.com');
    const laptop = await t.signIn(person.email);
    const phone = await t.signIn(person.email);
    const since = smtp.messages.length;
    await recover(person.email).expect(200);
    const mail = await mailTo(smtp, person.email, since);
    expect(mail.headers.subject).toBe('Recover your account');
    const { url, token } = linkIn(mail, 'recovery');
    expect(url.pathname).toBe('/recovery');

    const browser = request.agent(t.server);
    await browser.post('/api/auth/recovery/complete').send({ token, password: 'short' }).expect(400);
    const done = await browser.post('/api/auth/recovery/complete').send({ token, password: 'recovered-password' }).expect(200);
    expect(done.body.user).toMatchObject({ id: person.id, email: person.email });
    await laptop.agent.get('/api/auth/whoami').expect(401);
    await phone.agent.get('/api/auth/whoami').expect(401);
    const signedIn = agentFrom(browser, done, person.id, person.email);
    await signedIn.agent.get('/api/auth/whoami').expect(200);
    expect(await sessionCount(t, person.id)).toBe(1);

    await request(t.server).post('/api/auth/recovery/complete').send({ token, password: 'another-password' }).expect(410);
    await request(t.server).post('/api/auth/login').send({ email: person.email, password: TEST_PASSWORD }).expect(401);
    await t.signIn(person.email, 'recovered-password');
  });

  it('refuses an expired recovery link and one replaced by a newer request', async () => {
    const person = await t.createPerson(['viewer'], 'twice@example.com');
    let since = smtp.messages.length;
    await recover(person.email).expect(200);
    const first = linkIn(await mailTo(smtp, person.email, since), 'recovery').token;
    since = smtp.messages.length;
    await recover(person.email).expect(200);
    const second = linkIn(await mailTo(smtp, person.email, since), 'recovery').token;
    await request(t.server).post('/api/auth/recovery/complete').send({ token: first, password: 'replaced-password' }).expect(410);
    await t.pool.query(`update identity_codes set expires_at = now() - interval '1 second' where person_id = $1 and used_at is null`, [person.id]);
    const expired = await request(t.server).post('/api/auth/recovery/complete').send({ token: second, password: 'expired-password' }).expect(410);
    expect(expired.body.message).toBe('This recovery link has expired or has already been used. Ask for a new one.');
    await t.signIn(person.email); // unchanged
  });

  it('limits requests per email and per address, whether or not the account exists', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await recover('flood@example.com', '10.0.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const other = await recover('flood@example.com', '10.0.0.2');
    expect(other.status).toBe(429);
    expect(other.body.message).toBe('Too many requests for this email or address. Please wait a while and try again.');
    await recover('someone-else@example.com', '10.0.0.2').expect(200);
  });

  it('verifies the signed-in person’s own address by emailed link', async () => {
    const person = await t.createPerson(['viewer'], 'unverified@example.com');
    const me = await t.signIn(person.email);
    expect((await me.agent.get('/api/auth/verification').expect(200)).body).toEqual({ email: person.email, verified: false });
    expect((await request(t.server).get('/api/auth/verification').expect(200)).body).toEqual({ email: null, verified: false });
    const since = smtp.messages.length;
    await me.agent.post('/api/auth/verification').send({}).expect(403); // a session's write needs its CSRF token
    const asked = await post(me, '/api/auth/verification').send({}).expect(200);
    expect(asked.body.message).toBe(`We have sent a verification link to ${person.email}.`);
    const mail = await mailTo(smtp, person.email, since);
    expect(mail.headers.subject).toBe('Verify your email address');
    const { url, token } = linkIn(mail, 'verification');
    expect(url.pathname).toBe('/verification');
    const done = await request(t.server).post('/api/auth/verification/complete').send({ token }).expect(200);
    expect(done.body).toEqual({ email: person.email });
    const row = await t.pool.query(`select email_verified_at from people where id = $1`, [person.id]);
    expect(row.rows[0].email_verified_at).not.toBeNull();
    expect((await me.agent.get('/api/auth/verification').expect(200)).body).toEqual({ email: person.email, verified: true });
    await request(t.server).post('/api/auth/verification/complete').send({ token }).expect(410);
    const again = await post(me, '/api/auth/verification').send({}).expect(200);
    expect(again.body.message).toBe('Your email address is already verified.');
  });

  it('answers a verification request by email the same for unknown addresses', async () => {
    const person = await t.createPerson(['viewer'], 'by-email@example.com');
    const since = smtp.messages.length;
    const known = await request(t.server).post('/api/auth/verification').send({ email: person.email }).expect(200);
    const unknown = await request(t.server).post('/api/auth/verification').send({ email: 'ghost@example.com' }).expect(200);
    expect(unknown.body).toEqual(known.body);
    const { token } = linkIn(await mailTo(smtp, person.email, since), 'verification');
    await request(t.server).post('/api/auth/verification/complete').send({ token }).expect(200);
    await request(t.server).post('/api/auth/verification/complete').send({ token: 'made-up' }).expect(410);
  });
});

describe('open registration when enabled', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([TestApp.start({ HEALTH_SCHEDULER: 'off', REGISTRATION_OPEN: 'true' }), startSmtpPeer()]);
    await addSmtpConnection(await t.signInAs(['admin']), smtp);
  });
  afterAll(() => Promise.all([t?.stop(), smtp?.stop()]));

  it('creates a viewer, signs them in and sends a verification link', async () => {
    expect((await request(t.server).get('/api/auth/registration').expect(200)).body).toEqual({ open: true });
    const browser = request.agent(t.server);
    const res = await browser
      .post('/api/auth/register')
      .send({ email: 'walk-in@example.com', firstName: 'Walk', lastName: 'In', password: 'walk-in-password' })
      .expect(200);
    expect(res.body.user).toMatchObject({ name: 'Walk In', email: 'walk-in@example.com' });
    expect(res.body.roles).toEqual(['viewer']);
    await browser.get('/api/auth/whoami').expect(200);
    const { token } = linkIn(await mailTo(smtp, 'walk-in@example.com', 0), 'verification');
    await request(t.server).post('/api/auth/verification/complete').send({ token }).expect(200);

    const taken = await request(t.server)
      .post('/api/auth/register')
      .send({ email: 'walk-in@example.com', firstName: 'Walk', lastName: 'Again', password: 'walk-in-password' })
      .expect(409);
    expect(taken.body.message).toMatch(/already exists/);
  });
});
