import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage } from '@contracts';
import { ChannelError, NOTIFICATION_CHANNELS, answerError, answeredOk, channelCall, problemsOf } from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** Query parameters of a `generic…://` URL that configure the channel (shoutrrr's names, plus `secret`); the rest go to the target. */
const OPTIONS = ['template', 'messagekey', 'titlekey', 'contenttype', 'disabletls', 'method', 'secret'] as const;
const METHODS = ['POST', 'PUT', 'PATCH'] as const;
/** Headers the client sets itself. */
const RESERVED_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection', 'x-signature-256'];
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;
const KEY = /^[^\s]+$/;

/** A webhook as the channel calls it. */
export interface WebhookTarget {
  /** http(s) URL, without credentials. */
  url: string;
  method: (typeof METHODS)[number];
  headers: Record<string, string>;
  contentType: string;
  titleKey: string;
  messageKey: string;
  /** `$key=value` of the URL: more fields of the JSON body. */
  extra: Record<string, string>;
  /** Signs the body (`X-Signature-256`); null: unsigned. */
  secret: string | null;
}

/**
 * A `generic+https://…`, `generic+http://…` or `generic://…` URL (shoutrrr's generic service; `generic://` is https
 * unless `disabletls=yes`) as the webhook it names. Its query: `@Name=value` a header, `$key=value` a field of the body,
 * `titlekey`/`messagekey` rename `title`/`message`, `contenttype`, `method` (POST, PUT or PATCH), `template=json` (the
 * only template), `secret` the HMAC key; `_name=value` goes to the target as `name=value`; anything else goes as it is.
 * User and password in the URL are sent as Basic authorization. Throws with the problem.
 */
export function parseWebhookUrl(raw: string): WebhookTarget {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('not a valid URL');
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (!['generic', 'generic+http', 'generic+https', 'http', 'https'].includes(scheme)) {
    throw new Error(`the scheme must be generic+https://, generic+http:// or generic://, not ${scheme}://`);
  }
  if (!url.hostname) throw new Error('no host (generic+https://host/path)');
  const query = url.searchParams;
  const yes = (name: string) => /^(yes|true|1)$/i.test(query.get(name) ?? '');
  const secure = scheme === 'generic+https' || scheme === 'https' || (scheme === 'generic' && !yes('disabletls'));
  const template = query.get('template');
  if (template && template.toLowerCase() !== 'json') throw new Error(`template: only json is supported, not '${template}'`);
  const method = (query.get('method') ?? 'POST').toUpperCase();
  if (!(METHODS as readonly string[]).includes(method)) throw new Error(`method: must be POST, PUT or PATCH, not '${query.get('method')}'`);
  const titleKey = query.get('titlekey') || 'title';
  const messageKey = query.get('messagekey') || 'message';
  if (!KEY.test(titleKey) || !KEY.test(messageKey) || titleKey === messageKey) throw new Error('titlekey and messagekey must be two different keys');
  const headers: Record<string, string> = {};
  const extra: Record<string, string> = {};
  const forwarded = new URLSearchParams();
  for (const [name, value] of query) {
    if ((OPTIONS as readonly string[]).includes(name.toLowerCase())) continue;
    if (name.startsWith('@')) {
      const header = name.slice(1);
      if (!HEADER_NAME.test(header)) throw new Error(`'${header}' is not a header name`);
      if (RESERVED_HEADERS.includes(header.toLowerCase())) throw new Error(`the header ${header} is set by the channel`);
      if (/[\r\n]/.test(value)) throw new Error(`the header ${header} has a line break`);
      headers[header] = value;
    } else if (name.startsWith('$')) extra[name.slice(1)] = value;
    else forwarded.append(name.startsWith('_') ? name.slice(1) : name, value);
  }
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.Authorization ??= `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  const search = forwarded.toString();
  const target = `${secure ? 'https' : 'http'}://${url.host}${url.pathname}${search ? `?${search}` : ''}`;
  return {
    url: target,
    method: method as WebhookTarget['method'],
    headers,
    contentType: query.get('contenttype') || 'application/json',
    titleKey,
    messageKey,
    extra,
    secret: query.get('secret') || null,
  };
}

/** The JSON the webhook receives (spec 03 §9: keys message and title, renamed by titlekey/messagekey). */
export function webhookBody(message: NotificationMessage, target: Pick<WebhookTarget, 'titleKey' | 'messageKey' | 'extra'>): Record<string, unknown> {
  // The signing key is not part of what is sent.
  const { secret: _secret, ...properties } = message.properties;
  return {
    ...target.extra,
    [target.titleKey]: message.title,
    [target.messageKey]: message.body,
    event: message.event,
    resource: message.resource,
    url: message.url,
    properties,
    count: message.count,
    resolved: message.resolved,
  };
}

/** `sha256=<hex HMAC-SHA256(secret, body)>`, the `X-Signature-256` header (GitHub's scheme). */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Channel `webhook`: the message as JSON to any HTTP endpoint, a `generic+http(s)://` URL or a `webhook`/`http`
 * connection (its url is the endpoint; with a username, username and password are Basic authorization, otherwise the
 * password signs the body). A secret (`?secret=`, the recipient's `secret` property, the connection's password or
 * `secret` property, else the rule's `secret` property) adds `X-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`. A 4xx other than 408 and 429 is
 * not retried.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'webhook')
export class WebhookChannel implements NotificationChannel {
  readonly type = 'webhook';
  readonly label = 'Webhook';
  readonly schemes = ['generic+http', 'generic+https', 'generic'] as const;
  readonly connectionTypes = ['webhook', 'http'] as const;

  validate(target: ChannelTarget): string[] {
    return problemsOf(() => this.resolve(target));
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    let webhook: WebhookTarget;
    try {
      webhook = this.resolve(target);
    } catch (error) {
      throw new ChannelError((error as Error).message, false);
    }
    // The rule's own `secret` property signs when the recipient gives none.
    webhook.secret ??= message.properties.secret || null;
    const body = JSON.stringify(webhookBody(message, webhook));
    const headers: Record<string, string> = { 'Content-Type': webhook.contentType, ...webhook.headers };
    if (webhook.secret) headers['X-Signature-256'] = signature(webhook.secret, body);
    const res = await channelCall(ctx, webhook.url, { method: webhook.method, headers, body }, 'the webhook');
    if (!answeredOk(res)) throw answerError('the webhook', res);
    return { id: res.headers['x-request-id'] ?? null };
  }

  /** The webhook a target names; throws `url: …` or `connection: …`. */
  private resolve(target: ChannelTarget): WebhookTarget {
    if (target.url && target.connection) throw new Error('url: give either a url or a connection, not both');
    const propertySecret = target.properties.secret || null;
    if (target.url) {
      let webhook: WebhookTarget;
      try {
        webhook = parseWebhookUrl(target.url);
      } catch (error) {
        throw new Error(`url: ${(error as Error).message}`);
      }
      if (/^(http|https):/i.test(target.url.trim())) throw new Error('url: write a webhook as generic+https://… (or generic+http://)');
      return { ...webhook, secret: webhook.secret ?? propertySecret };
    }
    const c = target.connection;
    if (!c) throw new Error('url: required (generic+https://host/path), or a connection');
    if (!(this.connectionTypes as readonly string[]).includes(c.type)) throw new Error(`connection: ${c.name} is a ${c.type} connection, not webhook or http`);
    if (!c.url || !/^https?:\/\//i.test(c.url.trim())) throw new Error(`connection: ${c.name} needs a url, the http:// or https:// address of the webhook`);
    let webhook: WebhookTarget;
    try {
      webhook = parseWebhookUrl(c.url);
    } catch (error) {
      throw new Error(`connection: ${(error as Error).message}`);
    }
    if (c.username) {
      webhook.headers.Authorization = `Basic ${Buffer.from(`${c.username}:${c.password ?? ''}`).toString('base64')}`;
      return { ...webhook, secret: propertySecret ?? c.properties.secret ?? null };
    }
    return { ...webhook, secret: propertySecret ?? (c.password || c.properties.secret || null) };
  }
}
