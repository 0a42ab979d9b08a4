import request from 'supertest';
import { USER_FORM_MESSAGES, type InviteUserResponse } from '@contracts';
import { startSmtpPeer, type SmtpPeer } from '../../../support/peers/smtp-peer';
import { TestApp, type SignedInAgent } from '../../../support/test-app';
import { addSmtpConnection, agentFrom, linkIn, mailTo, post } from './flow-support';

const NEW_PASSWORD = 'a-new-long-password';

/** Spec 03 Users invite and §2 'Create account': invitation link → registration → signed in. */
describe('invitations and registration', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let admin: SignedInAgent;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([TestApp.start({ HEALTH_SCHEDULER: 'off' }), startSmtpPeer()]);
    admin = await t.signInAs(['admin']);
  });
  afterAll(() => Promise.all([t?.stop(), smtp?.stop()]));

  const invite = (body: object, who = admin) => post(who, '/api/users/invite').send(body);

  it('answers a link without emailing it while no smtp connection exists, then emails it once one does', async () => {
    const first = await invite({ firstName: 'Nora', lastName: 'Nomail', email: 'nora@example.com', role: 'viewer' }).expect(201);
    expect(first.body).toMatchObject({ id: expect.any(String), emailed: false });
    expect(first.body.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/registration\?token=[\w-]{20,}$/);
    expect(smtp.messages).toHaveLength(0);

    await addSmtpConnection(admin, smtp);
    const again = await invite({ firstName: 'Nora', lastName: 'Nomail', email: 'nora@example.com', role: 'viewer' }).expect(201);
    expect(again.body).toMatchObject({ id: first.body.id, emailed: true });
    const mail = await mailTo(smtp, 'nora@example.com', 0);
    expect(linkIn(mail, 'registration').token).toBe(new URL(again.body.link).searchParams.get('token'));
  });

  it('invites, emails the link, shows who was invited, registers with a password and signs in', async () => {
    const since = smtp.messages.length;
    const res = await invite({ firstName: 'Dana', lastName: 'Ruiz', email: 'dana@example.com', role: 'editor' }).expect(201);
    const body = res.body as InviteUserResponse;
    expect(body.emailed).toBe(true);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);

    const users = await admin.agent.get('/api/users').expect(200);
    expect(users.body.find((u: { id: string }) => u.id === body.id)).toMatchObject({ name: 'Dana Ruiz', invited: true, roles: ['editor'], state: 'active' });
    const stored = await t.pool.query(`select code_hash from identity_codes where person_id = $1 and purpose = 'invite'`, [body.id]);
    const token = new URL(body.link).searchParams.get('token')!;
    expect(stored.rows[0].code_hash).not.toContain(token);

    const mail = await mailTo(smtp, 'dana@example.com', since);
    expect(mail.headers.subject).toBe('You are invited to the operations console');
    const { url } = linkIn(mail, 'registration');
    expect(url.pathname).toBe('/registration');

    const browser = request.agent(t.server);
    const who = await browser.get(`/api/auth/registration/${encodeURIComponent(token)}`).expect(200);
    expect(who.body).toEqual({ email: 'dana@example.com', firstName: 'Dana', lastName: 'Ruiz' });

    await browser
      .post('/api/auth/register')
      .send({ token, password: 'short' })
      .expect(400, /at least 8 characters/);
    const registered = await browser.post('/api/auth/register').send({ token, password: NEW_PASSWORD }).expect(200);
    expect(registered.body.user).toMatchObject({ id: body.id, email: 'dana@example.com', name: 'Dana Ruiz' });
    expect(registered.body.roles).toEqual(['editor']);
    const dana = agentFrom(browser, registered, body.id, 'dana@example.com');
    await dana.agent.get('/api/auth/whoami').expect(200);
    const verified = await t.pool.query(`select email_verified_at from people where id = $1`, [body.id]);
    expect(verified.rows[0].email_verified_at).not.toBeNull();

    await post(dana, '/api/auth/logout').expect(204);
    await dana.agent.get('/api/auth/whoami').expect(401);
    const again = await t.signIn('dana@example.com', NEW_PASSWORD);
    expect(again.personId).toBe(body.id);
    const after = await admin.agent.get('/api/users').expect(200);
    expect(after.body.find((u: { id: string }) => u.id === body.id)).toMatchObject({ invited: false });

    // The link worked once.
    await request(t.server)
      .get(`/api/auth/registration/${encodeURIComponent(token)}`)
      .expect(410);
    const reused = await request(t.server).post('/api/auth/register').send({ token, password: 'another-password' }).expect(410);
    expect(reused.body.code).toBe('flow_expired');
    await t.signIn('dana@example.com', NEW_PASSWORD); // the password is still the registered one
  });

  it('refuses an expired invitation link and voids the old link when someone is invited again', async () => {
    const first = await invite({ firstName: 'Eve', lastName: 'Expired', email: 'eve@example.com', role: 'viewer' }).expect(201);
    const oldToken = new URL(first.body.link).searchParams.get('token')!;
    const second = await invite({ firstName: 'Eve', lastName: 'Again', email: 'eve@example.com', role: 'viewer' }).expect(201);
    expect(second.body.id).toBe(first.body.id);
    await request(t.server).post('/api/auth/register').send({ token: oldToken, password: NEW_PASSWORD }).expect(410);
    await request(t.server).post('/api/auth/register').send({ token: 'made-up', password: NEW_PASSWORD }).expect(410);

    const token = new URL(second.body.link).searchParams.get('token')!;
    await t.pool.query(`update identity_codes set expires_at = now() - interval '1 minute' where person_id = $1 and used_at is null`, [first.body.id]);
    const expired = await request(t.server)
      .get(`/api/auth/registration/${encodeURIComponent(token)}`)
      .expect(410);
    expect(expired.body.message).toMatch(/expired/);
    await request(t.server).post('/api/auth/register').send({ token, password: NEW_PASSWORD }).expect(410);
    const person = await t.pool.query(`select password_hash, name from people where id = $1`, [first.body.id]);
    expect(person.rows[0]).toEqual({ password_hash: null, name: 'Eve Again' });
  });

  it("answers the spec's messages for a bad invite form and changes nothing", async () => {
    const cases: [object, string][] = [
      [{ lastName: 'L', email: 'a@b.co', role: 'viewer' }, USER_FORM_MESSAGES.firstName],
      [{ firstName: 'F', lastName: ' ', email: 'a@b.co', role: 'viewer' }, USER_FORM_MESSAGES.lastName],
      [{ firstName: 'F', lastName: 'L', role: 'viewer' }, USER_FORM_MESSAGES.email],
      [{ firstName: 'F', lastName: 'L', email: 'not-an-address', role: 'viewer' }, USER_FORM_MESSAGES.emailFormat],
      [{ firstName: 'F', lastName: 'L', email: 'a@b.co' }, USER_FORM_MESSAGES.role],
      [{ firstName: 'F', lastName: 'L', email: 'a@b.co', role: 'superuser' }, USER_FORM_MESSAGES.role],
    ];
    for (const [body, message] of cases) {
      const res = await invite(body).expect(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.pool.query(`select 1 from people where email = 'a@b.co'`)).rowCount).toBe(0);
  });

  it('refuses to invite an address that already has an account', async () => {
    const res = await invite({ firstName: 'A', lastName: 'Dmin', email: admin.email, role: 'viewer' }).expect(409);
    expect(res.body.message).toBe('A user with this email already exists');
  });

  it('lets only those who may write identities invite, so nobody raises privileges by inviting', async () => {
    for (const roles of [['viewer'], ['editor'], ['responder']] as const) {
      const who = await t.signInAs([...roles]);
      await invite({ firstName: 'Mal', lastName: 'Lory', email: `mal-${roles[0]}@example.com`, role: 'admin' }, who).expect(403);
      await invite({ firstName: 'Vic', lastName: 'Tim', email: `vic-${roles[0]}@example.com`, role: 'viewer' }, who).expect(403);
    }
    expect((await t.pool.query(`select 1 from people where email like 'mal-%' or email like 'vic-%'`)).rowCount).toBe(0);
  });

  it('keeps open registration closed by default and says so', async () => {
    const res = await request(t.server)
      .post('/api/auth/register')
      .send({ email: 'walk-in@example.com', firstName: 'Walk', lastName: 'In', password: NEW_PASSWORD })
      .expect(403);
    expect(res.body.message).toBe('Registration is by invitation only. Ask an administrator for an invitation link.');
    expect((await request(t.server).get('/api/auth/registration').expect(200)).body).toEqual({ open: false });
    expect((await t.pool.query(`select 1 from people where email = 'walk-in@example.com'`)).rowCount).toBe(0);
  });
});
