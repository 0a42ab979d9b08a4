import type { NotificationMessage, ResolvedConnection } from '@contracts';
import { connectionTarget, urlTarget } from '../../../test/support/channel-context';
import { TELEGRAM_TEXT_CHARS, TelegramChannel, telegramRoute, telegramText } from './telegram.channel';

const TOKEN = '123456789:AAHfakeTelegramBotToken_abcdefghij';
const channel = new TelegramChannel();
const url = (u: string, properties: Record<string, string> = {}) => urlTarget(u, properties);
const connection = (c: Partial<ResolvedConnection>, properties: Record<string, string> = {}) =>
  connectionTarget({ name: 'tg', type: 'telegram', id: 'c1', ...c }, properties);
const message = (m: Partial<NotificationMessage> = {}): NotificationMessage => ({
  title: 'Check <api> failed',
  body: '**api** is *unhealthy*',
  event: 'check.failed',
  resource: null,
  url: 'https://console.example/health?checkId=r1&x=1',
  properties: {},
  groupKey: 'g',
  resolved: false,
  count: 1,
  ...m,
});

describe('telegram channel: targets', () => {
  it('reads telegram://token@telegram?chats= as sendMessage on api.telegram.org, to each chat', () => {
    expect(telegramRoute(url(`telegram://${TOKEN}@telegram?chats=@ops_alerts,-1001234567890, 42`))).toEqual({
      endpoint: `https://api.telegram.org/bot${TOKEN}/sendMessage`,
      token: TOKEN,
      chats: ['@ops_alerts', '-1001234567890', '42'],
    });
    expect(telegramRoute(url(`telegram://${TOKEN}@telegram?chats=42&host=127.0.0.1:9000&scheme=http`))).toMatchObject({
      endpoint: `http://127.0.0.1:9000/bot${TOKEN}/sendMessage`,
    });
  });

  it('names each problem of a URL', () => {
    expect(channel.validate(url('telegram://telegram?chats=42'))).toEqual(['url: the bot token is required (telegram://token@telegram?chats=…)']);
    expect(channel.validate(url('telegram://nope@telegram?chats=42'))).toEqual(['url: the bot token must look like 123456:ABC… (as @BotFather gives it)']);
    expect(channel.validate(url(`telegram://${TOKEN}@api.telegram.org?chats=42`))).toEqual([
      "url: the host must be 'telegram' (telegram://token@telegram?chats=…), not 'api.telegram.org'; another address goes in ?host=",
    ]);
    expect(channel.validate(url(`telegram://${TOKEN}@telegram`))).toEqual(['url: chats are required (?chats=@channel,123456)']);
    expect(channel.validate(url(`telegram://${TOKEN}@telegram?chats=@x,team room&scheme=gopher&preview=no`))).toEqual([
      "url: unknown parameter 'preview' (known: chats, host, scheme)",
      "url: '@x' is not a chat (@channelname or a numeric chat id)",
      "url: 'team room' is not a chat (@channelname or a numeric chat id)",
      "url: scheme must be https or http, not 'gopher'",
    ]);
    expect(channel.validate({ url: null, connection: null, properties: {} })).toEqual([
      'url: required (telegram://token@telegram?chats=@channel,123456), or a telegram connection',
    ]);
    expect(channel.validate(url(`telegram://${TOKEN}@telegram?chats=@ops_alerts`))).toEqual([]);
  });

  it('takes a connection: token = password, chats from the recipient or the connection, its url as the API address', () => {
    expect(telegramRoute(connection({ password: TOKEN, url: 'https://api.telegram.org', properties: { chats: '1,2' } }, { chats: '@ops_alerts' }))).toEqual({
      endpoint: `https://api.telegram.org/bot${TOKEN}/sendMessage`,
      token: TOKEN,
      chats: ['@ops_alerts'],
    });
    expect(telegramRoute(connection({ password: TOKEN, url: 'https://api.telegram.org', properties: { chats: '1,2' } }))).toMatchObject({ chats: ['1', '2'] });
    // Without a url: Telegram's own address (NotificationChannel.defaultUrl, where the engine binds the token).
    expect(telegramRoute(connection({ password: TOKEN, properties: { chats: '1' } }))).toMatchObject({
      endpoint: `${channel.defaultUrl}/bot${TOKEN}/sendMessage`,
    });
    expect(channel.validate(connection({}))).toEqual([
      "connection: 'tg' has no bot token (its password)",
      "connection: 'tg' names no chats (its chats property, or the recipient's)",
    ]);
  });
});

describe('telegram channel: the message', () => {
  it('is the title in bold, the body as HTML and a link back, everything else escaped', () => {
    expect(telegramText(message())).toBe(
      '<b>Check &lt;api&gt; failed</b>\n\n<b>api</b> is <i>unhealthy</i>\n\n<a href="https://console.example/health?checkId=r1&amp;x=1">Open in console</a>',
    );
    expect(telegramText(message({ body: '', url: '/relative' }))).toBe('<b>Check &lt;api&gt; failed</b>');
  });

  it("cuts a long body's Markdown (not its HTML) to fit 4096 characters, tags still closed", () => {
    const text = telegramText(message({ body: '**bold & <b>** '.repeat(800) }));
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_CHARS);
    expect(text.length).toBeGreaterThan(TELEGRAM_TEXT_CHARS - 200);
    expect(text.match(/<b>/g)!.length).toBe(text.match(/<\/b>/g)!.length);
    expect(text).toContain(' …');
    expect(text.endsWith('">Open in console</a>')).toBe(true);
  });
});
