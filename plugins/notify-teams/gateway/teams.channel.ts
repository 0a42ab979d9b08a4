import { Injectable } from '@nestjs/common';
import type { ChannelContext, ChannelReceipt, ChannelTarget, NotificationChannel, NotificationMessage } from '@contracts';
import {
  ANSWER_CHARS,
  ChannelError,
  NOTIFICATION_CHANNELS,
  answerError,
  answeredOk,
  channelCall,
  cut,
  httpUrl,
  parseJson,
  retryableStatus,
  routeOrRefuse,
  routeProblems,
} from '@gateway/core/notifications';
import { Extension } from '@gateway/core/plugin-host/extension-point';

/** Teams refuses cards over 28 KB; the body is cut well before. */
const BODY_CHARS = 20_000;

/**
 * Microsoft Teams (spec 03, "Others" recipients): an Adaptive Card posted to an incoming webhook (a channel's
 * connector, `https://….webhook.office.com/webhookb2/…`) or a Workflows webhook (`https://….logic.azure.com/workflows/…`).
 * - `teams://host/path?query` is that URL with `https://` written as `teams://`; `?scheme=http` (dropped from what is
 *   sent) for a plain-http address such as a test peer. The rest of the query (a workflow's `sig`) is kept.
 * - a `teams` connection: its url is the webhook URL.
 * Answers: 2xx is delivered (`1` from a connector, 202 from a workflow); anything else is the error, with the
 * peer's text. A connector's throttling sometimes comes as a 200 whose text says `returned HTTP error 429`.
 */
@Injectable()
@Extension(NOTIFICATION_CHANNELS, 'teams')
export class TeamsChannel implements NotificationChannel {
  readonly type = 'teams';
  readonly label = 'Microsoft Teams';
  readonly schemes = ['teams'] as const;
  readonly connectionTypes = ['teams'] as const;

  validate(target: ChannelTarget): string[] {
    return routeProblems(teamsEndpoint(target));
  }

  async send(message: NotificationMessage, target: ChannelTarget, ctx: ChannelContext): Promise<ChannelReceipt> {
    const endpoint = routeOrRefuse(teamsEndpoint(target));
    const request = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(teamsCard(message)) };
    const res = await channelCall(ctx, endpoint, request, 'Teams');
    const text = res.body.trim();
    if (answeredOk(res)) {
      const throttled = /returned HTTP error (\d{3})/i.exec(text);
      if (throttled) throw new ChannelError(`Teams: ${cut(text, ANSWER_CHARS)}`, retryableStatus(Number(throttled[1])));
      return { id: res.headers['x-ms-workflow-run-id'] ?? null };
    }
    throw answerError('Teams', res, { said: peerText(text) });
  }
}

/** The message Teams takes: one Adaptive Card (1.4) with the title, the body and a link back to the console. */
export function teamsCard(message: NotificationMessage): object {
  const body = markdownForTextBlock(message.body).trim();
  const blocks: object[] = [{ type: 'TextBlock', text: message.title.trim() || message.event, weight: 'Bolder', size: 'Large', wrap: true }];
  if (body) blocks.push({ type: 'TextBlock', text: cut(body, BODY_CHARS), wrap: true });
  const actions = message.url && /^https?:\/\//i.test(message.url) ? [{ type: 'Action.OpenUrl', title: 'Open in console', url: message.url }] : [];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: blocks,
          actions,
          msteams: { width: 'Full' },
        },
      },
    ],
  };
}

/**
 * A TextBlock renders a subset of Markdown (bold, italics, lists, links): headings become bold lines, and line
 * breaks are doubled where Teams would join lines.
 */
export function markdownForTextBlock(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/gm, (_, heading: string) => `**${heading.replace(/\*\*/g, '')}**`)
    .replace(/\n(?!\n)/g, '\n\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** The webhook URL of a target, or its problems. */
export function teamsEndpoint(target: ChannelTarget): string | string[] {
  if (target.url) {
    const match = /^teams:\/\/([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?$/i.exec(target.url.trim());
    if (!match) return ['url: not a teams:// URL (the webhook URL with https:// written as teams://)'];
    const [, host, path = '', query = ''] = match;
    const params = new URLSearchParams(query);
    const scheme = params.get('scheme') ?? 'https';
    params.delete('scheme');
    const problems: string[] = [];
    if (scheme !== 'https' && scheme !== 'http') problems.push(`url: scheme must be https or http, not '${scheme}'`);
    if (host.includes('@')) problems.push('url: a Teams webhook URL has no user or password');
    if (path.replace(/\//g, '') === '') problems.push("url: the webhook's path is missing (teams://host/webhookb2/… or teams://host/workflows/…)");
    if (problems.length) return problems;
    const rest = params.toString();
    const url = httpUrl(`${scheme}://${host}${path}${rest ? `?${rest}` : ''}`);
    return url ? url.href : [`url: '${host}' is not a host`];
  }
  if (target.connection) {
    const url = httpUrl(target.connection.url);
    if (!target.connection.url) return [`connection: '${target.connection.name}' has no URL (the Teams webhook URL)`];
    if (!url) return [`connection: the connection's URL '${target.connection.url}' is not an http(s) URL`];
    return url.href;
  }
  return ['url: required (teams://host/path, the webhook URL with https:// written as teams://), or a teams connection'];
}

/** `{error: {code, message}}` (a workflow) or the text (a connector). */
function peerText(text: string): string {
  const error = (parseJson(text) as { error?: { code?: string; message?: string } } | null)?.error;
  if (error?.message) return cut(error.code ? `${error.code}: ${error.message}` : error.message, ANSWER_CHARS);
  return text ? cut(text, ANSWER_CHARS) : '(empty answer)';
}
