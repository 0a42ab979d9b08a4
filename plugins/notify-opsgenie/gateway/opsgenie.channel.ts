import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage, ResolvedConnection } from '@contracts';
import {
  NOTIFICATION_CHANNELS,
  answerError,
  answeredOk,
  channelCall,
  cut,
  decode,
  httpUrl,
  overrideBase,
  parseJson,
  propertyNotOneOf,
  routeOrRefuse,
  routeProblems,
} from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';

export const OPSGENIE_API = 'https://api.opsgenie.com';
/** The Alert API's limits (https://docs.opsgenie.com/docs/alert-api#create-alert). */
export const OPSGENIE_LIMITS = { message: 130, alias: 512, description: 15000, entity: 512, tags: 20, tag: 50, detailKey: 8000, detailValue: 8000 };
export const OPSGENIE_PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
const SOURCE = 'ops-console';
/** Opsgenie API keys (integration or API key) are UUIDs. */
const API_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Properties read by the channel itself, not passed on as details. */
const OWN_PROPERTIES = ['priority', 'tags'];

export interface OpsgenieRoute {
  /** `https://api.opsgenie.com` (or the EU's, or a test peer's). */
  base: string;
  key: string;
}

/**
 * Opsgenie (spec 03, "Others" recipients) through the Alert API: a message creates an alert
 * (`POST /v2/alerts`, `Authorization: GenieKey <key>`) whose alias is the rule and resource (`groupKey`), so repeats
 * de-duplicate into one alert; a resolved message (`check.passed`, `*.healthy`) closes it
 * (`POST /v2/alerts/<alias>/close?identifierType=alias`).
 * - `opsgenie://<api key>` (api.opsgenie.com) or `opsgenie://api.eu.opsgenie.com/<api key>`; `?scheme=http` for a
 *   plain-http address (a test peer);
 * - an `opsgenie` connection: password = API key; its url, when set, replaces the API's address
 *   (`https://api.opsgenie.com`, the default; `https://api.eu.opsgenie.com` for the EU; the key goes only to the one
 *   it is sent to).
 * Properties: `priority` P1–P5 (default P3), `tags` (comma-separated); the others go into the alert's details.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'opsgenie')
export class OpsgenieChannel implements NotificationChannel {
  readonly type = 'opsgenie';
  readonly label = 'Opsgenie';
  readonly schemes = ['opsgenie'] as const;
  readonly connectionTypes = ['opsgenie'] as const;
  readonly defaultUrl = OPSGENIE_API;

  validate(target: ChannelTarget): string[] {
    return [...routeProblems(opsgenieRoute(target)), ...propertyNotOneOf(target.properties, 'priority', OPSGENIE_PRIORITIES)];
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const route = routeOrRefuse(opsgenieRoute(target));
    const alias = cut(message.groupKey, OPSGENIE_LIMITS.alias);
    const [url, body] = message.resolved
      ? [`${route.base}/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`, { source: SOURCE, note: cut(message.title, 25000) }]
      : [`${route.base}/v2/alerts`, opsgenieAlert(message, target.properties)];
    const secrets = [route.key];
    const request = {
      method: 'POST' as const,
      headers: { 'Content-Type': 'application/json', Authorization: `GenieKey ${route.key}` },
      body: JSON.stringify(body),
    };
    const res = await channelCall(ctx, url, request, 'Opsgenie', secrets);
    const answer = parseJson(res.body) as { message?: string; errors?: Record<string, string>; requestId?: string } | null;
    if (answeredOk(res)) return { id: answer?.requestId ?? null };
    const detail =
      answer?.errors && Object.keys(answer.errors).length
        ? ` (${Object.entries(answer.errors)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')})`
        : '';
    throw answerError('Opsgenie', res, { said: answer?.message ? `${answer.message}${detail}` : null, secrets });
  }
}

/** The create-alert request of a message. */
export function opsgenieAlert(message: NotificationMessage, recipient: Record<string, string>): Record<string, unknown> {
  const properties = { ...message.properties, ...recipient };
  const priority = (OPSGENIE_PRIORITIES as readonly string[]).includes(properties.priority) ? properties.priority : 'P3';
  const tags = [
    ...new Set(
      [...(properties.tags ?? '').split(','), message.event]
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => cut(t, OPSGENIE_LIMITS.tag)),
    ),
  ].slice(0, OPSGENIE_LIMITS.tags);
  const details: Record<string, string> = { event: message.event };
  if (message.resource) {
    details.resource_type = message.resource.type;
    details.resource_id = message.resource.id;
    if (message.resource.health) details.health = message.resource.health;
    if (message.resource.status) details.status = message.resource.status;
  }
  if (message.url) details.url = message.url;
  if (message.count > 1) details.count = String(message.count);
  for (const [key, value] of Object.entries(properties)) {
    if (!OWN_PROPERTIES.includes(key)) details[cut(key, OPSGENIE_LIMITS.detailKey)] = cut(String(value), OPSGENIE_LIMITS.detailValue);
  }
  const alert: Record<string, unknown> = {
    message: cut(message.title.trim() || message.event, OPSGENIE_LIMITS.message),
    alias: cut(message.groupKey, OPSGENIE_LIMITS.alias),
    description: cut(message.body, OPSGENIE_LIMITS.description),
    priority,
    tags,
    details,
    source: SOURCE,
  };
  if (message.resource?.name) alert.entity = cut(message.resource.name, OPSGENIE_LIMITS.entity);
  return alert;
}

/** The route of a target, or its problems (`url: …`, `connection: …`). */
export function opsgenieRoute(target: ChannelTarget): OpsgenieRoute | string[] {
  if (target.url) return fromUrl(target.url);
  if (target.connection) return fromConnection(target.connection);
  return ['url: required (opsgenie://api-key or opsgenie://api.eu.opsgenie.com/api-key), or an opsgenie connection'];
}

function fromUrl(raw: string): OpsgenieRoute | string[] {
  const match = /^opsgenie:\/\/([^/?#]*)((?:\/[^/?#]*)*)(?:\?([^#]*))?$/i.exec(raw.trim());
  if (!match) return ['url: not an opsgenie:// URL (opsgenie://api-key or opsgenie://host/api-key)'];
  const [, authority, path = '', query = ''] = match;
  const params = new URLSearchParams(query);
  const problems: string[] = [];
  for (const key of params.keys()) if (key !== 'scheme') problems.push(`url: unknown parameter '${key}' (known: scheme)`);
  const segments = path.split('/').filter(Boolean);
  // opsgenie://key, or opsgenie://host[:port][/prefix]/key.
  const key = decode(segments.length ? segments[segments.length - 1] : authority);
  const host = segments.length ? authority : null;
  const origin = overrideBase(OPSGENIE_API, params.get('scheme'), host, problems);
  if (!key) problems.push('url: the API key is required (opsgenie://api-key)');
  else if (!API_KEY.test(key)) problems.push("url: the API key must be an Opsgenie key (a UUID such as 0f3e…-…); it is the URL's last part");
  if (problems.length) return problems;
  const prefix = segments.slice(0, -1).join('/');
  return { base: `${origin}${prefix ? `/${prefix}` : ''}`, key };
}

function fromConnection(connection: ResolvedConnection): OpsgenieRoute | string[] {
  const problems: string[] = [];
  const key = connection.password ?? '';
  if (!key) problems.push(`connection: '${connection.name}' has no API key (its password)`);
  else if (!API_KEY.test(key)) problems.push(`connection: the API key of '${connection.name}' must be an Opsgenie key (a UUID)`);
  // Without a url: Opsgenie's API (the engine binds the key there).
  const url = httpUrl(connection.url ?? OPSGENIE_API);
  if (!url) problems.push(`connection: the connection's URL '${connection.url}' is not an http(s) URL`);
  if (problems.length) return problems;
  return { base: `${url!.origin}${url!.pathname.replace(/\/+$/, '')}`, key };
}
