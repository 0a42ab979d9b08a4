import request from 'supertest';
import { addSmtpConnection, linkIn, mailTo } from '../api/identity/flows/flow-support';
import { startSmtpPeer, type SmtpPeer } from '../support/peers/smtp-peer';
import { TestApp, type SignedInAgent } from '../support/test-app';

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
});
