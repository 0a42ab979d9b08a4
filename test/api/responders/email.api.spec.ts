import { EmailResponder } from '../../../plugins/responder-email/gateway/email.responder';
import { SmtpConnectionTest } from '../../../plugins/responder-email/gateway/smtp.connection-test';
import { startSmtpPeer, type SmtpPeer } from '../../support/peers/smtp-peer';
import { connection, incident, storeOf } from './fixtures';

describe('email responder against a real SMTP server', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer({ mailer: 'mail-secret' });
  });
  afterAll(() => smtp.stop());

  const smtpConnection = (password = 'mail-secret') =>
    connection({ type: 'smtp', url: `smtp://127.0.0.1:${smtp.port}`, username: 'mailer', password, properties: { from: 'console@example.com' } });

  it('sends the message with to, subject and body and returns its Message-ID', async () => {
    const handler = new EmailResponder(storeOf());
    const before = smtp.messages.length;
    const { externalId } = await handler.create({
      incident,
      responderId: 'r1',
      fields: { to: 'oncall@example.com', subject: 'Please look at checkout', body: 'Payments are failing.' },
      connection: smtpConnection(),
    });
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages[before];
    expect(mail.to).toEqual(['oncall@example.com']);
    expect(mail.from).toBe('console@example.com');
    expect(mail.user).toBe('mailer');
    expect(mail.headers.subject).toBe('Please look at checkout');
    expect(mail.body).toContain('Payments are failing.');
    expect(mail.body).toContain(incident.url);
    expect(externalId).toBe(mail.headers['message-id']);
    expect(externalId).toMatch(/^<.+@.+>$/);
  });

  it('uses the first smtp connection when the responder names none', async () => {
    const handler = new EmailResponder(storeOf(smtpConnection()));
    const { externalId } = await handler.create({ incident, responderId: 'r2', fields: { to: 'a@example.com', subject: 's', body: 'b' }, connection: null });
    expect(smtp.messages.at(-1)!.headers['message-id']).toBe(externalId);
  });

  it("fails with the server's answer when authentication is refused", async () => {
    const handler = new EmailResponder(storeOf());
    await expect(
      handler.create({ incident, responderId: 'r3', fields: { to: 'a@example.com', subject: 's', body: 'b' }, connection: smtpConnection('wrong') }),
    ).rejects.toThrow(/Invalid username or password/);
  });

  it('says in plain words that email is not set up without any smtp connection, naming the setting for admins', async () => {
    await expect(new EmailResponder(storeOf()).create({ incident, responderId: 'r4', fields: { to: 'a@b.c' }, connection: null })).rejects.toMatchObject({
      message: 'Email delivery is not configured; ask an administrator',
      setting: '/settings/connections',
    });
  });

  it('tests an smtp connection with connect, EHLO and AUTH', async () => {
    await expect(new SmtpConnectionTest().test(smtpConnection())).resolves.toBeUndefined();
    await expect(new SmtpConnectionTest().test(smtpConnection('wrong'))).rejects.toThrow(/Invalid username or password/);
  });
});
