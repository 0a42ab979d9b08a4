import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage, ResolvedConnection } from '@contracts';
import { ChannelError, NOTIFICATION_CHANNELS } from '@gateway/core/notifications';
import { OutboundRefused } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';

export const PAGERDUTY_EVENTS = 'https://events.pagerduty.com';
export const PAGERDUTY_SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
/** Events API v2 limits (https://developer.pagerduty.com/docs/events-api-v2/trigger-events/). */
const SUMMARY_CHARS = 1024;
const DEDUP_KEY_CHARS = 255;
const ANSWER_CHARS = 300;
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
 * - a `pagerduty` connection: password = integration key, url = the Events API's address
 *   (`https://events.pagerduty.com`; the key goes only there).
 * Property `severity`: critical, error (default), warning or info.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'pagerduty')
export class PagerDutyChannel implements NotificationChannel {
  readonly type = 'pagerduty';
  readonly label = 'PagerDuty';
  readonly schemes = ['pagerduty'] as const;
  readonly connectionTypes = ['pagerduty'] as const;

  validate(target: ChannelTarget): string[] {
    const route = pagerDutyRoute(target);
    const problems = Array.isArray(route) ? route : [];
    const severity = target.properties.severity;
    if (severity && !(PAGERDUTY_SEVERITIES as readonly string[]).includes(severity)) {
      problems.push(`properties.severity: '${severity}' is not one of ${PAGERDUTY_SEVERITIES.join(', ')}`);
    }
    return problems;
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const route = pagerDutyRoute(target);
    if (Array.isArray(route)) throw new ChannelError(route.join('; '), false);
    let res;
    try {
      res = await ctx.http(route.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(pagerDutyEvent(message, route.key, target.properties)),
      });
    } catch (error) {
      throw new ChannelError((error as Error).message.split(route.key).join('***'), !(error instanceof OutboundRefused));
    }
    const answer = parseJson(res.body) as { status?: string; message?: string; errors?: unknown[]; dedup_key?: string } | null;
    if (res.status >= 200 && res.status < 300) return { id: answer?.dedup_key ?? null };
    const errors = Array.isArray(answer?.errors) && answer.errors.length ? `: ${answer.errors.map(String).join('; ')}` : '';
    const text = answer?.message || answer?.status ? `${answer.message ?? answer.status}${errors}` : res.body.trim().slice(0, ANSWER_CHARS) || '(empty answer)';
    throw new ChannelError(`PagerDuty answered ${res.status}: ${text.split(route.key).join('***')}`, res.status === 429 || res.status >= 500);
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
  const scheme = params.get('scheme') ?? 'https';
  if (scheme !== 'https' && scheme !== 'http') problems.push(`url: scheme must be https or http, not '${scheme}'`);
  const key = decode(last ?? authority);
  const host = last !== undefined ? authority : null;
  if (!key) problems.push('url: the integration key is required (pagerduty://integration-key)');
  else if (!ROUTING_KEY.test(key))
    problems.push("url: the integration key must be the 32 characters of an Events API v2 integration; it is the URL's last part");
  if (host !== null && !/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) problems.push(`url: '${host}' is not a host[:port]`);
  if (problems.length) return problems;
  const base = host ? `${scheme}://${host}` : scheme === 'http' ? PAGERDUTY_EVENTS.replace('https:', 'http:') : PAGERDUTY_EVENTS;
  return { endpoint: `${base}/v2/enqueue`, key };
}

function fromConnection(connection: ResolvedConnection): PagerDutyRoute | string[] {
  const problems: string[] = [];
  const key = connection.password ?? '';
  if (!key) problems.push(`connection: '${connection.name}' has no integration key (its password)`);
  else if (!ROUTING_KEY.test(key))
    problems.push(`connection: the integration key of '${connection.name}' must be the 32 characters of an Events API v2 integration`);
  const url = parseHttpUrl(connection.url);
  if (connection.url && !url) problems.push(`connection: the connection's URL '${connection.url}' is not an http(s) URL`);
  // The key may only go to the connection's own address (credential binding), so the address is required.
  else if (!url) problems.push(`connection: '${connection.name}' has no URL: set it to ${PAGERDUTY_EVENTS}, where its key may be sent`);
  if (problems.length) return problems;
  return { endpoint: `${url!.origin}/v2/enqueue`, key };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function parseHttpUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
