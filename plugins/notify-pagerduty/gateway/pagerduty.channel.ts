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

export const PAGERDUTY_EVENTS = 'https://events.pagerduty.com';
export const PAGERDUTY_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
/** Events API v2 limits (https://developer.pagerduty.com/docs/events-api-v2/trigger-events/). */
const SUMMARY_CHARS = 1024;
const DEDUP_KEY_CHARS = 255;
const CLIENT = 'ops-console';
/** An integration (routing) key: 32 characters. */
const ROUTING_KEY = /^[A-Za-z0-9]{32}$/;

export interface PagerDutyRoute {
  /** `https://events.pagerduty.com/v2/enqueue`. */
  endpoint: string;
  key: string;
}

/**
 * PagerDuty (spec 03, "Others" recipients) through the Events API v2 (`POST /v2/enqueue`): a message triggers an
 * alert whose `dedup_key` is the rule and resource (`groupKey`), so repeats join the open incident; a resolved message
 * (`check.passed`, `*.healthy`) resolves it.
 * - `pagerduty://<integration key>` (events.pagerduty.com) or `pagerduty://host[:port]/<integration key>`;
 *   `?scheme=http` for a plain-http address (a test peer);
 * - a `pagerduty` connection: password = integration key; its url, when set, replaces the Events API's address
 *   (`https://events.pagerduty.com`, the default; the key goes only to the one it is sent to).
 * Property `severity`: critical, error (default), warning or info.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'pagerduty')
export class PagerDutyChannel implements NotificationChannel {
  readonly type = 'pagerduty';
  readonly label = 'PagerDuty';
  readonly schemes = ['pagerduty'] as const;
  readonly connectionTypes = ['pagerduty'] as const;
  readonly defaultUrl = PAGERDUTY_EVENTS;

  validate(target: ChannelTarget): string[] {
    return [...routeProblems(pagerDutyRoute(target)), ...propertyNotOneOf(target.properties, 'severity', PAGERDUTY_SEVERITIES)];
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const route = routeOrRefuse(pagerDutyRoute(target));
    const secrets = [route.key];
    const request = {
      method: 'POST' as const,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(pagerDutyEvent(message, route.key, target.properties)),
    };
    const res = await channelCall(ctx, route.endpoint, request, 'PagerDuty', secrets);
    const answer = parseJson(res.body) as { status?: string; message?: string; errors?: unknown[]; dedup_key?: string } | null;
    if (answeredOk(res)) return { id: answer?.dedup_key ?? null };
    const errors = Array.isArray(answer?.errors) && answer.errors.length ? `: ${answer.errors.map(String).join('; ')}` : '';
    const said = answer?.message || answer?.status ? `${answer.message ?? answer.status}${errors}` : null;
    throw answerError('PagerDuty', res, { said, secrets });
  }
}

/** The Events API v2 event of a message: trigger (with its payload) or resolve. */
export function pagerDutyEvent(message: NotificationMessage, routingKey: string, recipient: Record<string, string>): Record<string, unknown> {
  const dedupKey = cut(message.groupKey, DEDUP_KEY_CHARS);
  if (message.resolved) return { routing_key: routingKey, event_action: 'resolve', dedup_key: dedupKey };
  const properties = { ...message.properties, ...recipient };
  const severity = (PAGERDUTY_SEVERITIES as readonly string[]).includes(properties.severity) ? properties.severity : 'error';
  const url = message.url && /^https?:\/\//i.test(message.url) ? message.url : null;
  const details: Record<string, unknown> = { body: message.body, url: message.url, event: message.event };
  if (message.resource) Object.assign(details, { resource_type: message.resource.type, resource_id: message.resource.id, health: message.resource.health });
  if (message.count > 1) details.count = message.count;
  for (const [key, value] of Object.entries(properties)) if (key !== 'severity' && !(key in details)) details[key] = value;
  const payload: Record<string, unknown> = {
    summary: cut(message.title.trim() || message.event, SUMMARY_CHARS),
    source: message.resource?.name || CLIENT,
    severity,
    class: message.event,
    custom_details: details,
  };
  if (message.resource) Object.assign(payload, { component: message.resource.name, group: message.resource.type });
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: dedupKey,
    payload,
    client: CLIENT,
    ...(url ? { client_url: url, links: [{ href: url, text: 'Open in console' }] } : {}),
  };
}

/** The route of a target, or its problems (`url: …`, `connection: …`). */
export function pagerDutyRoute(target: ChannelTarget): PagerDutyRoute | string[] {
  if (target.url) return fromUrl(target.url);
  if (target.connection) return fromConnection(target.connection);
  return ['url: required (pagerduty://integration-key or pagerduty://host/integration-key), or a pagerduty connection'];
}

function fromUrl(raw: string): PagerDutyRoute | string[] {
  const match = /^pagerduty:\/\/([^/?#]*)(?:\/([^/?#]*))?\/?(?:\?([^#]*))?$/i.exec(raw.trim());
  if (!match) return ['url: not a pagerduty:// URL (pagerduty://integration-key or pagerduty://host/integration-key)'];
  const [, authority, last, query = ''] = match;
  const params = new URLSearchParams(query);
  const problems: string[] = [];
  for (const key of params.keys()) if (key !== 'scheme') problems.push(`url: unknown parameter '${key}' (known: scheme)`);
  const key = decode(last ?? authority);
  const host = last !== undefined ? authority : null;
  const base = overrideBase(PAGERDUTY_EVENTS, params.get('scheme'), host, problems);
  if (!key) problems.push('url: the integration key is required (pagerduty://integration-key)');
  else if (!ROUTING_KEY.test(key))
    problems.push("url: the integration key must be the 32 characters of an Events API v2 integration; it is the URL's last part");
  if (problems.length) return problems;
  return { endpoint: `${base}/v2/enqueue`, key };
}

function fromConnection(connection: ResolvedConnection): PagerDutyRoute | string[] {
  const problems: string[] = [];
  const key = connection.password ?? '';
  if (!key) problems.push(`connection: '${connection.name}' has no integration key (its password)`);
  else if (!ROUTING_KEY.test(key))
    problems.push(`connection: the integration key of '${connection.name}' must be the 32 characters of an Events API v2 integration`);
  // Without a url: PagerDuty's Events API (the engine binds the key there).
  const url = httpUrl(connection.url ?? PAGERDUTY_EVENTS);
  if (!url) problems.push(`connection: the connection's URL '${connection.url}' is not an http(s) URL`);
  if (problems.length) return problems;
  return { endpoint: `${url!.origin}/v2/enqueue`, key };
}
