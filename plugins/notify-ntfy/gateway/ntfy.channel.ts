import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage } from '@contracts';
import { ChannelError, NOTIFICATION_CHANNELS, answerError, answeredOk, channelCall, cut, parseJson } from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** spec 03 §9: the ntfy connection's host is ntfy.sh unless given. */
export const NTFY_DEFAULT_HOST = 'ntfy.sh';
export const NTFY_DEFAULT_URL = `https://${NTFY_DEFAULT_HOST}`;
/** ntfy keeps messages up to 4096 bytes as text (longer ones become attachments). */
const MESSAGE_CHARS = 4000;
const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
const PRIORITIES: Record<string, number> = { min: 1, low: 2, default: 3, high: 4, max: 5, urgent: 5 };

/** Where and how a message is published. */
export interface NtfyTarget {
  /** The server's root, `https://ntfy.sh`. */
  server: string;
  topic: string;
  /** `Basic …` or `Bearer …`; null: anonymous. */
  authorization: string | null;
  /** Settings of the URL's query (`priority`, `tags`, `title`, `click`, `icon`), under the recipient's properties. */
  options: Record<string, string>;
}

/** `5`, `high`, `urgent`… as ntfy's number; null when it is none of them. */
export function ntfyPriority(value: string): number | null {
  const v = value.trim().toLowerCase();
  if (v in PRIORITIES) return PRIORITIES[v];
  return /^[1-5]$/.test(v) ? Number(v) : null;
}

/**
 * `ntfy://[user:password@]host[:port]/topic[?scheme=http&priority=high&tags=a,b&title=…&click=…&icon=…]` (shoutrrr's
 * format). https unless `scheme=http` (or `disabletls=yes`); an empty host is ntfy.sh; a password without a user is an
 * access token (Bearer). Throws with the problem.
 */
export function parseNtfyUrl(raw: string): NtfyTarget {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('not a valid ntfy:// URL');
  }
  if (url.protocol !== 'ntfy:') throw new Error(`the scheme must be ntfy://, not ${url.protocol}//`);
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length !== 1) throw new Error('give one topic: ntfy://host/topic');
  const topic = decodeURIComponent(segments[0]);
  if (!TOPIC.test(topic)) throw new Error(`topic: '${topic}' is not a topic (letters, digits, - and _, at most 64)`);
  const scheme = (url.searchParams.get('scheme') ?? (/^(yes|true|1)$/i.test(url.searchParams.get('disabletls') ?? '') ? 'http' : 'https')).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') throw new Error(`scheme: must be http or https, not '${scheme}'`);
  const options: Record<string, string> = {};
  for (const name of ['priority', 'tags', 'title', 'click', 'icon']) {
    const value = url.searchParams.get(name);
    if (value) options[name] = value;
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  return {
    server: `${scheme}://${url.host || NTFY_DEFAULT_HOST}`,
    topic,
    authorization: authorization(user, password),
    options,
  };
}

function authorization(user: string | null, password: string | null): string | null {
  if (user) return `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}`;
  return password ? `Bearer ${password}` : null;
}

/** ntfy's JSON publish body (https://docs.ntfy.sh/publish/#publish-as-json). */
export function ntfyBody(message: NotificationMessage, topic: string, settings: Record<string, string>): Record<string, unknown> {
  const priority = settings.priority ? ntfyPriority(settings.priority) : null;
  const tags = (settings.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  // Emoji shortcodes among the tags show as the message's icon.
  tags.unshift(message.resolved ? 'white_check_mark' : 'rotating_light');
  const body = cut(message.body, MESSAGE_CHARS);
  const click = settings.click || message.url;
  return {
    topic,
    title: settings.title || message.title,
    message: body || message.title,
    markdown: true,
    tags: [...new Set(tags)],
    ...(priority ? { priority } : {}),
    ...(click ? { click } : {}),
    ...(settings.icon ? { icon: settings.icon } : {}),
  };
}

/**
 * Channel `ntfy`: publishes with ntfy's JSON API (POST to the server's root: `{topic, title, message, markdown, tags,
 * priority, click}`), to an `ntfy://` URL or an `ntfy` connection (url: the server, ntfy.sh by default; property
 * `topic`; username and password for Basic, or a password alone / property `token` for an access token). The
 * recipient's properties `priority` (1–5 or min…urgent), `tags`, `title`, `click`, `icon` refine it.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'ntfy')
export class NtfyChannel implements NotificationChannel {
  readonly type = 'ntfy';
  readonly label = 'ntfy';
  readonly schemes = ['ntfy'] as const;
  readonly connectionTypes = ['ntfy'] as const;
  readonly defaultUrl = NTFY_DEFAULT_URL;

  validate(target: ChannelTarget): string[] {
    try {
      const ntfy = this.resolve(target);
      const priority = target.properties.priority ?? ntfy.options.priority;
      if (priority && ntfyPriority(priority) === null)
        return [`properties.priority: must be 1 to 5 or min, low, default, high, max, urgent, not '${priority}'`];
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const problems = this.validate(target);
    if (problems.length) throw new ChannelError(problems.join('; '), false);
    const ntfy = this.resolve(target);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (ntfy.authorization) headers.Authorization = ntfy.authorization;
    const body = JSON.stringify(ntfyBody(message, ntfy.topic, { ...ntfy.options, ...message.properties, ...target.properties }));
    const res = await channelCall(ctx, `${ntfy.server}/`, { method: 'POST', headers, body }, 'ntfy');
    if (!answeredOk(res)) throw answerError('ntfy', res);
    const id = (parseJson(res.body) as { id?: unknown } | null)?.id;
    return { id: typeof id === 'string' ? id : null };
  }

  private resolve(target: ChannelTarget): NtfyTarget {
    if (target.url && target.connection) throw new Error('url: give either a url or a connection, not both');
    if (target.url) {
      try {
        return parseNtfyUrl(target.url);
      } catch (error) {
        throw new Error(`url: ${(error as Error).message}`);
      }
    }
    const c = target.connection;
    if (!c) throw new Error('url: required (ntfy://ntfy.sh/topic), or a connection');
    if (c.type !== 'ntfy') throw new Error(`connection: ${c.name} is a ${c.type} connection, not ntfy`);
    const topic = (target.properties.topic || c.properties.topic || '').trim();
    if (!topic) throw new Error(`connection: ${c.name} has no topic (the property topic)`);
    if (!TOPIC.test(topic)) throw new Error(`connection: topic '${topic}' is not a topic (letters, digits, - and _, at most 64)`);
    const token = c.properties.token || (!c.username ? c.password : null);
    const auth = c.username ? authorization(c.username, c.password) : authorization(null, token);
    // Without a url: ntfy.sh (the engine binds the connection's credentials there).
    const raw = c.url?.trim() || NTFY_DEFAULT_URL;
    let server: string;
    if (/^https?:\/\//i.test(raw)) server = new URL(raw).origin;
    else if (/^[a-z0-9.-]+(:\d+)?$/i.test(raw)) server = `https://${raw}`;
    else throw new Error(`connection: url must be the server, https://host[:port], not '${raw}'`);
    // A credential goes only to its connection's own origin: that needs the url written out.
    if (auth && !/^https?:\/\//i.test(raw)) throw new Error(`connection: ${c.name} has credentials, so its url must name the server (https://${raw})`);
    return { server, topic, authorization: auth, options: {} };
  }
}
