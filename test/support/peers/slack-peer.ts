import type { Request, Response } from 'express';
import { startHttpPeer, type HttpPeer, type PeerOptions } from './http-peer';

export interface SlackPostedMessage {
  channel: string;
  ts: string;
  text: unknown;
  blocks: unknown;
  /** `api` (chat.postMessage) or `webhook` (an incoming webhook). */
  via: 'api' | 'webhook';
}

export interface SlackPeer extends HttpPeer {
  messages: SlackPostedMessage[];
  /** The next answers, given instead of the API's own (an outage, a rate limit), first in first out. */
  failNext(status: number, body: string | object, headers?: Record<string, string>): void;
}

export interface SlackPeerOptions extends PeerOptions {
  /** The bot token chat.postMessage accepts. */
  token?: string;
  /** Channels by name (without `#`) and id. */
  channels?: Record<string, string>;
  /** The one incoming webhook: `T…/B…/X…`, posting to `webhookChannel`. */
  webhook?: string;
  webhookChannel?: string;
}

/** Slack's block limits (https://api.slack.com/reference/block-kit/blocks). */
const HEADER_CHARS = 150;
const SECTION_CHARS = 3000;

/**
 * Slack as documented (https://api.slack.com/methods/chat.postMessage, https://api.slack.com/messaging/webhooks):
 * - `POST /api/chat.postMessage` with `Authorization: Bearer <token>` and JSON `{channel, text, blocks}` answers
 *   200 `{ok: true, channel, ts, message}`, or 200 `{ok: false, error}`: `not_authed` (no token), `invalid_auth`,
 *   `channel_not_found`, `no_text`, `invalid_blocks`;
 * - `POST /services/T…/B…/X…` answers 200 `ok`, or a text error with a 4xx: 404 `no_service` (no such webhook),
 *   403 `invalid_token` (the secret part is wrong), 400 `invalid_payload` / `no_text`.
 */
export async function startSlackPeer(options: SlackPeerOptions = {}): Promise<SlackPeer> {
  const token = options.token ?? 'xoxb-1111-2222-slacktoken';
  const channels = options.channels ?? { alerts: 'C0ALERTS1', ops: 'C0OPS0002' };
  const webhook = (options.webhook ?? 'T0TEAM001/B0HOOK001/s3cr3tWebhookPart').split('/');
  const messages: SlackPostedMessage[] = [];
  const canned: { status: number; body: string | object; headers: Record<string, string> }[] = [];
  let sequence = 0;
  const ts = () => `${Math.floor(Date.now() / 1000)}.${String(++sequence).padStart(6, '0')}`;

  const peer = await startHttpPeer((app) => {
    app.use((_req: Request, res: Response, next) => {
      const answer = canned.shift();
      if (!answer) return next();
      res.status(answer.status).set(answer.headers);
      if (typeof answer.body === 'string') res.type('text/plain').send(answer.body);
      else res.json(answer.body);
    });
    app.post('/api/chat.postMessage', (req, res) => {
      const header = req.headers.authorization ?? '';
      if (!header) return void res.json({ ok: false, error: 'not_authed' });
      if (header !== `Bearer ${token}`) return void res.json({ ok: false, error: 'invalid_auth' });
      const body = (req.body ?? {}) as { channel?: string; text?: unknown; blocks?: unknown };
      const name = String(body.channel ?? '').replace(/^#/, '');
      const id = channels[name] ?? (Object.values(channels).includes(name) ? name : null);
      if (!id) return void res.json({ ok: false, error: 'channel_not_found' });
      const problem = blocksProblem(body.blocks);
      if (problem) return void res.json({ ok: false, error: 'invalid_blocks', errors: [problem] });
      if (!body.text && !body.blocks) return void res.json({ ok: false, error: 'no_text' });
      const message = { channel: id, ts: ts(), text: body.text, blocks: body.blocks, via: 'api' as const };
      messages.push(message);
      res.json({ ok: true, channel: id, ts: message.ts, message: { type: 'message', text: body.text, ts: message.ts, blocks: body.blocks } });
    });
    app.post('/services/:team/:bot/:secret', (req, res) => {
      if (req.params.team !== webhook[0] || req.params.bot !== webhook[1]) return void res.status(404).type('text/plain').send('no_service');
      if (req.params.secret !== webhook[2]) return void res.status(403).type('text/plain').send('invalid_token');
      if (!req.is('application/json')) return void res.status(400).type('text/plain').send('invalid_payload');
      const body = (req.body ?? {}) as { text?: unknown; blocks?: unknown };
      if (blocksProblem(body.blocks)) return void res.status(400).type('text/plain').send('invalid_blocks');
      if (!body.text && !body.blocks) return void res.status(400).type('text/plain').send('no_text');
      messages.push({ channel: options.webhookChannel ?? 'C0ALERTS1', ts: ts(), text: body.text, blocks: body.blocks, via: 'webhook' });
      res.type('text/plain').send('ok');
    });
  }, options);
  return {
    ...peer,
    messages,
    failNext: (status, body, headers = {}) => void canned.push({ status, body, headers }),
  };
}

/** What Slack's block validation refuses among the blocks the console sends (header, section, actions). */
function blocksProblem(blocks: unknown): string | null {
  if (blocks === undefined) return null;
  if (!Array.isArray(blocks)) return 'blocks must be an array';
  for (const [i, block] of blocks.entries()) {
    const b = block as { type?: string; text?: { type?: string; text?: unknown }; elements?: unknown };
    if (b.type === 'header') {
      if (b.text?.type !== 'plain_text' || typeof b.text.text !== 'string' || !b.text.text || b.text.text.length > HEADER_CHARS) {
        return `[${i}] header text must be plain_text of 1 to ${HEADER_CHARS} characters`;
      }
    } else if (b.type === 'section') {
      if (
        !b.text ||
        !['mrkdwn', 'plain_text'].includes(b.text.type ?? '') ||
        typeof b.text.text !== 'string' ||
        !b.text.text ||
        b.text.text.length > SECTION_CHARS
      ) {
        return `[${i}] section text must be 1 to ${SECTION_CHARS} characters`;
      }
    } else if (b.type === 'actions') {
      if (!Array.isArray(b.elements) || !b.elements.length) return `[${i}] actions need elements`;
      for (const e of b.elements as { url?: unknown }[])
        if (e.url !== undefined && !/^https?:\/\//.test(String(e.url))) return `[${i}] button url must be absolute`;
    } else return `[${i}] unsupported block type ${String(b.type)}`;
  }
  return null;
}
