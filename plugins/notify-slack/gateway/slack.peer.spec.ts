import type { ChannelTarget, NotificationMessage, ResolvedConnection } from '@contracts';
import type { AppConfig } from '@gateway/core/config/app-config';
import type { ConnectionStore } from '@gateway/core/connections';
import { ChannelContexts, ChannelError } from '@gateway/core/notifications';
import { AddressPolicy, OutboundHttp } from '@gateway/core/outbound';
import { startSlackPeer, type SlackPeer } from '../../../test/support/peers/slack-peer';
import { SlackChannel } from './slack.channel';

const TOKEN = 'xoxb-1111-2222-slacktoken';

/** The contexts the engine sends in: the console's outbound client and an address policy (loopback allowed unless `denyPort`). */
function contexts(options: { denyPort?: number } = {}): ChannelContexts {
  const policy = new AddressPolicy({ listenPort: options.denyPort ?? -1, database: null, allow: options.denyPort ? [] : ['127.0.0.1'] });
  const notify: AppConfig['notify'] = { smtpConnection: null, worker: false, maxAttempts: 3, retryBaseMs: 10, concurrency: 1, sendTimeoutMs: 5000 };
  return new ChannelContexts(new OutboundHttp(policy), policy, {} as ConnectionStore, { notify });
}

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
  const byUrl = (u: string): ChannelTarget => ({ url: u, connection: null, properties: {} });
  const send = (target: ChannelTarget, ctxs = contexts()) => slack.send(message, target, ctxs.create({ connection: target.connection }));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error as ChannelError,
    );

  beforeAll(async () => {
    peer = await startSlackPeer({ token: TOKEN });
    host = peer.url.replace('http://', '');
  });
  afterAll(() => peer.stop());

  it('posts with chat.postMessage as the bot and answers the message ts', async () => {
    const receipt = await send(byUrl(`slack://${TOKEN}@alerts?host=${host}&scheme=http`));
    const request = peer.requests.at(-1)!;
    expect([request.method, request.path, request.headers.authorization]).toEqual(['POST', '/api/chat.postMessage', `Bearer ${TOKEN}`]);
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    const posted = peer.messages.at(-1)!;
    expect(receipt).toEqual({ id: posted.ts });
    expect(posted).toMatchObject({ channel: 'C0ALERTS1', text: 'Check api failed', via: 'api' });
    expect((posted.blocks as { text?: { text: string } }[])[1].text!.text).toBe('*api*\n*Status*: unhealthy, see <https://logs.example/q?a=1|logs>');
  });

  it('says what Slack answered: invalid_auth for a wrong token, channel_not_found, neither retried', async () => {
    const wrong = await failure(send(byUrl(`slack://xoxb-9999-wrong@alerts?host=${host}&scheme=http`)));
    expect(wrong).toBeInstanceOf(ChannelError);
    expect([wrong!.message, wrong!.retryable]).toEqual(['Slack chat.postMessage: invalid_auth', false]);
    expect(wrong!.message).not.toContain('xoxb-9999-wrong');
    const missing = await failure(send(byUrl(`slack://${TOKEN}@nowhere?host=${host}&scheme=http`)));
    expect([missing!.message, missing!.retryable]).toEqual(['Slack chat.postMessage: channel_not_found', false]);
  });

  it('retries a rate limit and a 5xx, not a documented 4xx', async () => {
    peer.failNext(429, { ok: false, error: 'ratelimited' }, { 'Retry-After': '30' });
    const limited = await failure(send(byUrl(`slack://${TOKEN}@alerts?host=${host}&scheme=http`)));
    expect([limited!.message, limited!.retryable]).toEqual(['Slack chat.postMessage: ratelimited (retry after 30 s)', true]);
    peer.failNext(200, { ok: false, error: 'internal_error' });
    expect(await failure(send(byUrl(`slack://${TOKEN}@alerts?host=${host}&scheme=http`)))).toMatchObject({
      message: 'Slack chat.postMessage: internal_error',
      retryable: true,
    });
    peer.failNext(503, 'upstream unavailable');
    const down = await failure(send(byUrl(`slack://hooks/T0TEAM001/B0HOOK001/s3cr3tWebhookPart?host=${host}&scheme=http`)));
    expect([down!.message, down!.retryable]).toEqual(['Slack webhook answered 503: upstream unavailable', true]);
  });

  it('posts to an incoming webhook, which answers ok, or a 4xx text that is not retried', async () => {
    const before = peer.messages.length;
    expect(await send(byUrl(`slack://hooks/T0TEAM001/B0HOOK001/s3cr3tWebhookPart?host=${host}&scheme=http`))).toEqual({ id: null });
    expect(peer.messages.length).toBe(before + 1);
    expect(peer.messages.at(-1)).toMatchObject({ via: 'webhook', text: 'Check api failed' });
    const wrong = await failure(send(byUrl(`slack://hooks/T0TEAM001/B0HOOK001/wrongPart?host=${host}&scheme=http`)));
    expect([wrong!.message, wrong!.retryable]).toEqual(['Slack webhook answered 403: invalid_token', false]);
    const gone = await failure(send(byUrl(`slack://hooks/T0TEAM001/B0OTHER01/wrongPart?host=${host}&scheme=http`)));
    expect([gone!.message, gone!.retryable]).toEqual(['Slack webhook answered 404: no_service', false]);
  });

  it("sends with a connection's token to the connection's own URL, and not at all from a connection without one", async () => {
    const conn = (url: string | null): ResolvedConnection => ({
      id: 'c1',
      name: 'slack-bot',
      type: 'slack',
      url,
      username: null,
      password: TOKEN,
      certificate: null,
      insecure_tls: false,
      properties: { channel: 'ops' },
    });
    const receipt = await send({ url: null, connection: conn(peer.url), properties: {} });
    expect(peer.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(peer.messages.at(-1)).toMatchObject({ channel: 'C0OPS0002', ts: receipt.id });
    const before = peer.requests.length;
    const nowhere = await failure(send({ url: null, connection: conn(null), properties: {} }));
    expect([nowhere!.message, nowhere!.retryable]).toEqual([
      "connection: 'slack-bot' has no URL: set it to https://slack.com, where its token may be sent",
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });

  it('is refused an address the policy denies, before anything is sent, and not retried', async () => {
    const before = peer.requests.length;
    const denied = await failure(send(byUrl(`slack://${TOKEN}@alerts?host=${host}&scheme=http`), contexts({ denyPort: Number(host.split(':')[1]) })));
    expect(denied).toBeInstanceOf(ChannelError);
    expect(denied!.message).toBe(`${host} is not reachable from notifications: it is this console. An administrator can allow it.`);
    expect(denied!.retryable).toBe(false);
    expect(peer.requests.length).toBe(before);
  });
});
