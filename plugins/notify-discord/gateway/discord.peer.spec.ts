import { ChannelError, withDefaultUrl } from '@gateway/core/notifications';
import { channelContexts, failure, notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { startDiscordPeer, type DiscordPeer } from '../../../test/support/peers/discord-peer';
import { startHttpPeer } from '../../../test/support/peers/http-peer';
import { DiscordChannel } from './discord.channel';

const TOKEN = 'aBcD-efGh_1234567890';
const ID = '112233445566778899';

/** The channel against Discord's Execute Webhook on loopback, in the real channel context. */
describe('discord channel against the webhook API', () => {
  let peer: DiscordPeer;
  const channel = new DiscordChannel();
  beforeAll(async () => {
    peer = await startDiscordPeer({ [ID]: TOKEN });
  });
  afterAll(() => peer.stop());
  const host = () => peer.url.replace('http://', '');
  const url = (token = TOKEN, id = ID) => `discord://${token}@${id}?host=${host()}&scheme=http`;
  const ctx = () => channelContexts().create({ connection: null });
  it('posts the message with its embed; Discord answers 204', async () => {
    const message = notificationMessage();
    await channel.send(message, { url: `${url()}&thread_id=5566778899`, connection: null, properties: { username: 'Console' } }, ctx());
    expect(peer.messages.at(-1)).toEqual({
      webhookId: ID,
      threadId: '5566778899',
      content: message.title,
      username: 'Console',
      embeds: [{ title: message.title, description: message.body, url: message.url, color: 0xe74c3c }],
      allowedMentions: { parse: [] },
    });
  });

  it('posts through a discord connection whose url is the webhook URL', async () => {
    const hook = resolvedConnection({ type: 'discord', name: 'ops-chat', url: `${peer.url}/api/webhooks/${ID}/${TOKEN}` });
    const before = peer.messages.length;
    await channel.send(
      notificationMessage({ resolved: true }),
      { url: null, connection: hook, properties: {} },
      channelContexts().create({ connection: hook }),
    );
    expect(peer.messages.length).toBe(before + 1);
    expect(peer.messages.at(-1)!.embeds[0].color).toBe(0x2ecc71);
  });

  it("posts through a connection of the webhook's id and token, at the address the engine hands it (its default, here the peer)", async () => {
    const idAndToken = resolvedConnection({ type: 'discord', name: 'ops-chat', username: ID, password: TOKEN });
    const before = peer.messages.length;
    // What the deliverer does with channel.defaultUrl; the peer stands in for https://discord.com.
    await channel.send(
      notificationMessage(),
      { url: null, connection: withDefaultUrl(idAndToken, peer.url), properties: {} },
      channelContexts().create({ connection: idAndToken, defaultUrl: peer.url }),
    );
    expect(peer.messages.length).toBe(before + 1);
    // The token is bound to that address: the same connection's context refuses it anywhere else.
    const elsewhere = await failure(
      channel.send(notificationMessage(), { url: url(), connection: null, properties: {} }, channelContexts().create({ connection: idAndToken })),
    );
    expect([elsewhere.message, elsewhere.retryable]).toEqual([
      "the credential from connection 'ops-chat' may not be sent anywhere: the connection has no URL",
      false,
    ]);
    expect(peer.messages.length).toBe(before + 1);
  });

  it('retries when rate limited, saying when Discord takes it again', async () => {
    peer.rateLimit(1, 2.5);
    const error = await failure(channel.send(notificationMessage(), { url: url(), connection: null, properties: {} }, ctx()));
    expect(error).toBeInstanceOf(ChannelError);
    expect([error.message, error.retryable, error.retryAfterMs]).toEqual(['Discord is rate limiting this webhook: retry after 2.5 s', true, 2500]);
    // The limit has passed: the next attempt goes through.
    await channel.send(notificationMessage(), { url: url(), connection: null, properties: {} }, ctx());
  });

  it("gives Discord's answer: a wrong token or an unknown webhook is final", async () => {
    const wrong = await failure(channel.send(notificationMessage(), { url: url('wrong-token-000000'), connection: null, properties: {} }, ctx()));
    expect([wrong.message, wrong.retryable]).toEqual(['Discord answered HTTP 401: {"message":"Invalid Webhook Token","code":50027}', false]);
    const unknown = await failure(channel.send(notificationMessage(), { url: url(TOKEN, '99999999'), connection: null, properties: {} }, ctx()));
    expect([unknown.message, unknown.retryable]).toEqual(['Discord answered HTTP 404: {"message":"Unknown Webhook","code":10015}', false]);
  });

  it('retries a 5xx', async () => {
    const broken = await startHttpPeer((app) => app.post(/.*/, (_req, res) => void res.status(502).send('Bad Gateway')));
    try {
      const error = await failure(
        channel.send(
          notificationMessage(),
          { url: `discord://${TOKEN}@${ID}?host=${broken.url.slice(7)}&scheme=http`, connection: null, properties: {} },
          ctx(),
        ),
      );
      expect([error.message, error.retryable]).toEqual(['Discord answered HTTP 502: Bad Gateway', true]);
    } finally {
      await broken.stop();
    }
  });

  it('does not call an address the policy denies, and says so', async () => {
    const before = peer.requests.length;
    const port = Number(new URL(peer.url).port);
    const error = await failure(
      channel.send(notificationMessage(), { url: url(), connection: null, properties: {} }, channelContexts({ listenPort: port }).create({ connection: null })),
    );
    expect([error.message, error.retryable]).toEqual([
      `127.0.0.1:${port} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });
});
