import { ChannelError } from '@gateway/core/notifications';
import { notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { NtfyChannel, ntfyBody, ntfyPriority, parseNtfyUrl } from './ntfy.channel';

describe('ntfy channel: URLs, validation, body', () => {
  const channel = new NtfyChannel();
  const target = (fields: Partial<Parameters<NtfyChannel['validate']>[0]>) => ({ url: null, connection: null, properties: {}, ...fields });

  it('reads ntfy:// URLs: https by default, ntfy.sh when no host, Basic for user:password, Bearer for a token alone', () => {
    expect(parseNtfyUrl('ntfy://ntfy.example.com/alerts')).toEqual({ server: 'https://ntfy.example.com', topic: 'alerts', authorization: null, options: {} });
    expect(parseNtfyUrl('ntfy:///alerts').server).toBe('https://ntfy.sh');
    expect(parseNtfyUrl('ntfy://127.0.0.1:8080/alerts?scheme=http').server).toBe('http://127.0.0.1:8080');
    expect(parseNtfyUrl('ntfy://h/alerts?disabletls=yes').server).toBe('http://h');
    expect(parseNtfyUrl('ntfy://phil:p%40ss@h/alerts').authorization).toBe(`Basic ${Buffer.from('phil:p@ss').toString('base64')}`);
    expect(parseNtfyUrl('ntfy://:tk_abc@h/alerts').authorization).toBe('Bearer tk_abc');
    expect(parseNtfyUrl('ntfy://h/alerts?priority=high&tags=a,b&title=T&click=https://x&other=1').options).toEqual({
      priority: 'high',
      tags: 'a,b',
      title: 'T',
      click: 'https://x',
    });
    expect([ntfyPriority('urgent'), ntfyPriority('2'), ntfyPriority('6'), ntfyPriority('loud')]).toEqual([5, 2, null, null]);
  });

  it('names every problem of a target at save time', () => {
    expect(channel.validate(target({ url: 'ntfy://ntfy.sh/alerts' }))).toEqual([]);
    expect(channel.validate(target({ url: 'ntfy://ntfy.sh/' }))).toEqual(['url: give one topic: ntfy://host/topic']);
    expect(channel.validate(target({ url: 'ntfy://ntfy.sh/a/b' }))).toEqual(['url: give one topic: ntfy://host/topic']);
    expect(channel.validate(target({ url: 'ntfy://ntfy.sh/al%20erts' }))).toEqual([
      "url: topic: 'al erts' is not a topic (letters, digits, - and _, at most 64)",
    ]);
    expect(channel.validate(target({ url: 'ntfy://h/t?scheme=ftp' }))).toEqual(["url: scheme: must be http or https, not 'ftp'"]);
    expect(channel.validate(target({ url: 'ntfy://h/t?priority=loud' }))).toEqual([
      "properties.priority: must be 1 to 5 or min, low, default, high, max, urgent, not 'loud'",
    ]);
    expect(channel.validate(target({ url: 'ntfy://h/t', properties: { priority: '9' } }))).toEqual([
      "properties.priority: must be 1 to 5 or min, low, default, high, max, urgent, not '9'",
    ]);
    expect(channel.validate(target({}))).toEqual(['url: required (ntfy://ntfy.sh/topic), or a connection']);
    const ntfy = resolvedConnection({ type: 'ntfy', name: 'push', properties: { topic: 'ops' } });
    expect(channel.validate(target({ connection: ntfy }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...ntfy, properties: {} } }))).toEqual(['connection: push has no topic (the property topic)']);
    expect(channel.validate(target({ connection: { ...ntfy, properties: {} }, properties: { topic: 'ops' } }))).toEqual([]);
    // Without a url: ntfy.sh, where the engine binds the credentials (NotificationChannel.defaultUrl).
    expect(channel.defaultUrl).toBe('https://ntfy.sh');
    expect(channel.validate(target({ connection: { ...ntfy, password: 'tk_1' } }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...ntfy, password: 'tk_1', url: 'ntfy.example.com' } }))).toEqual([
      'connection: push has credentials, so its url must name the server (https://ntfy.example.com)',
    ]);
    expect(channel.validate(target({ connection: { ...ntfy, password: 'tk_1', url: 'https://ntfy.sh' } }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...ntfy, url: 'ftp://x' } }))).toEqual([
      "connection: url must be the server, https://host[:port], not 'ftp://x'",
    ]);
    expect(channel.validate(target({ connection: { ...ntfy, type: 'slack' } }))).toEqual(['connection: push is a slack connection, not ntfy']);
  });

  it("publishes ntfy's JSON: topic, title, Markdown message, tags with an emoji, priority, click to the console", () => {
    const message = notificationMessage();
    expect(ntfyBody(message, 'ops', { priority: 'high', tags: 'prod, api' })).toEqual({
      topic: 'ops',
      title: message.title,
      message: message.body,
      markdown: true,
      tags: ['rotating_light', 'prod', 'api'],
      priority: 4,
      click: message.url,
    });
    const resolved = ntfyBody(notificationMessage({ resolved: true, url: null, body: 'x'.repeat(5000) }), 'ops', {});
    expect([resolved.tags, 'click' in resolved, 'priority' in resolved, (resolved.message as string).length]).toEqual([
      ['white_check_mark'],
      false,
      false,
      4000,
    ]);
  });

  it('refuses to send a target that does not validate, without retrying', async () => {
    const error = await channel.send(notificationMessage(), target({ url: 'ntfy://h/' }), {} as never).catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.retryable).toBe(false);
  });
});
