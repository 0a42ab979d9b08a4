import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage } from '@contracts';
import { ChannelError, NOTIFICATION_CHANNELS, answerError, answeredOk, channelCall, cut } from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** Mattermost splits longer posts; one message stays one post. */
const TEXT_CHARS = 16000;
const TOKEN = /^[A-Za-z0-9]{6,64}$/;
const CHANNEL = /^[@#]?[a-z0-9._-]{1,64}$/i;

/** A Mattermost incoming webhook as the channel calls it. */
export interface MattermostHook {
  /** `https://host[:port]/hooks/{token}` */
  url: string;
  channel: string | null;
  username: string | null;
  iconUrl: string | null;
}

/**
 * `mattermost://[user@]host[:port]/token[/channel][?icon=…&scheme=http]` (shoutrrr's format; `disabletls=yes` is
 * also http), or the webhook URL Mattermost gives (`https://host/hooks/token`). Throws with the problem.
 */
export function parseMattermostUrl(raw: string): MattermostHook {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('not a valid mattermost:// URL');
  }
  const icon = url.searchParams.get('icon') || url.searchParams.get('icon_url') || null;
  if (url.protocol === 'https:' || url.protocol === 'http:') {
    const match = /^(.*)\/hooks\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) throw new Error('an incoming webhook URL looks like https://host/hooks/token');
    if (!TOKEN.test(match[2])) throw new Error(`'${match[2]}' is not a webhook token (letters and digits)`);
    return { url: `${url.origin}${match[1]}/hooks/${match[2]}`, channel: null, username: null, iconUrl: icon };
  }
  if (url.protocol !== 'mattermost:') throw new Error(`the scheme must be mattermost://, not ${url.protocol}//`);
  if (!url.hostname) throw new Error('no host (mattermost://host/token)');
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments.length < 1 || segments.length > 2) throw new Error('write it as mattermost://[user@]host[:port]/token[/channel]');
  const [token, channel] = segments;
  if (!TOKEN.test(token)) throw new Error(`'${token}' is not a webhook token (letters and digits)`);
  if (channel !== undefined && !CHANNEL.test(channel)) throw new Error(`channel: '${channel}' is not a channel name`);
  const scheme = (url.searchParams.get('scheme') ?? (/^(yes|true|1)$/i.test(url.searchParams.get('disabletls') ?? '') ? 'http' : 'https')).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') throw new Error(`scheme: must be http or https, not '${scheme}'`);
  return {
    url: `${scheme}://${url.host}/hooks/${token}`,
    channel: channel ?? null,
    username: url.username ? decodeURIComponent(url.username) : null,
    iconUrl: icon,
  };
}

/** The incoming webhook's JSON (https://developers.mattermost.com/integrate/webhooks/incoming/#parameters). */
export function mattermostBody(message: NotificationMessage, hook: Omit<MattermostHook, 'url'>, properties: Record<string, string>) {
  const text = `#### ${message.title.replace(/[\r\n]+/g, ' ')}\n\n${message.body}`;
  const channel = properties.channel || hook.channel;
  const username = properties.username || hook.username;
  const icon = properties.icon || hook.iconUrl;
  return {
    text: cut(text, TEXT_CHARS),
    ...(channel ? { channel } : {}),
    ...(username ? { username } : {}),
    ...(icon ? { icon_url: icon } : {}),
    props: {
      event: message.event,
      resource: message.resource,
      url: message.url,
      resolved: message.resolved,
      count: message.count,
      group_key: message.groupKey,
    },
  };
}

/**
 * Channel `mattermost`: a post through an incoming webhook (`POST /hooks/{token}`, `{text, channel, username,
 * icon_url, props}`; Mattermost answers `ok`). A `mattermost://` URL or a `mattermost` connection whose url is the
 * webhook URL (properties `channel`, `username`, `icon`; the recipient's properties of the same names win).
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'mattermost')
export class MattermostChannel implements NotificationChannel {
  readonly type = 'mattermost';
  readonly label = 'Mattermost';
  readonly schemes = ['mattermost'] as const;
  readonly connectionTypes = ['mattermost'] as const;

  validate(target: ChannelTarget): string[] {
    try {
      this.resolve(target);
    } catch (error) {
      return [(error as Error).message];
    }
    const channel = target.properties.channel;
    return channel && !CHANNEL.test(channel) ? [`properties.channel: '${channel}' is not a channel name`] : [];
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const problems = this.validate(target);
    if (problems.length) throw new ChannelError(problems.join('; '), false);
    const { url, ...hook } = this.resolve(target);
    const body = JSON.stringify(mattermostBody(message, hook, { ...message.properties, ...target.properties }));
    const res = await channelCall(ctx, url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }, 'Mattermost');
    if (!answeredOk(res)) throw answerError('Mattermost', res);
    return { id: null };
  }

  private resolve(target: ChannelTarget): MattermostHook {
    if (target.url && target.connection) throw new Error('url: give either a url or a connection, not both');
    if (target.url) {
      if (!/^mattermost:\/\//i.test(target.url.trim())) throw new Error('url: write it as mattermost://[user@]host[:port]/token[/channel]');
      try {
        return parseMattermostUrl(target.url);
      } catch (error) {
        throw new Error(`url: ${(error as Error).message}`);
      }
    }
    const c = target.connection;
    if (!c) throw new Error('url: required (mattermost://host/token[/channel]), or a connection');
    if (c.type !== 'mattermost') throw new Error(`connection: ${c.name} is a ${c.type} connection, not mattermost`);
    if (!c.url) throw new Error(`connection: ${c.name} needs a url, the incoming webhook URL (https://host/hooks/token)`);
    let hook: MattermostHook;
    try {
      hook = parseMattermostUrl(c.url);
    } catch (error) {
      throw new Error(`connection: ${(error as Error).message}`);
    }
    const p = c.properties;
    return { ...hook, channel: p.channel || hook.channel, username: p.username || hook.username, iconUrl: p.icon || hook.iconUrl };
  }
}
