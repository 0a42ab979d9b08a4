import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage, ResolvedConnection } from '@contracts';
import {
  ANSWER_CHARS,
  ChannelError,
  NOTIFICATION_CHANNELS,
  answeredOk,
  channelCall,
  cut,
  decode,
  httpUrl,
  overrideBase,
  parseJson,
  retryAfterMs,
  retryableStatus,
  routeOrRefuse,
  routeProblems,
  scrub,
} from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { escapeHtml, markdownToTelegramHtml } from './telegram-html';

export const TELEGRAM_API = 'https://api.telegram.org';
/** sendMessage's limit on a message's text (https://core.telegram.org/bots/api#sendmessage). */
export const TELEGRAM_TEXT_CHARS = 4096;
const URL_PARAMS = ['chats', 'host', 'scheme'];
const TOKEN = /^\d+:[A-Za-z0-9_-]+$/;
/** `@channelusername` or a numeric chat id (negative for groups and channels). */
const CHAT = /^(?:@[A-Za-z][A-Za-z0-9_]{3,31}|-?\d{1,20})$/;

export interface TelegramRoute {
  /** `https://api.telegram.org/bot<token>/sendMessage`. */
  endpoint: string;
  token: string;
  chats: string[];
}

interface TelegramAnswer {
  ok?: boolean;
  result?: { message_id?: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/**
 * Telegram (spec 03, "Others" recipients) through the Bot API: `sendMessage` to each chat with the message as HTML
 * (`parse_mode: 'HTML'`, link previews off).
 * - `telegram://<bot token>@telegram?chats=@channel,123456` (the token is `123456:ABC…`, so it reads as user:password);
 * - a `telegram` connection: password = bot token, chats = the recipient's `chats` property or the connection's;
 *   its url, when set, replaces the API's address (`https://api.telegram.org`, the default; the token goes only to the
 *   one it is sent to).
 * `?host=127.0.0.1:PORT&scheme=http` sends to another address (a test peer, a Bot API server of one's own).
 * Each chat is sent to in turn; the delivery fails when one of them fails (and is retried if that failure may pass).
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'telegram')
export class TelegramChannel implements NotificationChannel {
  readonly type = 'telegram';
  readonly label = 'Telegram';
  readonly schemes = ['telegram'] as const;
  readonly connectionTypes = ['telegram'] as const;
  readonly defaultUrl = TELEGRAM_API;

  validate(target: ChannelTarget): string[] {
    return routeProblems(telegramRoute(target));
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const route = routeOrRefuse(telegramRoute(target));
    const text = telegramText(message);
    const sent: string[] = [];
    const failures: { chat: string; error: string; retryable: boolean; retryAfterMs?: number }[] = [];
    for (const chat of route.chats) {
      const body = JSON.stringify({ chat_id: chat, text, parse_mode: 'HTML', disable_web_page_preview: true });
      const request = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body };
      const res = await channelCall(ctx, route.endpoint, request, 'Telegram', [route.token]);
      const answer = parseJson(res.body) as TelegramAnswer | null;
      if (answeredOk(res) && answer?.ok) {
        sent.push(String(answer.result?.message_id ?? ''));
        continue;
      }
      const code = answer?.error_code ?? res.status;
      const retryAfter = answer?.parameters?.retry_after;
      const description = answer?.description ?? (res.body.trim().slice(0, ANSWER_CHARS) || `HTTP ${res.status}`);
      failures.push({
        chat,
        error: scrub(`${description}${retryAfter && !/retry after/i.test(description) ? ` (retry after ${retryAfter} s)` : ''}`, [route.token]),
        retryable: retryableStatus(code) || answeredOk({ status: code }),
        retryAfterMs: retryAfterMs(retryAfter ?? res.headers['retry-after']),
      });
    }
    if (failures.length) {
      const waits = failures.filter((f) => f.retryable && f.retryAfterMs !== undefined).map((f) => f.retryAfterMs!);
      throw new ChannelError(
        `Telegram: ${failures.map((f) => `chat ${f.chat}: ${f.error}`).join('; ')}`,
        failures.some((f) => f.retryable),
        waits.length ? Math.max(...waits) : undefined,
      );
    }
    return { id: sent.join(',') || null };
  }
}

/** The title in bold, the body as Telegram's HTML and a link back, within Telegram's 4096 characters. */
export function telegramText(message: NotificationMessage): string {
  const title = `<b>${escapeHtml(cut(message.title.trim() || message.event, 256))}</b>`;
  const link = message.url && /^https?:\/\//i.test(message.url) ? `\n\n<a href="${escapeHtml(message.url).replace(/"/g, '&quot;')}">Open in console</a>` : '';
  const compose = (markdown: string) => {
    const body = markdownToTelegramHtml(markdown);
    return `${title}${body ? `\n\n${body}` : ''}${link}`;
  };
  let markdown = message.body.trim();
  let text = compose(markdown);
  // The Markdown is cut, never the HTML (whose tags must stay closed), until the message fits.
  while (text.length > TELEGRAM_TEXT_CHARS && markdown) {
    const keep = Math.floor((markdown.length * TELEGRAM_TEXT_CHARS) / text.length) - 2;
    markdown = keep > 0 ? `${markdown.slice(0, keep).trimEnd()} …` : '';
    text = compose(markdown);
  }
  return text;
}

/** The route of a target, or its problems (`url: …`, `connection: …`). */
export function telegramRoute(target: ChannelTarget): TelegramRoute | string[] {
  if (target.url) return fromUrl(target.url);
  if (target.connection) return fromConnection(target.connection, target.properties);
  return ['url: required (telegram://token@telegram?chats=@channel,123456), or a telegram connection'];
}

function fromUrl(raw: string): TelegramRoute | string[] {
  const match = /^telegram:\/\/([^/?#]*)\/?(?:\?([^#]*))?$/i.exec(raw.trim());
  if (!match) return ['url: not a telegram:// URL (telegram://token@telegram?chats=@channel,123456)'];
  const [, authority, query = ''] = match;
  const params = new URLSearchParams(query);
  const problems: string[] = [];
  for (const key of params.keys()) if (!URL_PARAMS.includes(key)) problems.push(`url: unknown parameter '${key}' (known: ${URL_PARAMS.join(', ')})`);
  const at = authority.lastIndexOf('@');
  const token = decode(at < 0 ? '' : authority.slice(0, at));
  const host = authority.slice(at + 1).toLowerCase();
  if (!token) problems.push('url: the bot token is required (telegram://token@telegram?chats=…)');
  else if (!TOKEN.test(token)) problems.push('url: the bot token must look like 123456:ABC… (as @BotFather gives it)');
  if (host !== 'telegram') problems.push(`url: the host must be 'telegram' (telegram://token@telegram?chats=…), not '${host}'; another address goes in ?host=`);
  problems.push(...chatProblems(params.get('chats') ?? '', 'url'));
  const base = overrideBase(TELEGRAM_API, params.get('scheme'), params.get('host'), problems);
  if (problems.length) return problems;
  return { endpoint: `${base}/bot${token}/sendMessage`, token, chats: chatList(params.get('chats')!) };
}

function fromConnection(connection: ResolvedConnection, properties: Record<string, string>): TelegramRoute | string[] {
  const problems: string[] = [];
  const token = connection.password ?? '';
  if (!token) problems.push(`connection: '${connection.name}' has no bot token (its password)`);
  else if (!TOKEN.test(token)) problems.push(`connection: the bot token of '${connection.name}' must look like 123456:ABC… (as @BotFather gives it)`);
  const chats = properties.chats || connection.properties?.chats || '';
  if (!chats) problems.push(`connection: '${connection.name}' names no chats (its chats property, or the recipient's)`);
  else problems.push(...chatProblems(chats, 'connection'));
  // Without a url: Telegram's API (the engine binds the token there).
  const url = httpUrl(connection.url ?? TELEGRAM_API);
  if (!url) problems.push(`connection: the connection's URL '${connection.url}' is not an http(s) URL`);
  if (problems.length) return problems;
  return { endpoint: `${url!.origin}/bot${token}/sendMessage`, token, chats: chatList(chats) };
}

function chatProblems(chats: string, field: string): string[] {
  const list = chatList(chats);
  if (!list.length) return [`${field}: chats are required (?chats=@channel,123456)`];
  return list.filter((chat) => !CHAT.test(chat)).map((chat) => `${field}: '${chat}' is not a chat (@channelname or a numeric chat id)`);
}

function chatList(chats: string): string[] {
  return chats
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}
