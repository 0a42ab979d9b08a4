import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { startSmtpPeer, type SmtpPeer } from '../../../test/support/peers/smtp-peer';
import { EmailChannel } from './email.channel';

/** The channel against a real SMTP server (smtp-server) on loopback, in the real channel context. */
describe('email channel against an SMTP server', () => {
  let peer: SmtpPeer;
  const channel = new EmailChannel();
  beforeAll(async () => {
    peer = await startSmtpPeer({ mailer: 'mail-secret' });
  });
  afterAll(() => peer.stop());

  it('sends an smtp:// URL target: authenticated, from and to of the URL, subject, text and HTML parts', async () => {
    const ctx = channelContexts().create({ connection: null });
    const url = `smtp://mailer:mail-secret@127.0.0.1:${peer.port}/?from=alerts@example.com&to=a@example.com,b@example.com&encryption=None`;
    const receipt = await channel.send(notificationMessage({ title: 'Check api-health has failed' }), { url, connection: null, properties: {} }, ctx);
    const mail = peer.messages.find((m) => m.headers['message-id'] === receipt.id);
    expect(mail).toMatchObject({ from: 'alerts@example.com', to: ['a@example.com', 'b@example.com'], user: 'mailer' });
    expect(mail!.headers.subject).toBe('Check api-health has failed');
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.raw).toContain('<strong>api-health</strong>');
  });

  it('sends Person recipients (to) through the console smtp connection, and a connection target to its to property', async () => {
    const smtp = resolvedConnection({
      type: 'smtp',
      name: 'relay',
      url: `smtp://127.0.0.1:${peer.port}`,
      username: 'mailer',
      password: 'mail-secret',
      properties: { from: 'console@example.com', to: 'team@example.com' },
    });
    const contexts = channelContexts({ smtp });
    const toPerson = await channel.send(
      notificationMessage(),
      { url: null, connection: null, to: ['jane@example.com'], properties: {} },
      contexts.create({ connection: null }),
    );
    expect(peer.messages.find((m) => m.headers['message-id'] === toPerson.id)).toMatchObject({ from: 'console@example.com', to: ['jane@example.com'] });
    const toTeam = await channel.send(notificationMessage(), { url: null, connection: smtp, properties: {} }, contexts.create({ connection: smtp }));
    expect(peer.messages.find((m) => m.headers['message-id'] === toTeam.id)).toMatchObject({ to: ['team@example.com'], user: 'mailer' });
  });

  it('says there is no smtp connection when Person recipients have none to go through', async () => {
    const error = await failure(
      channel.send(
        notificationMessage(),
        { url: null, connection: null, to: ['jane@example.com'], properties: {} },
        channelContexts().create({ connection: null }),
      ),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.message).toMatch(/^there is no smtp connection to send email with/);
    expect(error.retryable).toBe(false);
  });

  it("gives the server's answer: a refused login (535) is not retried", async () => {
    const url = `smtp://mailer:wrong@127.0.0.1:${peer.port}/?to=a@example.com&encryption=None`;
    const error = await failure(channel.send(notificationMessage(), { url, connection: null, properties: {} }, channelContexts().create({ connection: null })));
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.message).toBe(`the SMTP server at 127.0.0.1:${peer.port} answered: 535 Invalid username or password`);
    expect(error.retryable).toBe(false);
  });

  it('retries a temporary refusal (4xx) and not a permanent one (5xx); mail some recipients refused is not sent again', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('busy')) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        if (address.address.startsWith('gone')) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const send = (to: string) =>
        failure(
          channel.send(
            notificationMessage(),
            { url: `smtp://127.0.0.1:${port}/?to=${to}&encryption=None`, connection: null, properties: {} },
            channelContexts().create({ connection: null }),
          ),
        );
      const busy = await send('busy@example.com');
      expect([busy.message, busy.retryable]).toEqual([`the SMTP server at 127.0.0.1:${port} answered: 451 Mailbox busy, try later`, true]);
      const gone = await send('gone@example.com');
      expect([gone.message, gone.retryable]).toEqual([`the SMTP server at 127.0.0.1:${port} answered: 550 No such user`, false]);
      const some = await send('ok@example.com,gone@example.com');
      expect([some.message, some.retryable]).toEqual([`the SMTP server at 127.0.0.1:${port} rejected gone@example.com`, false]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('retries when the server cannot be reached', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ logger: false });
      probe.listen(0, '127.0.0.1', () => {
        const port = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    });
    const error = await failure(
      channel.send(
        notificationMessage(),
        { url: `smtp://127.0.0.1:${closed}/?to=a@example.com`, connection: null, properties: {} },
        channelContexts().create({ connection: null }),
      ),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.message).toMatch(new RegExp(`^could not send through 127\\.0\\.0\\.1:${closed}: .*ECONNREFUSED`));
    expect(error.retryable).toBe(true);
  });

  it('does not connect where the address policy says no, and says so', async () => {
    const before = peer.messages.length;
    const url = `smtp://mailer:mail-secret@127.0.0.1:${peer.port}/?to=a@example.com&encryption=None`;
    const error = await failure(
      channel.send(notificationMessage(), { url, connection: null, properties: {} }, channelContexts({ listenPort: peer.port }).create({ connection: null })),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.message).toBe(`127.0.0.1:${peer.port} is not reachable from notifications: it is this console. An administrator can allow it.`);
    expect(error.retryable).toBe(false);
    expect(peer.messages.length).toBe(before);
  });

  it("does not mail another connection's secret (the credential binding)", async () => {
    const other = resolvedConnection({ type: 'http', name: 'vault', url: 'https://vault.example.com', password: 's3cret-token' });
    const ctx = channelContexts().create({ connection: other });
    const url = `smtp://mailer:mail-secret@127.0.0.1:${peer.port}/?to=a@example.com&encryption=None`;
    const error = await failure(channel.send(notificationMessage({ body: 'the token is s3cret-token' }), { url, connection: null, properties: {} }, ctx));
    expect(error.message).toBe(`the credential from connection 'vault' may only be sent to https://vault.example.com:443, not smtp://127.0.0.1:${peer.port}`);
  });
});
