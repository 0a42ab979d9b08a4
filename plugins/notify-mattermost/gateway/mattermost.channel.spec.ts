import { ChannelError } from '@gateway/core/notifications';
import { notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { MattermostChannel, mattermostBody, parseMattermostUrl } from './mattermost.channel';

const TOKEN = 'xi9b3n8dqpgy7jz4r1kct5w6ae';

describe('mattermost channel: URLs, validation, body', () => {
  const channel = new MattermostChannel();
  const target = (fields: Partial<Parameters<MattermostChannel['validate']>[0]>) => ({ url: null, connection: null, properties: {}, ...fields });

  it('reads mattermost://[user@]host[:port]/token[/channel] and the webhook URL Mattermost gives', () => {
    expect(parseMattermostUrl(`mattermost://chat.example.com/${TOKEN}`)).toEqual({
      url: `https://chat.example.com/hooks/${TOKEN}`,
      channel: null,
      username: null,
      iconUrl: null,
    });
    expect(parseMattermostUrl(`mattermost://console@chat.example.com:8065/${TOKEN}/alerts?scheme=http&icon=https://x/i.png`)).toEqual({
      url: `http://chat.example.com:8065/hooks/${TOKEN}`,
      channel: 'alerts',
      username: 'console',
      iconUrl: 'https://x/i.png',
    });
    expect(parseMattermostUrl(`mattermost://h/${TOKEN}?disabletls=yes`).url).toBe(`http://h/hooks/${TOKEN}`);
    expect(parseMattermostUrl(`https://chat.example.com/mm/hooks/${TOKEN}`).url).toBe(`https://chat.example.com/mm/hooks/${TOKEN}`);
  });

  it('names every problem of a target at save time', () => {
    expect(channel.validate(target({ url: `mattermost://h/${TOKEN}/town-square` }))).toEqual([]);
    expect(channel.validate(target({ url: 'mattermost://h/' }))).toEqual(['url: write it as mattermost://[user@]host[:port]/token[/channel]']);
    expect(channel.validate(target({ url: `mattermost://h/${TOKEN}/a/b` }))).toEqual(['url: write it as mattermost://[user@]host[:port]/token[/channel]']);
    expect(channel.validate(target({ url: 'mattermost://h/not-a-token!' }))).toEqual(["url: 'not-a-token!' is not a webhook token (letters and digits)"]);
    expect(channel.validate(target({ url: `mattermost://h/${TOKEN}/bad%20channel` }))).toEqual(["url: channel: 'bad channel' is not a channel name"]);
    expect(channel.validate(target({ url: `mattermost://h/${TOKEN}?scheme=ws` }))).toEqual(["url: scheme: must be http or https, not 'ws'"]);
    expect(channel.validate(target({ url: `mattermost://h/${TOKEN}`, properties: { channel: 'no way' } }))).toEqual([
      "properties.channel: 'no way' is not a channel name",
    ]);
    expect(channel.validate(target({}))).toEqual(['url: required (mattermost://host/token[/channel]), or a connection']);
    const hook = resolvedConnection({ type: 'mattermost', name: 'chat', url: `https://chat.example.com/hooks/${TOKEN}` });
    expect(channel.validate(target({ connection: hook }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...hook, url: null } }))).toEqual([
      'connection: chat needs a url, the incoming webhook URL (https://host/hooks/token)',
    ]);
    expect(channel.validate(target({ connection: { ...hook, url: 'https://chat.example.com/' } }))).toEqual([
      'connection: an incoming webhook URL looks like https://host/hooks/token',
    ]);
    expect(channel.validate(target({ connection: { ...hook, type: 'discord' } }))).toEqual(['connection: chat is a discord connection, not mattermost']);
  });

  it('posts the title as a heading over the Markdown, to the channel and as the user asked, with the event in props', () => {
    const message = notificationMessage();
    expect(mattermostBody(message, { channel: 'alerts', username: 'console', iconUrl: null }, { username: 'ops-bot' })).toEqual({
      text: `#### ${message.title}\n\n${message.body}`,
      channel: 'alerts',
      username: 'ops-bot',
      props: { event: 'check.failed', resource: message.resource, url: message.url, resolved: false, count: 1, group_key: message.groupKey },
    });
    const long = mattermostBody(notificationMessage({ body: 'x'.repeat(20000) }), { channel: null, username: null, iconUrl: null }, {});
    expect([long.text.length, 'channel' in long]).toEqual([16000, false]);
  });

  it('refuses to send a target that does not validate, without retrying', async () => {
    const error = await channel.send(notificationMessage(), target({ url: 'mattermost://h/' }), {} as never).catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.retryable).toBe(false);
  });
});
