import request from 'supertest';
import { addSmtpConnection, agentFrom, linkIn, mailTo } from '../api/identity/flows/flow-support';
import { enableTotp, passwordStep } from '../api/identity/second-factor/second-factor-helpers';
import { startSmtpPeer, type SmtpPeer } from '../support/peers/smtp-peer';
import { TEST_PASSWORD, TestApp, type SignedInAgent } from '../support/test-app';

/** Issue 14 security review: the account flows, attacked from outside (see docs/security.md, "Issue 14 review"). */
describe('identity flows under attack', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let admin: SignedInAgent;
  beforeAll(async () => {
    // PUBLIC_URL unset (the default): links are built from the request.
    [t, smtp] = await Promise.all([TestApp.start({ HEALTH_SCHEDULER: 'off' }), startSmtpPeer()]);
    admin = await t.signInAs(['admin']);
    await addSmtpConnection(admin, smtp);
  });
  afterAll(() => Promise.all([t?.stop(), smtp?.stop()]));

  it("does not let a stranger's Origin header choose where a victim's recovery link points", async () => {
    const victim = await t.createPerson(['admin'], 'victim-admin@example.com');
    const since = smtp.messages.length;
    await request(t.server).post('/api/auth/recovery').set('origin', 'https://attacker.example').send({ email: victim.email }).expect(200);
    const { url } = linkIn(await mailTo(smtp, victim.email, since), 'recovery');
    expect(url.host).not.toBe('attacker.example');
    expect(url.hostname).toBe('127.0.0.1'); // the Host the request was sent to
  });

  it("does not let a signed-in stranger's Origin choose it either", async () => {
    const stranger = await t.signInAs(['viewer']);
    const victim = await t.createPerson(['editor'], 'victim-editor@example.com');
    const since = smtp.messages.length;
    await stranger.agent
      .post('/api/auth/recovery')
      .set('x-csrf-token', stranger.csrf)
      .set('origin', 'https://attacker.example')
      .send({ email: victim.email })
      .expect(200);
    const { url } = linkIn(await mailTo(smtp, victim.email, since), 'recovery');
    expect(url.host).not.toBe('attacker.example');
  });

  it("still follows the admin's own browser origin for an invitation", async () => {
    const res = await admin.agent
      .post('/api/users/invite')
      .set('x-csrf-token', admin.csrf)
      .set('origin', 'http://localhost:5173')
      .send({ firstName: 'New', lastName: 'Person', email: 'invitee-origin@example.com', role: 'viewer' })
      .expect(201);
    expect(new URL(res.body.link as string).origin).toBe('http://localhost:5173');
  });

  const recoveryToken = async (email: string): Promise<string> => {
    const since = smtp.messages.length;
    await request(t.server).post('/api/auth/recovery').send({ email }).expect(200);
    return linkIn(await mailTo(smtp, email, since), 'recovery').token;
  };

  it('lets exactly one of two registrations sent at once with one invitation link through', async () => {
    const invited = await admin.agent
      .post('/api/users/invite')
      .set('x-csrf-token', admin.csrf)
      .send({ firstName: 'Race', lastName: 'Invitee', email: 'race-invitee@example.com', role: 'viewer' })
      .expect(201);
    const token = new URL(invited.body.link as string).searchParams.get('token');
    const answers = await Promise.all(
      ['first-password', 'second-password'].map((password) => request(t.server).post('/api/auth/register').send({ token, password })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });

  it('lets exactly one of two recovery completions sent at once with one link through', async () => {
    const person = await t.createPerson(['viewer'], 'race-recovery@example.com');
    const token = await recoveryToken(person.email);
    const answers = await Promise.all(
      ['first-password', 'second-password'].map((password) => request(t.server).post('/api/auth/recovery/complete').send({ token, password })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });

  it('keeps a two-factor account at the second step after recovery: no data API, no tokens, no Basic', async () => {
    const person = await t.createPerson(['admin'], 'twofactor-admin@example.com');
    await enableTotp(await passwordStep(t, person.email));
    const browser = request.agent(t.server);
    const done = await browser
      .post('/api/auth/recovery/complete')
      .send({ token: await recoveryToken(person.email), password: 'attacker-chosen-pw' })
      .expect(200);
    expect(done.body).toMatchObject({ second_factor_required: true });
    const partial = agentFrom(browser, done, person.id, person.email);
    for (const path of ['/api/db/people', '/api/db/connections', '/api/users', '/api/auth/tokens', '/api/auth/sessions']) {
      expect((await partial.agent.get(path).expect(403)).body.code).toBe('session_aal2_required');
    }
    await partial.agent.post('/api/kubeconfig').set('x-csrf-token', partial.csrf).expect(403);
    await partial.agent.post('/api/auth/password').set('x-csrf-token', partial.csrf).send({ newPassword: 'another-new-pw' }).expect(403);
    const basic = `Basic ${Buffer.from(`${person.email}:attacker-chosen-pw`).toString('base64')}`;
    await request(t.server).get('/api/db/people').set('authorization', basic).expect(401);
  });

  it('keeps sign-in secrets and the new identity tables off the data API, even for an admin', async () => {
    for (const table of ['identity_codes', 'recovery_codes', 'webauthn_credentials', 'webauthn_challenges', 'person_identities', 'sessions', 'access_tokens']) {
      const res = await admin.agent.get(`/api/db/${table}`);
      expect([table, res.status]).toEqual([table, 404]);
    }
    for (const column of ['password_hash', 'totp_secret', 'totp_last_step']) {
      const res = await admin.agent.get(`/api/db/people?select=id,${column}`);
      expect([column, res.status]).toEqual([column, 400]);
    }
    const target = await t.createPerson(['viewer'], 'mass-assign@example.com');
    await admin.agent
      .patch(`/api/db/people?id=eq.${target.id}`)
      .set('x-csrf-token', admin.csrf)
      .send({ password_hash: 'x', email_verified_at: new Date().toISOString(), totp_enabled_at: null })
      .expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    const { rows } = await t.pool.query('select password_hash, email_verified_at from people where id = $1', [target.id]);
    expect(rows[0].password_hash).not.toBe('x');
    expect(rows[0].email_verified_at).toBeNull();
  });

  it('refuses cookie-authenticated account changes without the CSRF token', async () => {
    const person = await t.signInAs(['viewer']);
    await person.agent.post('/api/auth/verification').send({}).expect(403);
    await person.agent.delete('/api/auth/sessions').expect(403);
    await person.agent.post('/api/auth/password').send({ newPassword: 'csrf-forced-pw' }).expect(403);
    await person.agent.post('/api/auth/logout').expect(403);
    await person.agent.get('/api/auth/whoami').expect(200);
  });

  it('does not let an editor invite anyone, nor anyone raise their own roles', async () => {
    const editor = await t.signInAs(['editor']);
    await editor.agent
      .post('/api/users/invite')
      .set('x-csrf-token', editor.csrf)
      .send({ firstName: 'Evil', lastName: 'Twin', email: 'evil-twin@example.com', role: 'admin' })
      .expect(403);
    await editor.agent
      .patch(`/api/users/${editor.personId}`)
      .set('x-csrf-token', editor.csrf)
      .send({ roles: ['admin'] })
      .expect(403);
    await editor.agent.post('/api/db/person_roles').set('x-csrf-token', editor.csrf).send({ person_id: editor.personId, role: 'admin' }).expect(403);
  });

  it('voids the invitation link of someone deactivated before they registered', async () => {
    const invited = await admin.agent
      .post('/api/users/invite')
      .set('x-csrf-token', admin.csrf)
      .send({ firstName: 'Gone', lastName: 'Before', email: 'gone-before@example.com', role: 'editor' })
      .expect(201);
    await admin.agent.delete(`/api/users/${invited.body.id}`).set('x-csrf-token', admin.csrf).expect(204);
    const token = new URL(invited.body.link as string).searchParams.get('token');
    await request(t.server).post('/api/auth/register').send({ token, password: 'still-trying' }).expect(410);
  });

  it("cannot be made to sign a visitor's browser into the attacker's account by a cross-site form", async () => {
    // The attacker recovers their own account, then a page of theirs posts the link's token as an HTML form would:
    // without the check, the victim's browser ends up signed in as the attacker (whose password they chose).
    const attacker = await t.createPerson(['editor'], 'login-csrf-attacker@example.com');
    const token = await recoveryToken(attacker.email);
    const res = await request(t.server)
      .post('/api/auth/recovery/complete')
      .set('origin', 'https://attacker.example')
      .type('form')
      .send({ token, password: 'attacker-knows-it' });
    expect(res.status).toBe(415);
    expect(res.headers['set-cookie']).toBeUndefined();
    const invited = await admin.agent
      .post('/api/users/invite')
      .set('x-csrf-token', admin.csrf)
      .send({ firstName: 'Form', lastName: 'Posted', email: 'form-posted@example.com', role: 'viewer' })
      .expect(201);
    const inviteToken = new URL(invited.body.link as string).searchParams.get('token');
    const registered = await request(t.server).post('/api/auth/register').type('form').send({ token: inviteToken, password: 'attacker-knows-it' });
    expect(registered.status).toBe(415);
    expect(registered.headers['set-cookie']).toBeUndefined();
    // The link still works from the console's own page (JSON).
    await request(t.server).post('/api/auth/recovery/complete').send({ token, password: 'attacker-knows-it' }).expect(200);
  });

  it('refuses a cross-site HTML form POST to /api/auth/login (login CSRF: it would sign the visitor into the attacker account)', async () => {
    const attacker = await t.createPerson(['viewer']);
    const res = await request(t.server)
      .post('/api/auth/login')
      .set('origin', 'https://attacker.example')
      .type('form')
      .send({ email: attacker.email, password: TEST_PASSWORD })
      .expect(415);
    expect(res.headers['set-cookie']).toBeUndefined();
    await request(t.server).post('/api/auth/login').send({ email: attacker.email, password: TEST_PASSWORD }).expect(200);
  });
});

describe('open registration under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', REGISTRATION_OPEN: 'true' });
  });
  afterAll(() => t?.stop());

  it('refuses names with line breaks, which would write lines of their own into the email the console sends', async () => {
    const injected = 'Eve\n\nYour account was locked. Unlock it at https://attacker.example/unlock\n';
    for (const names of [
      { firstName: injected, lastName: 'Doe' },
      { firstName: 'Eve', lastName: `Doe\r\nhttps://attacker.example` },
    ]) {
      const res = await request(t.server)
        .post('/api/auth/register')
        .send({ ...names, email: 'someone-else@example.com', password: 'registered-pw' });
      expect(res.status).toBe(400);
    }
    const { rows } = await t.pool.query(`select 1 from people where email = 'someone-else@example.com'`);
    expect(rows).toHaveLength(0);
  });
});
