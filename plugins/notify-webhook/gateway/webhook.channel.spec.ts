import { ChannelError } from '@gateway/core/notifications';
import { notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { WebhookChannel, parseWebhookUrl, signature, webhookBody } from './webhook.channel';

describe('webhook channel: URLs, validation, body', () => {
  const channel = new WebhookChannel();
  const target = (fields: Partial<Parameters<WebhookChannel['validate']>[0]>) => ({ url: null, connection: null, properties: {}, ...fields });

  it('reads generic URLs: the scheme, headers, body fields, keys, and what goes on to the target', () => {
    expect(parseWebhookUrl('generic://hooks.example.com/a/b')).toMatchObject({
      url: 'https://hooks.example.com/a/b',
      method: 'POST',
      contentType: 'application/json',
    });
    expect(parseWebhookUrl('generic://hooks.example.com:8080/a?disabletls=yes').url).toBe('http://hooks.example.com:8080/a');
    expect(parseWebhookUrl('generic+http://10.0.0.5/in').url).toBe('http://10.0.0.5/in');
    const full = parseWebhookUrl(
      'generic+https://u:p%40ss@hooks.example.com/in?@X-Api-Key=k1&$source=console&titlekey=subject&messagekey=text&team=ops&_template=raw&secret=sign-me&method=put&contenttype=application/vnd.x%2Bjson',
    );
    expect(full).toEqual({
      url: 'https://hooks.example.com/in?team=ops&template=raw',
      method: 'PUT',
      headers: { 'X-Api-Key': 'k1', Authorization: `Basic ${Buffer.from('u:p@ss').toString('base64')}` },
      contentType: 'application/vnd.x+json',
      titleKey: 'subject',
      messageKey: 'text',
      extra: { source: 'console' },
      secret: 'sign-me',
    });
  });

  it('names every problem of a target at save time', () => {
    expect(channel.validate(target({ url: 'generic+https://hooks.example.com/in' }))).toEqual([]);
    expect(channel.validate(target({ url: 'https://hooks.example.com/in' }))).toEqual(['url: write a webhook as generic+https://… (or generic+http://)']);
    expect(channel.validate(target({ url: 'slack://x@y' }))).toEqual(['url: the scheme must be generic+https://, generic+http:// or generic://, not slack://']);
    expect(channel.validate(target({ url: 'generic+https://h/in?template=xml' }))).toEqual(["url: template: only json is supported, not 'xml'"]);
    expect(channel.validate(target({ url: 'generic+https://h/in?method=GET' }))).toEqual(["url: method: must be POST, PUT or PATCH, not 'GET'"]);
    expect(channel.validate(target({ url: 'generic+https://h/in?@Content-Length=1' }))).toEqual(['url: the header Content-Length is set by the channel']);
    expect(channel.validate(target({ url: 'generic+https://h/in?@Bad%20Name=1' }))).toEqual(["url: 'Bad Name' is not a header name"]);
    expect(channel.validate(target({ url: 'generic+https://h/in?@X-A=a%0D%0AX-B:%20b' }))).toEqual(['url: the header X-A has a line break']);
    expect(channel.validate(target({ url: 'generic+https://h/in?titlekey=t&messagekey=t' }))).toEqual([
      'url: titlekey and messagekey must be two different keys',
    ]);
    expect(channel.validate(target({}))).toEqual(['url: required (generic+https://host/path), or a connection']);
    const hook = resolvedConnection({ type: 'webhook', name: 'ci', url: 'https://ci.example.com/hook' });
    expect(channel.validate(target({ connection: hook }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...hook, url: null } }))).toEqual([
      'connection: ci needs a url, the http:// or https:// address of the webhook',
    ]);
    expect(channel.validate(target({ connection: { ...hook, type: 'slack' } }))).toEqual(['connection: ci is a slack connection, not webhook or http']);
    expect(channel.validate(target({ connection: hook, url: 'generic://h/' }))).toEqual(['url: give either a url or a connection, not both']);
  });

  it('posts title, message, event, resource, url, properties, count and resolved, renamed by the keys, without the signing key', () => {
    const message = notificationMessage({ properties: { team: 'ops', secret: 'sign-me' }, count: 3 });
    expect(webhookBody(message, { titleKey: 'title', messageKey: 'message', extra: {} })).toEqual({
      title: message.title,
      message: message.body,
      event: 'check.failed',
      resource: message.resource,
      url: message.url,
      properties: { team: 'ops' },
      count: 3,
      resolved: false,
    });
    const renamed = webhookBody(message, { titleKey: 'subject', messageKey: 'text', extra: { source: 'console' } });
    expect([renamed.subject, renamed.text, renamed.source, 'title' in renamed, 'message' in renamed]).toEqual([
      message.title,
      message.body,
      'console',
      false,
      false,
    ]);
  });

  it('signs like GitHub: sha256= and the hex HMAC-SHA256 of the body', () => {
    // RFC 4231 test case 2.
    expect(signature('Jefe', 'what do ya want for nothing?')).toBe('sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('refuses to send a target that does not validate, without retrying', async () => {
    const error = await channel.send(notificationMessage(), target({ url: 'generic+https://h/in?method=GET' }), {} as never).catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.retryable).toBe(false);
  });
});
