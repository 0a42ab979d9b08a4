import { ChannelError } from '@gateway/core/notifications';
import { notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { EmailChannel, emailContent, parseSmtpUrl } from './email.channel';

describe('email channel: URLs, validation, content', () => {
  const channel = new EmailChannel();
  const target = (fields: Partial<Parameters<EmailChannel['validate']>[0]>) => ({ url: null, connection: null, properties: {}, ...fields });

  it('reads shoutrrr smtp:// URLs: credentials, port, from, to and the encryption names', () => {
    const parsed = parseSmtpUrl('smtp://mailer:p%40ss@mail.example.com:2525/?from=alerts@example.com&to=a@example.com,b@example.com&encryption=ExplicitTLS');
    expect(parsed.to).toEqual(['a@example.com', 'b@example.com']);
    expect(parsed.connection).toMatchObject({
      url: 'smtp://mail.example.com:2525',
      username: 'mailer',
      password: 'p@ss',
      properties: { from: 'alerts@example.com', encryption: 'StartTLS' },
    });
    expect(parseSmtpUrl('smtp://mail.example.com/?to=a@example.com&encryption=ImplicitTLS').connection.properties.encryption).toBe('SSL');
    expect(parseSmtpUrl('smtp://mail.example.com/?to=a@example.com&from=x@example.com&fromname=Ops "Bot"').connection.properties.from).toBe(
      '"Ops Bot" <x@example.com>',
    );
  });

  it('names every problem of a target at save time', () => {
    expect(channel.validate(target({ url: 'smtp://mail.example.com/?from=a@example.com&to=b@example.com' }))).toEqual([]);
    expect(channel.validate(target({ url: 'smtp://mail.example.com/?from=a@example.com' }))).toEqual([
      'url: to= is required (smtp://host/?from=…&to=a@example.com,b@example.com)',
    ]);
    // Recipients given besides the URL (the recipient's `to` property) count.
    expect(channel.validate(target({ url: 'smtp://mail.example.com/', properties: { to: 'c@example.com' } }))).toEqual([]);
    expect(channel.validate(target({ url: 'smtp://mail.example.com/?to=nobody' }))).toEqual(["url: to: 'nobody' is not an email address"]);
    expect(channel.validate(target({ url: 'smtp://mail.example.com/?to=a@example.com&encryption=TLS' }))).toEqual([
      "url: encryption must be None, Auto, ExplicitTLS or ImplicitTLS, not 'TLS'",
    ]);
    expect(channel.validate(target({ url: 'smtp:///?to=a@example.com' }))).toEqual(['url: no host (smtp://host:port/?from=…&to=…)']);
    expect(channel.validate(target({ url: 'smtp://exa mple' }))).toEqual(['url: not a valid smtp:// URL']);
    expect(channel.validate(target({ to: [] }))).toEqual(['to: required']);
    expect(channel.validate(target({ to: ['a@example.com', 'Ops <ops@example.com>'] }))).toEqual([]);
    expect(channel.validate(target({ to: ['a@example.com', 'not-mail'] }))).toEqual(["to: 'not-mail' is not an email address"]);
    const smtp = resolvedConnection({ type: 'smtp', name: 'relay', properties: { host: 'relay.example.com' } });
    expect(channel.validate(target({ connection: smtp }))).toEqual(['to: required (the recipients, as the property to)']);
    expect(channel.validate(target({ connection: smtp, properties: { to: 'a@example.com' } }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...smtp, properties: { host: 'relay.example.com', to: 'b@example.com' } } }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...smtp, properties: {} }, to: ['a@example.com'] }))).toEqual([
      'connection: SMTP connection relay has no host',
    ]);
    expect(channel.validate(target({ connection: resolvedConnection({ type: 'slack', name: 'chat' }), to: ['a@example.com'] }))).toEqual([
      'connection: chat is a slack connection, not smtp',
    ]);
    expect(channel.validate(target({ connection: smtp, url: 'smtp://x/?to=a@example.com' }))).toEqual(['url: give either a url or a connection, not both']);
  });

  it('sends the title as a one-line subject, the Markdown as text and as HTML without raw HTML', () => {
    const content = emailContent(notificationMessage({ title: 'Down\r\nBcc: victim@example.com', body: '**bold** <script>x()</script>' }));
    expect(content.subject).toBe('Down Bcc: victim@example.com');
    expect(content.text).toBe('**bold** <script>x()</script>');
    expect(content.html).toContain('<strong>bold</strong> &lt;script&gt;x()&lt;/script&gt;');
    expect(content.html).not.toContain('<script>');
  });

  it('refuses to send a target that does not validate, without retrying', async () => {
    const error = await channel.send(notificationMessage(), target({ to: [] }), {} as never).catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect([error.message, error.retryable]).toEqual(['to: required', false]);
  });
});
