import type { Request, Response } from 'express';
import { startHttpPeer, type HttpPeer, type PeerOptions } from './http-peer';

export interface TelegramSentMessage {
  message_id: number;
  chat_id: number;
  text: string;
  parse_mode?: string;
  disable_web_page_preview?: boolean;
}

export interface TelegramPeer extends HttpPeer {
  messages: TelegramSentMessage[];
  /** The next answers instead of the API's own (flood control, an outage), first in first out. */
  failNext(status: number, body: object): void;
}

export interface TelegramPeerOptions extends PeerOptions {
  token?: string;
  /** Chats the bot may write to: `@username` or the numeric id as a string → the chat's id. */
  chats?: Record<string, number>;
}

const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler', 'a', 'code', 'pre', 'blockquote', 'tg-emoji']);

/**
 * Telegram's Bot API as documented (https://core.telegram.org/bots/api): `POST /bot<token>/sendMessage` with JSON
 * `{chat_id, text, parse_mode, disable_web_page_preview}` answers `{ok: true, result: Message}`, or
 * `{ok: false, error_code, description, parameters?}`: 401 `Unauthorized` (wrong token), 400 `Bad Request: chat not
 * found`, `Bad Request: message text is empty`, `Bad Request: can't parse entities: …` (HTML that is not the
 * supported subset, unclosed tags, a bare `<` or `&`), `Bad Request: message is too long`; 429 `Too Many Requests:
 * retry after N` with `parameters.retry_after`.
 */
export async function startTelegramPeer(options: TelegramPeerOptions = {}): Promise<TelegramPeer> {
  const token = options.token ?? '123456789:AAHfakeTelegramBotToken_abcdefghij';
  const chats = options.chats ?? { '@ops_alerts': -1001234567890, '424242': 424242 };
  const messages: TelegramSentMessage[] = [];
  const canned: { status: number; body: object }[] = [];
  let nextId = 100;
  const fail = (res: Response, code: number, description: string, parameters?: object) =>
    void res.status(code).json({ ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

  const peer = await startHttpPeer((app) => {
    app.use((_req: Request, res: Response, next) => {
      const answer = canned.shift();
      if (!answer) return next();
      res.status(answer.status).json(answer.body);
    });
    app.post(/^\/bot([^/]+)\/sendMessage$/, (req, res) => {
      const given = decodeURIComponent(req.path.slice('/bot'.length, -'/sendMessage'.length));
      if (!/^\d+:[\w-]+$/.test(given)) return fail(res, 404, 'Not Found');
      if (given !== token) return fail(res, 401, 'Unauthorized');
      const body = (req.body ?? {}) as { chat_id?: unknown; text?: unknown; parse_mode?: unknown; disable_web_page_preview?: unknown };
      const chat = chats[String(body.chat_id ?? '')];
      if (chat === undefined) return fail(res, 400, 'Bad Request: chat not found');
      const text = typeof body.text === 'string' ? body.text : '';
      if (!text.trim()) return fail(res, 400, 'Bad Request: message text is empty');
      let visible = text;
      if (body.parse_mode === 'HTML') {
        const problem = htmlProblem(text);
        if (problem) return fail(res, 400, `Bad Request: can't parse entities: ${problem}`);
        visible = text.replace(/<[^>]*>/g, '').replace(/&(?:lt|gt|amp|quot|#\d+);/g, 'x');
      }
      if (visible.length > 4096) return fail(res, 400, 'Bad Request: message is too long');
      const message = {
        message_id: ++nextId,
        chat_id: chat,
        text,
        parse_mode: body.parse_mode as string | undefined,
        disable_web_page_preview: body.disable_web_page_preview as boolean | undefined,
      };
      messages.push(message);
      res.json({ ok: true, result: { message_id: message.message_id, date: Math.floor(Date.now() / 1000), chat: { id: chat }, text: visible } });
    });
  }, options);
  return { ...peer, messages, failNext: (status, body) => void canned.push({ status, body }) };
}

/** Telegram's HTML rules: the supported tags only, each closed in order, `<` and `&` only as tags and entities. */
function htmlProblem(text: string): string | null {
  const stack: string[] = [];
  const token = /<(\/?)([a-z-]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*>|<|&(?:lt|gt|amp|quot|#\d+|#x[0-9a-f]+);|&/gi;
  for (const match of text.matchAll(token)) {
    const offset = Buffer.byteLength(text.slice(0, match.index));
    if (match[0] === '<') return `Unsupported start tag "" at byte offset ${offset}`;
    if (match[0] === '&') return `Character entity expected at byte offset ${offset}`;
    if (!match[2]) continue;
    const name = match[2].toLowerCase();
    if (!ALLOWED_TAGS.has(name)) return `Unsupported start tag "${name}" at byte offset ${offset}`;
    if (match[1]) {
      if (stack.pop() !== name) return `Can't find end tag corresponding to start tag "${name}" at byte offset ${offset}`;
    } else {
      if (name === 'a' && !/\bhref="[^"]+"/.test(match[3])) return `Can't find href for the link at byte offset ${offset}`;
      stack.push(name);
    }
  }
  return stack.length ? `Can't find end tag corresponding to start tag "${stack.at(-1)}"` : null;
}
