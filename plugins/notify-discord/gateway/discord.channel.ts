import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelHttpResponse, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage } from '@contracts';
import {
  ChannelError,
  NOTIFICATION_CHANNELS,
  answerError,
  answeredOk,
  channelCall,
  cut,
  httpUrl,
  overrideBase,
  parseJson,
  problemsOf,
  retryAfterMs,
} from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';

export const DISCORD_HOST = 'discord.com';
export const DISCORD_URL = `https://${DISCORD_HOST}`;
/** Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
const CONTENT_CHARS = 2000;
const EMBED_TITLE_CHARS = 256;
const EMBED_DESCRIPTION_CHARS = 4096;
const SNOWFLAKE = /^\d{5,25}$/;
const TOKEN = /^[A-Za-z0-9_-]{10,100}$/;

/** Embed colours: green when it recovered, amber for warnings, red for the rest of the bad news, grey otherwise. */
const COLORS = { resolved: 0x2ecc71, warning: 0xf39c12, failed: 0xe74c3c, other: 0x95a5a6 };

/** A Discord webhook as the channel calls it. */
export interface DiscordWebhook {
  /** `https://discord.com/api/webhooks/{id}/{token}[?thread_id=…]` */
  url: string;
  id: string;
  username: string | null;
  avatarUrl: string | null;
}

/**
 * `discord://token@webhookid[?username=…&avatar=…&thread_id=…]` (shoutrrr's format), or the webhook URL Discord gives
 * (`https://discord.com/api/webhooks/{id}/{token}`). `host=…&scheme=http` call another host (a test peer, a proxy).
 * Throws with the problem.
 */
export function parseDiscordUrl(raw: string): DiscordWebhook {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('not a valid discord:// URL');
  }
  let id: string;
  let token: string;
  let base: string;
  if (url.protocol === 'discord:') {
    id = url.hostname;
    token = decodeURIComponent(url.username || url.password);
    if (!token || !id) throw new Error('write it as discord://token@webhookid');
    const problems: string[] = [];
    base = overrideBase(DISCORD_URL, url.searchParams.get('scheme') || null, url.searchParams.get('host') || null, problems, 'url');
    if (problems.length) throw new Error(problems[0].replace(/^url: /, ''));
  } else if (url.protocol === 'https:' || url.protocol === 'http:') {
    const match = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) throw new Error('a webhook URL looks like https://discord.com/api/webhooks/{id}/{token}');
    [, id, token] = match;
    base = url.origin;
  } else throw new Error(`the scheme must be discord://, not ${url.protocol}//`);
  if (!SNOWFLAKE.test(id)) throw new Error(`'${id}' is not a webhook id (digits)`);
  if (!TOKEN.test(token)) throw new Error('the webhook token is not one Discord gives (letters, digits, - and _)');
  const thread = url.searchParams.get('thread_id');
  if (thread && !SNOWFLAKE.test(thread)) throw new Error(`thread_id: '${thread}' is not a thread id (digits)`);
  return {
    url: `${base}/api/webhooks/${id}/${token}${thread ? `?thread_id=${thread}` : ''}`,
    id,
    username: url.searchParams.get('username') || null,
    avatarUrl: url.searchParams.get('avatar') || url.searchParams.get('avatar_url') || null,
  };
}

function color(message: NotificationMessage): number {
  if (message.resolved) return COLORS.resolved;
  const health = `${message.resource?.health ?? ''} ${message.event}`.toLowerCase();
  if (/warning/.test(health)) return COLORS.warning;
  if (/unhealthy|failed|error/.test(health)) return COLORS.failed;
  return COLORS.other;
}

/** Execute Webhook's JSON (https://discord.com/developers/docs/resources/webhook#execute-webhook). */
export function discordBody(message: NotificationMessage, webhook: Pick<DiscordWebhook, 'username' | 'avatarUrl'>, properties: Record<string, string>) {
  const username = properties.username || webhook.username;
  const avatar = properties.avatar || webhook.avatarUrl;
  return {
    content: cut(message.title, CONTENT_CHARS),
    embeds: [
      {
        title: cut(message.title, EMBED_TITLE_CHARS),
        description: cut(message.body, EMBED_DESCRIPTION_CHARS),
        ...(message.url ? { url: message.url } : {}),
        color: color(message),
      },
    ],
    ...(username ? { username } : {}),
    ...(avatar ? { avatar_url: avatar } : {}),
    // Text from a resource (a name, an error) must not ping @everyone or anyone else.
    allowed_mentions: { parse: [] as string[] },
  };
}

/**
 * Channel `discord`: a message through a channel's webhook (Execute Webhook), the title as its text and an embed with
 * the Markdown body, a link to the console and the health's colour. A `discord://token@webhookid` URL or a `discord`
 * connection whose url is the webhook URL. A 429 is retried (Discord's `retry_after` is in the error).
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'discord')
export class DiscordChannel implements NotificationChannel {
  readonly type = 'discord';
  readonly label = 'Discord';
  readonly schemes = ['discord'] as const;
  readonly connectionTypes = ['discord'] as const;
  readonly defaultUrl = DISCORD_URL;

  validate(target: ChannelTarget): string[] {
    return problemsOf(() => this.resolve(target));
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    let webhook: DiscordWebhook;
    try {
      webhook = this.resolve(target);
    } catch (error) {
      throw new ChannelError((error as Error).message, false);
    }
    const body = JSON.stringify(discordBody(message, webhook, { ...message.properties, ...target.properties }));
    const res = await channelCall(ctx, webhook.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }, 'Discord');
    if (res.status === 429) {
      const seconds = retryAfterSeconds(res);
      throw new ChannelError(`Discord is rate limiting this webhook: retry after ${seconds} s`, true, retryAfterMs(seconds));
    }
    if (!answeredOk(res)) throw answerError('Discord', res);
    return { id: null };
  }

  private resolve(target: ChannelTarget): DiscordWebhook {
    if (target.url && target.connection) throw new Error('url: give either a url or a connection, not both');
    if (target.url) {
      if (!/^discord:\/\//i.test(target.url.trim())) throw new Error('url: write it as discord://token@webhookid');
      try {
        return parseDiscordUrl(target.url);
      } catch (error) {
        throw new Error(`url: ${(error as Error).message}`);
      }
    }
    const c = target.connection;
    if (!c) throw new Error('url: required (discord://token@webhookid), or a connection');
    if (c.type !== 'discord') throw new Error(`connection: ${c.name} is a ${c.type} connection, not discord`);
    // The webhook id as username and its token as password, at Discord's address (or the connection's url, a bare origin).
    const origin = httpUrl(c.url ?? DISCORD_URL);
    const webhookUrl =
      c.username && c.password && origin && origin.pathname === '/' && !origin.search
        ? `${origin.origin}/api/webhooks/${encodeURIComponent(c.username)}/${encodeURIComponent(c.password)}`
        : c.url;
    if (!webhookUrl)
      throw new Error(
        `connection: ${c.name} needs a url, the webhook URL (https://discord.com/api/webhooks/{id}/{token}), or the webhook's id as username and its token as password`,
      );
    try {
      return parseDiscordUrl(webhookUrl);
    } catch (error) {
      throw new Error(`connection: ${(error as Error).message}`);
    }
  }
}

/** Seconds until Discord takes the webhook again: the body's `retry_after`, else the Retry-After header. */
function retryAfterSeconds(res: ChannelHttpResponse): number {
  const value = (parseJson(res.body) as { retry_after?: unknown } | null)?.retry_after;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  const header = Number(res.headers['retry-after']);
  return Number.isFinite(header) && header >= 0 ? header : 1;
}
