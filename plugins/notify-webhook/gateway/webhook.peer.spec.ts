import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { startWebhookPeer, type WebhookPeer } from '../../../test/support/peers/webhook-peer';
import { WebhookChannel } from './webhook.channel';

/** The channel against a webhook receiver on loopback, in the real channel context (outbound client, policy, binding). */
describe('webhook channel against a receiver', () => {
  let peer: WebhookPeer;
  let signed: WebhookPeer;
  const channel = new WebhookChannel();
  beforeAll(async () => {
    peer = await startWebhookPeer();
    signed = await startWebhookPeer({ secret: 'hook-secret' });
  });
  afterAll(async () => {
    await peer.stop();
    await signed.stop();
  });
  const hostOf = (p: WebhookPeer) => p.url.replace('http://', '');
  const ctx = (connection = null as Parameters<ReturnType<typeof channelContexts>['create']>[0]['connection']) => channelContexts().create({ connection });
  it('POSTs the JSON message with its headers to the URL without the generic+ prefix', async () => {
    const message = notificationMessage({ properties: { team: 'ops' } });
    await channel.send(
      message,
      { url: `generic+http://${hostOf(peer)}/alerts?@X-Api-Key=k1&$source=console&team=ops`, connection: null, properties: {} },
      ctx(),
    );
    const got = peer.deliveries.at(-1)!;
    expect([got.method, got.path, got.query]).toEqual(['POST', '/alerts', { team: 'ops' }]);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-api-key']).toBe('k1');
    expect(got.headers['x-signature-256']).toBeUndefined();
    expect(got.json).toEqual({
      source: 'console',
      title: message.title,
      message: message.body,
      event: 'check.failed',
      resource: message.resource,
      url: message.url,
      properties: { team: 'ops' },
      count: 1,
      resolved: false,
    });
  });

  it('signs the raw body with the secret (URL, property or connection password) so that the receiver verifies it', async () => {
    await channel.send(notificationMessage(), { url: `generic+http://${hostOf(signed)}/in?secret=hook-secret`, connection: null, properties: {} }, ctx());
    expect(signed.deliveries.at(-1)!.signatureValid).toBe(true);
    await channel.send(notificationMessage(), { url: `generic+http://${hostOf(signed)}/in`, connection: null, properties: { secret: 'hook-secret' } }, ctx());
    expect(signed.deliveries.at(-1)!.signatureValid).toBe(true);
    expect((signed.deliveries.at(-1)!.json as { properties: object }).properties).toEqual({});
    await channel.send(
      notificationMessage({ properties: { secret: 'hook-secret' } }),
      { url: `generic+http://${hostOf(signed)}/in`, connection: null, properties: {} },
      ctx(),
    );
    expect(signed.deliveries.at(-1)!.signatureValid).toBe(true);
    const hook = resolvedConnection({ type: 'webhook', name: 'receiver', url: `${signed.url}/in`, password: 'hook-secret' });
    await channel.send(notificationMessage(), { url: null, connection: hook, properties: {} }, ctx(hook));
    const last = signed.deliveries.at(-1)!;
    expect(last.signatureValid).toBe(true);
    expect(last.raw).not.toContain('hook-secret');
    // A wrong key: the receiver refuses it, and that is final.
    const error = await failure(
      channel.send(notificationMessage(), { url: `generic+http://${hostOf(signed)}/in?secret=guess`, connection: null, properties: {} }, ctx()),
    );
    expect([error.message, error.retryable]).toEqual(['the webhook answered HTTP 401: {"error":"signature mismatch"}', false]);
  });

  it('sends an http connection with a username as Basic authorization to its own url', async () => {
    const hook = resolvedConnection({ type: 'http', name: 'bridge', url: `${peer.url}/bridge`, username: 'bot', password: 'bridge-pass' });
    await channel.send(notificationMessage(), { url: null, connection: hook, properties: {} }, ctx(hook));
    const got = peer.deliveries.at(-1)!;
    expect([got.path, got.headers.authorization]).toEqual(['/bridge', `Basic ${Buffer.from('bot:bridge-pass').toString('base64')}`]);
  });

  it('retries a 5xx, 408 and 429, not another 4xx; the error has the status and the first 300 characters of the answer', async () => {
    const send = (status: number) =>
      failure(channel.send(notificationMessage(), { url: `generic+http://${hostOf(peer)}/status/${status}`, connection: null, properties: {} }, ctx()));
    const down = await send(500);
    expect(down).toBeInstanceOf(ChannelError);
    expect(down.retryable).toBe(true);
    expect(down.message).toBe(`the webhook answered HTTP 500: ${`{"error":"the receiver says 500","detail":"${'x'.repeat(1000)}"}`.slice(0, 300)}`);
    expect((await send(429)).retryable).toBe(true);
    expect((await send(408)).retryable).toBe(true);
    const bad = await send(400);
    expect([bad.message.startsWith('the webhook answered HTTP 400: {"error":"the receiver says 400"'), bad.retryable]).toEqual([true, false]);
    expect((await send(404)).retryable).toBe(false);
  });

  it('does not call an address the policy denies, and says so', async () => {
    const before = peer.deliveries.length;
    const port = Number(new URL(peer.url).port);
    const error = await failure(
      channel.send(
        notificationMessage(),
        { url: `generic+http://${hostOf(peer)}/in`, connection: null, properties: {} },
        channelContexts({ listenPort: port }).create({ connection: null }),
      ),
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect([error.message, error.retryable]).toEqual([
      `127.0.0.1:${port} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.deliveries.length).toBe(before);
  });

  it("does not send a connection's secret to another origin (the credential binding)", async () => {
    const vault = resolvedConnection({ type: 'http', name: 'vault', url: 'https://vault.example.com', password: 'vault-token' });
    const error = await failure(
      channel.send(
        notificationMessage({ body: 'token vault-token' }),
        { url: `generic+http://${hostOf(peer)}/in`, connection: null, properties: {} },
        ctx(vault),
      ),
    );
    expect(error.message).toBe(`the credential from connection 'vault' may only be sent to https://vault.example.com:443, not http://${hostOf(peer)}`);
  });

  it('retries when nothing answers', async () => {
    const gone = await startWebhookPeer();
    await gone.stop();
    const error = await failure(channel.send(notificationMessage(), { url: `generic+http://${hostOf(gone)}/in`, connection: null, properties: {} }, ctx()));
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.message).toMatch(new RegExp(`^could not reach the webhook at ${hostOf(gone)}: .*ECONNREFUSED`));
    expect(error.retryable).toBe(true);
  });
});
