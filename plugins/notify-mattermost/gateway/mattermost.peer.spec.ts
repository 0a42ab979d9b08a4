import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { startMattermostPeer, type MattermostPeer } from '../../../test/support/peers/mattermost-peer';
import { MattermostChannel } from './mattermost.channel';

const TOKEN = 'xi9b3n8dqpgy7jz4r1kct5w6ae';

/** The channel against Mattermost incoming webhooks on loopback, in the real channel context. */
describe('mattermost channel against incoming webhooks', () => {
  let peer: MattermostPeer;
  const channel = new MattermostChannel();
  beforeAll(async () => {
    peer = await startMattermostPeer([TOKEN], ['town-square', 'alerts']);
  });
  afterAll(() => peer.stop());
  const host = () => peer.url.replace('http://', '');
  const ctx = () => channelContexts().create({ connection: null });
  it('posts to the hook with the channel and user of the URL; Mattermost answers ok', async () => {
    const message = notificationMessage();
    await channel.send(message, { url: `mattermost://console@${host()}/${TOKEN}/alerts?scheme=http`, connection: null, properties: {} }, ctx());
    expect(peer.posts.at(-1)).toEqual({
      hook: TOKEN,
      text: `#### ${message.title}\n\n${message.body}`,
      channel: 'alerts',
      username: 'console',
      iconUrl: null,
      props: { event: 'check.failed', resource: message.resource, url: message.url, resolved: false, count: 1, group_key: message.groupKey },
    });
  });

  it('posts through a mattermost connection whose url is the webhook URL', async () => {
    const hook = resolvedConnection({ type: 'mattermost', name: 'chat', url: `${peer.url}/hooks/${TOKEN}`, properties: { channel: 'town-square' } });
    await channel.send(notificationMessage(), { url: null, connection: hook, properties: {} }, channelContexts().create({ connection: hook }));
    expect(peer.posts.at(-1)).toMatchObject({ hook: TOKEN, channel: 'town-square', username: null });
  });

  it("gives Mattermost's answer: an unknown hook or channel is final, a 500 is retried", async () => {
    const unknown = await failure(
      channel.send(notificationMessage(), { url: `mattermost://${host()}/unknownhook1234?scheme=http`, connection: null, properties: {} }, ctx()),
    );
    expect(unknown).toBeInstanceOf(ChannelError);
    expect([
      unknown.message.startsWith('Mattermost answered HTTP 400: {"id":"web.incoming_webhook.invalid.app_error","message":"Invalid webhook."'),
      unknown.retryable,
    ]).toEqual([true, false]);
    const channelGone = await failure(
      channel.send(notificationMessage(), { url: `mattermost://${host()}/${TOKEN}/random?scheme=http`, connection: null, properties: {} }, ctx()),
    );
    expect([channelGone.message.startsWith('Mattermost answered HTTP 403:'), channelGone.retryable]).toEqual([true, false]);
    const down = await failure(
      channel.send(notificationMessage(), { url: `mattermost://${host()}/status500?scheme=http`, connection: null, properties: {} }, ctx()),
    );
    expect([down.message.startsWith('Mattermost answered HTTP 500: {"id":"peer.status","message":"the server says 500"'), down.retryable]).toEqual([
      true,
      true,
    ]);
  });

  it('does not call an address the policy denies, and says so', async () => {
    const before = peer.requests.length;
    const port = Number(new URL(peer.url).port);
    const error = await failure(
      channel.send(
        notificationMessage(),
        { url: `mattermost://${host()}/${TOKEN}?scheme=http`, connection: null, properties: {} },
        channelContexts({ listenPort: port }).create({ connection: null }),
      ),
    );
    expect([error.message, error.retryable]).toEqual([
      `127.0.0.1:${port} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });
});
