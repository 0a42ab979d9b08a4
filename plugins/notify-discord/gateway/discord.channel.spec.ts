import { ChannelError } from '@gateway/core/notifications';
import { notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { DiscordChannel, discordBody, parseDiscordUrl } from './discord.channel';

const TOKEN = 'aBcD-efGh_1234567890';
const ID = '112233445566778899';

describe('discord channel: URLs, validation, body', () => {
  const channel = new DiscordChannel();
  const target = (fields: Partial<Parameters<DiscordChannel['validate']>[0]>) => ({ url: null, connection: null, properties: {}, ...fields });

  it('reads discord://token@webhookid and the webhook URL Discord gives, with the host override for peers', () => {
    expect(parseDiscordUrl(`discord://${TOKEN}@${ID}`)).toEqual({
      url: `https://discord.com/api/webhooks/${ID}/${TOKEN}`,
      id: ID,
      username: null,
      avatarUrl: null,
    });
    expect(parseDiscordUrl(`discord://${TOKEN}@${ID}?host=127.0.0.1:9000&scheme=http&thread_id=998877665544&username=Console`)).toMatchObject({
      url: `http://127.0.0.1:9000/api/webhooks/${ID}/${TOKEN}?thread_id=998877665544`,
      username: 'Console',
    });
    expect(parseDiscordUrl(`https://discord.com/api/webhooks/${ID}/${TOKEN}`).url).toBe(`https://discord.com/api/webhooks/${ID}/${TOKEN}`);
    expect(parseDiscordUrl(`https://discordapp.com/api/v10/webhooks/${ID}/${TOKEN}`).url).toBe(`https://discordapp.com/api/webhooks/${ID}/${TOKEN}`);
  });

  it('names every problem of a target at save time', () => {
    expect(channel.validate(target({ url: `discord://${TOKEN}@${ID}` }))).toEqual([]);
    expect(channel.validate(target({ url: `discord://${ID}` }))).toEqual(['url: write it as discord://token@webhookid']);
    expect(channel.validate(target({ url: `discord://${TOKEN}@general` }))).toEqual(["url: 'general' is not a webhook id (digits)"]);
    expect(channel.validate(target({ url: `discord://short@${ID}` }))).toEqual(['url: the webhook token is not one Discord gives (letters, digits, - and _)']);
    expect(channel.validate(target({ url: `discord://${TOKEN}@${ID}?scheme=ftp` }))).toEqual(["url: scheme must be https or http, not 'ftp'"]);
    expect(channel.validate(target({ url: `discord://${TOKEN}@${ID}?host=a/b` }))).toEqual(["url: host 'a/b' is not a host[:port]"]);
    expect(channel.validate(target({ url: `https://discord.com/api/webhooks/${ID}/${TOKEN}` }))).toEqual(['url: write it as discord://token@webhookid']);
    expect(channel.validate(target({}))).toEqual(['url: required (discord://token@webhookid), or a connection']);
    const hook = resolvedConnection({ type: 'discord', name: 'ops-chat', url: `https://discord.com/api/webhooks/${ID}/${TOKEN}` });
    expect(channel.validate(target({ connection: hook }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...hook, url: null } }))).toEqual([
      "connection: ops-chat needs a url, the webhook URL (https://discord.com/api/webhooks/{id}/{token}), or the webhook's id as username and its token as password",
    ]);
    // The webhook's id and token as username and password: at Discord's address, or the connection's bare origin.
    const idAndToken = resolvedConnection({ type: 'discord', name: 'ops-chat', username: ID, password: TOKEN });
    expect(channel.defaultUrl).toBe('https://discord.com');
    expect(channel.validate(target({ connection: idAndToken }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...idAndToken, url: 'http://127.0.0.1:9000' } }))).toEqual([]);
    expect(channel.validate(target({ connection: { ...idAndToken, password: 'short' } }))).toEqual([
      'connection: the webhook token is not one Discord gives (letters, digits, - and _)',
    ]);
    expect(channel.validate(target({ connection: { ...hook, url: 'https://discord.com/channels/1/2' } }))).toEqual([
      'connection: a webhook URL looks like https://discord.com/api/webhooks/{id}/{token}',
    ]);
    expect(channel.validate(target({ connection: { ...hook, type: 'slack' } }))).toEqual(['connection: ops-chat is a slack connection, not discord']);
  });

  it('executes the webhook with the title, an embed of the body linking to the console in the health colour, and no pings', () => {
    const message = notificationMessage({ body: '@everyone look: ' + 'x'.repeat(5000) });
    const body = discordBody(message, { username: null, avatarUrl: null }, { username: 'Console' });
    expect(body).toMatchObject({ content: message.title, username: 'Console', allowed_mentions: { parse: [] } });
    expect(body.embeds[0]).toMatchObject({ title: message.title, url: message.url, color: 0xe74c3c });
    expect(body.embeds[0].description).toHaveLength(4096);
    expect(discordBody(notificationMessage({ resolved: true }), { username: null, avatarUrl: null }, {}).embeds[0].color).toBe(0x2ecc71);
    const warning = notificationMessage({ event: 'config.warning', resource: null, url: null });
    const warned = discordBody(warning, { username: null, avatarUrl: null }, {});
    expect([warned.embeds[0].color, 'url' in warned.embeds[0], 'username' in warned]).toEqual([0xf39c12, false, false]);
  });

  it('refuses to send a target that does not validate, without retrying', async () => {
    const error = await channel.send(notificationMessage(), target({ url: 'discord://x' }), {} as never).catch((e) => e);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.retryable).toBe(false);
  });
});
