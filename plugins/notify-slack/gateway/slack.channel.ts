import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage, ResolvedConnection } from '@contracts';
import {
  ANSWER_CHARS,
  ChannelError,
  NOTIFICATION_CHANNELS,
  answerError,
  answeredOk,
  channelCall,
  cut,
  decode,
  httpUrl,
  overrideBase,
  parseJson,
  retryAfterMs,
  routeOrRefuse,
  routeProblems,
} from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { markdownToMrkdwn } from './slack-mrkdwn';

export const SLACK_API = 'https://slack.com';
export const SLACK_HOOKS = 'https://hooks.slack.com';

/** Slack's limits (https://api.slack.com/reference/block-kit/blocks): header text, section text. */
const HEADER_CHARS = 150;
const SECTION_CHARS = 3000;

/** `error` codes of chat.postMessage that are worth trying again (the rest say the request itself is wrong). */
const RETRYABLE_ERRORS = new Set(['ratelimited', 'rate_limited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);
const URL_PARAMS = ['host', 'scheme'];

/** Where a message goes: the Web API with a bot token, or an incoming webhook. */
export type SlackRoute = { kind: 'api'; endpoint: string; token: string; channel: string } | { kind: 'webhook'; endpoint: string };

/**
 * Slack (spec 03, "Others" recipients):
 * - `slack://xoxb-token@channel` → `chat.postMessage` (`Authorization: Bearer <token>`, JSON `{channel, text, blocks}`);
 * - `slack://hooks/T…/B…/X…` → the incoming webhook `https://hooks.slack.com/services/T…/B…/X…`;
 * - a `slack` connection: password = bot token, `properties.channel` (or username, or the recipient's `channel`
 *   property) = channel; its url, when set, replaces the API's address (`https://slack.com`, the default; the token
 *   goes only to the one it is sent to). A connection whose url is a webhook (`…/services/T…/B…/X…`) and has no
 *   token posts to that webhook.
 * `?host=127.0.0.1:PORT&scheme=http` on a URL sends to another address than Slack's (a test peer, a proxy).
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'slack')
export class SlackChannel implements NotificationChannel {
  readonly type = 'slack';
  readonly label = 'Slack';
  readonly schemes = ['slack'] as const;
  readonly connectionTypes = ['slack'] as const;
  readonly defaultUrl = SLACK_API;

  validate(target: ChannelTarget): string[] {
    return routeProblems(slackRoute(target));
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const route = routeOrRefuse(slackRoute(target));
    const content = slackContent(message);
    if (route.kind === 'webhook') {
      const secrets = [route.endpoint.split('/').pop()!];
      const request = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(content) };
      const res = await channelCall(ctx, route.endpoint, request, 'Slack', secrets);
      if (answeredOk(res)) return { id: null };
      throw answerError('Slack webhook', res, { secrets });
    }
    const secrets = [route.token];
    const res = await channelCall(
      ctx,
      route.endpoint,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${route.token}` },
        body: JSON.stringify({ channel: route.channel, ...content, unfurl_links: false }),
      },
      'Slack',
      secrets,
    );
    const answer = parseJson(res.body) as { ok?: boolean; error?: string; ts?: string } | null;
    const after = res.headers['retry-after'];
    if (res.status === 429) {
      throw new ChannelError(`Slack chat.postMessage: ratelimited${after ? ` (retry after ${after} s)` : ''}`, true, retryAfterMs(after));
    }
    if (!answeredOk(res)) throw answerError('Slack chat.postMessage', res, { said: answer?.error, secrets });
    if (!answer || typeof answer.ok !== 'boolean')
      throw new ChannelError(`Slack chat.postMessage answered unreadably: ${cut(res.body.trim(), ANSWER_CHARS)}`, true);
    if (!answer.ok) {
      const code = answer.error ?? 'unknown_error';
      throw new ChannelError(`Slack chat.postMessage: ${code}`, RETRYABLE_ERRORS.has(code), RETRYABLE_ERRORS.has(code) ? retryAfterMs(after) : undefined);
    }
    return { id: answer.ts ?? null };
  }
}

/** `text` (the notification's fallback) and the blocks: the title as a header, the body as mrkdwn, a link back. */
export function slackContent(message: NotificationMessage): { text: string; blocks: object[] } {
  const title = message.title.trim() || message.event;
  const body = markdownToMrkdwn(message.body).trim();
  const blocks: object[] = [{ type: 'header', text: { type: 'plain_text', text: cut(title, HEADER_CHARS), emoji: true } }];
  if (body) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(body, SECTION_CHARS) } });
  if (message.url && /^https?:\/\//i.test(message.url)) {
    blocks.push({ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in console' }, url: message.url }] });
  }
  return { text: cut(title, SECTION_CHARS), blocks };
}

/** The route of a target, or its problems (`url: …`, `connection: …`). */
export function slackRoute(target: ChannelTarget): SlackRoute | string[] {
  if (target.url) return fromUrl(target.url);
  if (target.connection) return fromConnection(target.connection, target.properties);
  return ['url: required (slack://xoxb-token@channel or slack://hooks/T…/B…/X…), or a slack connection'];
}

function fromUrl(raw: string): SlackRoute | string[] {
  const match = /^slack:\/\/([^/?]*)(\/[^?]*)?(?:\?(.*))?$/i.exec(raw.trim());
  if (!match) return ['url: not a slack:// URL (slack://xoxb-token@channel or slack://hooks/T…/B…/X…)'];
  const [, authority, path = '', query = ''] = match;
  const params = new URLSearchParams(query);
  const problems: string[] = [];
  for (const key of params.keys()) if (!URL_PARAMS.includes(key)) problems.push(`url: unknown parameter '${key}' (known: ${URL_PARAMS.join(', ')})`);
  const hook = authority.toLowerCase() === 'hooks';
  const base = overrideBase(hook ? SLACK_HOOKS : SLACK_API, params.get('scheme'), params.get('host'), problems);

  if (hook) {
    const parts = path.split('/').filter(Boolean);
    if (parts.length !== 3 || !/^T[A-Z0-9]+$/.test(parts[0]) || !/^B[A-Z0-9]+$/.test(parts[1]) || !/^[A-Za-z0-9]+$/.test(parts[2])) {
      problems.push("url: a webhook is slack://hooks/T…/B…/X… (the three parts of the webhook's https://hooks.slack.com/services/ URL)");
    }
    if (problems.length) return problems;
    return { kind: 'webhook', endpoint: `${base}/services/${parts.join('/')}` };
  }

  const at = authority.lastIndexOf('@');
  const userinfo = at < 0 ? '' : authority.slice(0, at);
  const channel = decode(at < 0 ? authority : authority.slice(at + 1));
  // Shoutrrr writes the token's first dash as a colon (slack://xoxb:1234-…@channel).
  const token = decode(userinfo).replace(/^(xox[a-z]):/, '$1-');
  if (!token) problems.push('url: a bot token is required (slack://xoxb-token@channel)');
  else if (!/^xox[a-z]-[A-Za-z0-9-]+$/.test(token)) problems.push('url: the token must be a Slack token (xoxb-…)');
  problems.push(...channelProblems(channel, 'url'));
  if (problems.length) return problems;
  return { kind: 'api', endpoint: `${base}/api/chat.postMessage`, token, channel };
}

function fromConnection(connection: ResolvedConnection, properties: Record<string, string>): SlackRoute | string[] {
  // Without a url: Slack's API (the engine binds the token there).
  const url = httpUrl(connection.url ?? SLACK_API);
  if (!url) return [`connection: the connection's URL '${connection.url}' is not an http(s) URL`];
  if (!connection.password && /^\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]+\/?$/.test(url.pathname)) {
    return { kind: 'webhook', endpoint: url.href };
  }
  const problems: string[] = [];
  if (!connection.password) problems.push(`connection: '${connection.name}' has no bot token (its password)`);
  const channel = properties.channel || connection.properties?.channel || connection.username || '';
  if (!channel) problems.push(`connection: '${connection.name}' names no channel (its channel, or the recipient's channel property)`);
  else problems.push(...channelProblems(channel, 'connection'));
  if (problems.length) return problems;
  return { kind: 'api', endpoint: `${url.origin}/api/chat.postMessage`, token: connection.password!, channel };
}

function channelProblems(channel: string, field: string): string[] {
  if (!channel) return [`${field}: a channel is required (slack://xoxb-token@channel)`];
  if (!/^[#@]?[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/.test(channel)) return [`${field}: '${channel}' is not a Slack channel name or id`];
  return [];
}
