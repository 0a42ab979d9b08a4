import type { ChannelTarget, NotificationMessage, ResolvedConnection } from '@contracts';
import { ChannelError, withDefaultUrl } from '@gateway/core/notifications';
import { channelContexts, failure, resolvedConnection, urlTarget } from '../../../test/support/channel-context';
import { startSlackPeer, type SlackPeer } from '../../../test/support/peers/slack-peer';
import { SlackChannel } from './slack.channel';

const TOKEN = 'xoxb-1111-2222-slacktoken';

const message: NotificationMessage = {
  title: 'Check api failed',
  body: '# api\n**Status**: unhealthy, see [logs](https://logs.example/q?a=1)',
  event: 'check.failed',
  resource: { id: 'r1', type: 'check', name: 'api', health: 'unhealthy', status: 'unhealthy' },
  url: 'https://console.example/health?checkId=r1',
  properties: {},
  groupKey: 'rule-1:r1',
  resolved: false,
  count: 1,
};

describe('slack channel against a Slack peer', () => {
  let peer: SlackPeer;
  let host: string;
  const slack = new SlackChannel();
  const send = (target: ChannelTarget, ctxs = channelContexts()) => slack.send(message, target, ctxs.create({ connection: target.connection }));

  beforeAll(async () => {
    peer = await startSlackPeer({ token: TOKEN });
    host = peer.url.replace('http://', '');
  });
  afterAll(() => peer.stop());

  it('posts with chat.postMessage as the bot and answers the message ts', async () => {
    const receipt = await send(urlTarget(`slack://${TOKEN}@alerts?host=${host}&scheme=http`));
    const request = peer.requests.at(-1)!;
    expect([request.method, request.path, request.headers.authorization]).toEqual(['POST', '/api/chat.postMessage', `Bearer ${TOKEN}`]);
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    const posted = peer.messages.at(-1)!;
    expect(receipt).toEqual({ id: posted.ts });
    expect(posted).toMatchObject({ channel: 'C0ALERTS1', text: 'Check api failed', via: 'api' });
    expect((posted.blocks as { text?: { text: string } }[])[1].text!.text).toBe('*api*\n*Status*: unhealthy, see <https://logs.example/q?a=1|logs>');
  });

  it('says what Slack answered: invalid_auth for a wrong token, channel_not_found, neither retried', async () => {
    const wrong = await failure(send(urlTarget(`slack://xoxb-9999-wrong@alerts?host=${host}&scheme=http`)));
    expect(wrong).toBeInstanceOf(ChannelError);
    expect([wrong!.message, wrong!.retryable]).toEqual(['Slack chat.postMessage: invalid_auth', false]);
    expect(wrong!.message).not.toContain('xoxb-9999-wrong');
    const missing = await failure(send(urlTarget(`slack://${TOKEN}@nowhere?host=${host}&scheme=http`)));
    expect([missing!.message, missing!.retryable]).toEqual(['Slack chat.postMessage: channel_not_found', false]);
  });

  it('retries a rate limit and a 5xx, not a documented 4xx', async () => {
    peer.failNext(429, { ok: false, error: 'ratelimited' }, { 'Retry-After': '30' });
    const limited = await failure(send(urlTarget(`slack://${TOKEN}@alerts?host=${host}&scheme=http`)));
    expect([limited!.message, limited!.retryable, limited!.retryAfterMs]).toEqual(['Slack chat.postMessage: ratelimited (retry after 30 s)', true, 30_000]);
    peer.failNext(200, { ok: false, error: 'internal_error' });
    expect(await failure(send(urlTarget(`slack://${TOKEN}@alerts?host=${host}&scheme=http`)))).toMatchObject({
      message: 'Slack chat.postMessage: internal_error',
      retryable: true,
    });
    peer.failNext(503, 'upstream unavailable');
    const down = await failure(send(urlTarget(`slack://hooks/T0TEAM001/B0HOOK001/s3cr3tWebhookPart?host=${host}&scheme=http`)));
    expect([down!.message, down!.retryable, down!.retryAfterMs]).toEqual(['Slack webhook answered HTTP 503: upstream unavailable', true, undefined]);
  });

  it('posts to an incoming webhook, which answers ok, or a 4xx text that is not retried', async () => {
    const before = peer.messages.length;
    expect(await send(urlTarget(`slack://hooks/T0TEAM001/B0HOOK001/s3cr3tWebhookPart?host=${host}&scheme=http`))).toEqual({ id: null });
    expect(peer.messages.length).toBe(before + 1);
    expect(peer.messages.at(-1)).toMatchObject({ via: 'webhook', text: 'Check api failed' });
    const wrong = await failure(send(urlTarget(`slack://hooks/T0TEAM001/B0HOOK001/wrongPart?host=${host}&scheme=http`)));
    expect([wrong!.message, wrong!.retryable]).toEqual(['Slack webhook answered HTTP 403: invalid_token', false]);
    const gone = await failure(send(urlTarget(`slack://hooks/T0TEAM001/B0OTHER01/wrongPart?host=${host}&scheme=http`)));
    expect([gone!.message, gone!.retryable]).toEqual(['Slack webhook answered HTTP 404: no_service', false]);
  });

  it("sends with a connection's token to the connection's own URL", async () => {
    const conn = (url: string | null): ResolvedConnection =>
      resolvedConnection({ name: 'slack-bot', type: 'slack', url, password: TOKEN, properties: { channel: 'ops' } });
    const receipt = await send({ url: null, connection: conn(peer.url), properties: {} });
    expect(peer.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(peer.messages.at(-1)).toMatchObject({ channel: 'C0OPS0002', ts: receipt.id });
  });

  it("sends a URL-less connection's token to the channel's default address, and refuses it anywhere else", async () => {
    const bot = resolvedConnection({ name: 'slack-bot', type: 'slack', password: TOKEN, properties: { channel: 'ops' } });
    expect(slack.defaultUrl).toBe('https://slack.com');
    // What the deliverer does with channel.defaultUrl; here the peer stands in for https://slack.com.
    const ctx = channelContexts().create({ connection: bot, defaultUrl: peer.url });
    const receipt = await slack.send(message, { url: null, connection: withDefaultUrl(bot, peer.url), properties: {} }, ctx);
    expect(peer.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(peer.messages.at(-1)).toMatchObject({ channel: 'C0OPS0002', ts: receipt.id });

    const before = peer.requests.length;
    // The token is bound to that origin: not to Slack's real address, nor to another loopback port, nor anywhere
    // when the context knows no default.
    const slackCom = await failure(slack.send(message, { url: null, connection: bot, properties: {} }, ctx));
    expect([slackCom!.message, slackCom!.retryable]).toEqual([
      `the credential from connection 'slack-bot' may only be sent to ${peer.url}, not https://slack.com:443`,
      false,
    ]);
    const other = await failure(slack.send(message, { url: null, connection: withDefaultUrl(bot, 'http://127.0.0.1:9'), properties: {} }, ctx));
    expect(other!.message).toBe(`the credential from connection 'slack-bot' may only be sent to ${peer.url}, not http://127.0.0.1:9`);
    const nowhere = await failure(send({ url: null, connection: bot, properties: {} }));
    expect([nowhere!.message, nowhere!.retryable]).toEqual([
      "the credential from connection 'slack-bot' may not be sent anywhere: the connection has no URL",
      false,
    ]);
    expect(nowhere).toBeInstanceOf(ChannelError);
    expect(peer.requests.length).toBe(before);
  });

  it('is refused an address the policy denies, before anything is sent, and not retried', async () => {
    const before = peer.requests.length;
    const denied = await failure(
      send(urlTarget(`slack://${TOKEN}@alerts?host=${host}&scheme=http`), channelContexts({ listenPort: Number(host.split(':')[1]) })),
    );
    expect(denied).toBeInstanceOf(ChannelError);
    expect(denied!.message).toBe(`${host} is not reachable from notifications: it is this console. An administrator can allow it.`);
    expect(denied!.retryable).toBe(false);
    expect(peer.requests.length).toBe(before);
  });
});
