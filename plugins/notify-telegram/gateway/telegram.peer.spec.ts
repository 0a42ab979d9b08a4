import type { ChannelTarget, NotificationMessage, ResolvedConnection } from '@contracts';
import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, urlTarget } from '../../../test/support/channel-context';
import { startTelegramPeer, type TelegramPeer } from '../../../test/support/peers/telegram-peer';
import { TelegramChannel } from './telegram.channel';

const TOKEN = '123456789:AAHfakeTelegramBotToken_abcdefghij';

const message: NotificationMessage = {
  title: 'Config <db-1> is unhealthy',
  body: '## db-1\n**Health**: unhealthy & *degraded*\n```\nerror: a < b\n```\nSee [logs](https://logs.example/q?a=1&b=2)',
  event: 'config.unhealthy',
  resource: { id: 'r1', type: 'config', name: 'db-1', health: 'unhealthy', status: null },
  url: 'https://console.example/catalog/r1',
  properties: {},
  groupKey: 'rule:r1',
  resolved: false,
  count: 1,
};

describe('telegram channel against a Bot API peer', () => {
  let peer: TelegramPeer;
  let host: string;
  const telegram = new TelegramChannel();
  const send = (target: ChannelTarget, ctxs = channelContexts()) => telegram.send(message, target, ctxs.create({ connection: target.connection }));

  beforeAll(async () => {
    peer = await startTelegramPeer({ token: TOKEN });
    host = peer.url.replace('http://', '');
  });
  afterAll(() => peer.stop());

  it('sends the message to every chat as HTML the Bot API parses, and answers the message ids', async () => {
    const receipt = await send(urlTarget(`telegram://${TOKEN}@telegram?chats=@ops_alerts,424242&host=${host}&scheme=http`));
    const [first, second] = peer.messages.slice(-2);
    expect(receipt).toEqual({ id: `${first.message_id},${second.message_id}` });
    expect([first.chat_id, second.chat_id]).toEqual([-1001234567890, 424242]);
    expect(first).toMatchObject({ parse_mode: 'HTML', disable_web_page_preview: true });
    expect(first.text).toBe(
      '<b>Config &lt;db-1&gt; is unhealthy</b>\n\n<b>db-1</b>\n<b>Health</b>: unhealthy &amp; <i>degraded</i>\n<pre>error: a &lt; b</pre>\nSee <a href="https://logs.example/q?a=1&amp;b=2">logs</a>\n\n<a href="https://console.example/catalog/r1">Open in console</a>',
    );
    expect(peer.requests.at(-1)!.path).toBe(`/bot${TOKEN}/sendMessage`);
  });

  it("answers Telegram's description: Unauthorized for a wrong token, chat not found; neither retried, the token never in the error", async () => {
    const wrongToken = '123456789:AAHsomeoneElsesToken';
    const wrong = await failure(send(urlTarget(`telegram://${wrongToken}@telegram?chats=424242&host=${host}&scheme=http`)));
    expect(wrong).toBeInstanceOf(ChannelError);
    expect([wrong!.message, wrong!.retryable]).toEqual(['Telegram: chat 424242: Unauthorized', false]);
    expect(wrong!.message).not.toContain('AAHsomeoneElsesToken');
    const missing = await failure(send(urlTarget(`telegram://${TOKEN}@telegram?chats=@nobody_here&host=${host}&scheme=http`)));
    expect([missing!.message, missing!.retryable]).toEqual(['Telegram: chat @nobody_here: Bad Request: chat not found', false]);
    // One chat failing fails the delivery; the others still got the message.
    const before = peer.messages.length;
    const partly = await failure(send(urlTarget(`telegram://${TOKEN}@telegram?chats=@nobody_here,424242&host=${host}&scheme=http`)));
    expect(partly!.message).toBe('Telegram: chat @nobody_here: Bad Request: chat not found');
    expect(peer.messages.slice(before).map((m) => m.chat_id)).toEqual([424242]);
  });

  it('retries flood control (429 retry_after) and a 5xx', async () => {
    peer.failNext(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } });
    const limited = await failure(send(urlTarget(`telegram://${TOKEN}@telegram?chats=424242&host=${host}&scheme=http`)));
    expect([limited!.message, limited!.retryable, limited!.retryAfterMs]).toEqual(['Telegram: chat 424242: Too Many Requests: retry after 7', true, 7000]);
    peer.failNext(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
    expect(await failure(send(urlTarget(`telegram://${TOKEN}@telegram?chats=424242&host=${host}&scheme=http`)))).toMatchObject({
      message: 'Telegram: chat 424242: Bad Gateway',
      retryable: true,
    });
  });

  it("sends with a connection's token to the connection's URL", async () => {
    const connection: ResolvedConnection = {
      id: 'c',
      name: 'tg',
      type: 'telegram',
      url: peer.url,
      username: null,
      password: TOKEN,
      certificate: null,
      insecure_tls: false,
      properties: { chats: '@ops_alerts' },
    };
    const receipt = await send({ url: null, connection, properties: {} });
    expect(peer.messages.at(-1)).toMatchObject({ chat_id: -1001234567890, message_id: Number(receipt.id) });
  });

  it('is refused an address the policy denies, before anything is sent, and not retried', async () => {
    const before = peer.requests.length;
    const denied = await failure(
      send(urlTarget(`telegram://${TOKEN}@telegram?chats=424242&host=${host}&scheme=http`), channelContexts({ listenPort: Number(host.split(':')[1]) })),
    );
    expect([denied!.message, denied!.retryable]).toEqual([
      `${host} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });
});
