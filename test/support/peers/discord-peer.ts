import { startHttpPeer, type HttpPeer } from './http-peer';

/** A message a webhook made. */
export interface DiscordMessage {
  webhookId: string;
  threadId: string | null;
  content: string | null;
  username: string | null;
  embeds: Array<{ title?: string; description?: string; url?: string; color?: number }>;
  allowedMentions: unknown;
}

export interface DiscordPeer extends HttpPeer {
  messages: DiscordMessage[];
  /** The next this many executions answer 429 with `retry_after` (seconds), as Discord's rate limiter does. */
  rateLimit(times: number, retryAfter: number): void;
}

/**
 * Discord's Execute Webhook (https://discord.com/developers/docs/resources/webhook#execute-webhook) on 127.0.0.1:
 * `POST /api/webhooks/{id}/{token}` with `{content, username, avatar_url, embeds, allowed_mentions}`, checked as Discord
 * does (content or embeds; content ≤ 2000, ≤ 10 embeds, title ≤ 256, description ≤ 4096, color an integer). Answers
 * 204 (200 with the message under `?wait=true`), 401 `Invalid Webhook Token`, 404 `Unknown Webhook`, 400 with the
 * fields at fault, 429 `{message, retry_after, global}` when rate limited.
 */
export async function startDiscordPeer(webhooks: Record<string, string>): Promise<DiscordPeer> {
  const messages: DiscordMessage[] = [];
  let limited = 0;
  let retryAfter = 1;
  const peer = await startHttpPeer((app) => {
    app.post('/api/webhooks/:id/:token', (req, res) => {
      if (limited > 0) {
        limited--;
        return void res
          .status(429)
          .set('retry-after', String(Math.ceil(retryAfter)))
          .json({ message: 'You are being rate limited.', retry_after: retryAfter, global: false });
      }
      if (!(req.params.id in webhooks)) return void res.status(404).json({ message: 'Unknown Webhook', code: 10015 });
      if (webhooks[req.params.id] !== req.params.token) return void res.status(401).json({ message: 'Invalid Webhook Token', code: 50027 });
      if (!req.is('application/json')) return void res.status(400).json({ message: 'Cannot send an empty message', code: 50006 });
      const body = req.body as { content?: unknown; username?: unknown; embeds?: unknown; allowed_mentions?: unknown };
      const errors: Record<string, string> = {};
      if (body.content !== undefined && body.content !== null && (typeof body.content !== 'string' || body.content.length > 2000)) {
        errors.content = 'Must be 2000 or fewer in length.';
      }
      const embeds = body.embeds ?? [];
      if (!Array.isArray(embeds) || embeds.length > 10) errors.embeds = 'Must be 10 or fewer in length.';
      else
        embeds.forEach((e: Record<string, unknown>, i: number) => {
          if (typeof e !== 'object' || e === null) errors[`embeds.${i}`] = 'Must be an object.';
          else if (e.title !== undefined && (typeof e.title !== 'string' || e.title.length > 256))
            errors[`embeds.${i}.title`] = 'Must be 256 or fewer in length.';
          else if (e.description !== undefined && (typeof e.description !== 'string' || e.description.length > 4096)) {
            errors[`embeds.${i}.description`] = 'Must be 4096 or fewer in length.';
          } else if (e.color !== undefined && !Number.isInteger(e.color)) errors[`embeds.${i}.color`] = 'Value is not int.';
        });
      if (Object.keys(errors).length) return void res.status(400).json({ message: 'Invalid Form Body', code: 50035, errors });
      if (!body.content && !(Array.isArray(embeds) && embeds.length))
        return void res.status(400).json({ message: 'Cannot send an empty message', code: 50006 });
      const message: DiscordMessage = {
        webhookId: req.params.id,
        threadId: typeof req.query.thread_id === 'string' ? req.query.thread_id : null,
        content: (body.content as string | undefined) ?? null,
        username: typeof body.username === 'string' ? body.username : null,
        embeds: embeds as DiscordMessage['embeds'],
        allowedMentions: body.allowed_mentions ?? null,
      };
      messages.push(message);
      if (req.query.wait === 'true') return void res.json({ id: String(1_100_000_000_000_000_000n + BigInt(messages.length)), ...body });
      res.status(204).end();
    });
  });
  return Object.assign(peer, {
    messages,
    rateLimit(times: number, seconds: number) {
      limited = times;
      retryAfter = seconds;
    },
  });
}
