import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, notificationMessage, resolvedConnection } from '../../../test/support/channel-context';
import { startNtfyPeer, type NtfyPeer } from '../../../test/support/peers/ntfy-peer';
import { NtfyChannel } from './ntfy.channel';

/** The channel against an ntfy server (its documented publish API) on loopback, in the real channel context. */
describe('ntfy channel against an ntfy server', () => {
  let peer: NtfyPeer;
  const channel = new NtfyChannel();
  beforeAll(async () => {
    peer = await startNtfyPeer({ users: { phil: 'phil-pass' }, tokens: ['tk_0123456789'], protectedTopics: ['private'] });
  });
  afterAll(() => peer.stop());
  const host = () => peer.url.replace('http://', '');
  const ctx = (connection: Parameters<ReturnType<typeof channelContexts>['create']>[0]['connection'] = null) => channelContexts().create({ connection });
  it('publishes the message as JSON to the root and keeps the id ntfy gives it', async () => {
    const message = notificationMessage();
    const receipt = await channel.send(
      message,
      { url: `ntfy://${host()}/alerts?scheme=http&priority=urgent`, connection: null, properties: { tags: 'prod' } },
      ctx(),
    );
    const stored = peer.messages.find((m) => m.id === receipt.id)!;
    expect(stored).toMatchObject({
      topic: 'alerts',
      title: message.title,
      message: message.body,
      priority: 5,
      tags: ['rotating_light', 'prod'],
      click: message.url,
      content_type: 'text/markdown',
      publisher: null,
    });
    expect(peer.requests.at(-1)).toMatchObject({ method: 'POST', path: '/' });
  });

  it('authenticates with Basic (URL user and password) and with an access token (a connection)', async () => {
    const basic = await channel.send(
      notificationMessage(),
      { url: `ntfy://phil:phil-pass@${host()}/private?scheme=http`, connection: null, properties: {} },
      ctx(),
    );
    expect(peer.messages.find((m) => m.id === basic.id)!.publisher).toBe('phil');
    const push = resolvedConnection({ type: 'ntfy', name: 'push', url: peer.url, password: 'tk_0123456789', properties: { topic: 'private' } });
    const token = await channel.send(notificationMessage(), { url: null, connection: push, properties: {} }, ctx(push));
    expect(peer.messages.find((m) => m.id === token.id)!.publisher).toBe('token:tk_0123456789');
  });

  it("gives ntfy's answer: refused credentials and forbidden topics are final, a 500 and a 429 are retried", async () => {
    const send = (url: string) => failure(channel.send(notificationMessage(), { url, connection: null, properties: {} }, ctx()));
    const denied = await send(`ntfy://phil:wrong@${host()}/alerts?scheme=http`);
    expect(denied).toBeInstanceOf(ChannelError);
    expect([denied.message, denied.retryable]).toEqual([
      'ntfy answered HTTP 401: {"code":40101,"http":401,"error":"unauthorized","link":"https://ntfy.sh/docs/publish/"}',
      false,
    ]);
    const forbidden = await send(`ntfy://${host()}/private?scheme=http`);
    expect([forbidden.message.startsWith('ntfy answered HTTP 403: {"code":40301'), forbidden.retryable]).toEqual([true, false]);
    const down = await send(`ntfy://${host()}/status-500?scheme=http`);
    expect([down.message, down.retryable]).toEqual([
      'ntfy answered HTTP 500: {"code":50000,"http":500,"error":"the server says 500","link":"https://ntfy.sh/docs/publish/"}',
      true,
    ]);
    expect((await send(`ntfy://${host()}/status-429?scheme=http`)).retryable).toBe(true);
    expect((await send(`ntfy://${host()}/status-400?scheme=http`)).retryable).toBe(false);
  });

  it('does not publish where the address policy says no, and says so', async () => {
    const before = peer.requests.length;
    const port = Number(new URL(peer.url).port);
    const error = await failure(
      channel.send(
        notificationMessage(),
        { url: `ntfy://${host()}/alerts?scheme=http`, connection: null, properties: {} },
        channelContexts({ listenPort: port }).create({ connection: null }),
      ),
    );
    expect([error.message, error.retryable]).toEqual([
      `127.0.0.1:${port} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });

  it("does not send a connection's token to another server (the credential binding)", async () => {
    const push = resolvedConnection({
      type: 'ntfy',
      name: 'push',
      url: 'https://ntfy.example.com',
      password: 'tk_0123456789',
      properties: { topic: 'alerts' },
    });
    const error = await failure(
      channel.send(notificationMessage(), { url: `ntfy://:tk_0123456789@${host()}/alerts?scheme=http`, connection: null, properties: {} }, ctx(push)),
    );
    expect(error.message).toBe(`the credential from connection 'push' may only be sent to https://ntfy.example.com:443, not http://${host()}`);
  });
});
