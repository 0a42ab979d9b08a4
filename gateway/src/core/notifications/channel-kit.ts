import type { ChannelContext, ChannelHttpRequest, ChannelHttpResponse, ResolvedConnection } from '@contracts';
import { OutboundRefused } from '../outbound/address-policy';
import { ChannelError } from './channels';

/**
 * What every channel plugin (`plugins/notify-<channel>`) shares: the call through the channel context with its
 * failures as ChannelErrors, the error of a non-2xx answer (with the peer's Retry-After), the default address of a
 * connection without a URL, and the small parsing helpers of channel URLs. Plugins may not import each other: this is
 * where their common code lives.
 */

/** What of a peer's answer goes into an error (and the send history). */
export const ANSWER_CHARS = 300;

/** `host` or `host:port` (an IPv6 address in brackets): what a channel URL's host override may be. */
export const HOST_PORT = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * One call through the channel context (address policy, credential binding, deadline, size cap). What kept it from
 * being answered becomes a ChannelError: a refusal of the address policy or the credential binding is final (asking
 * again cannot help), except a name that did not resolve (it may later); no answer at all is retried. `secrets` (a
 * token in the URL's path) are masked in the message.
 */
export async function channelCall(
  ctx: Pick<ChannelContext, 'http'>,
  url: string | URL,
  request: ChannelHttpRequest,
  who: string,
  secrets: readonly string[] = [],
): Promise<ChannelHttpResponse> {
  try {
    return await ctx.http(url, request);
  } catch (error) {
    if (error instanceof OutboundRefused) throw refusalError(error, secrets);
    throw new ChannelError(scrub(`could not reach ${who} at ${hostOf(url)}: ${(error as Error)?.message || String(error)}`, secrets));
  }
}

/**
 * The guard's refusal (`ctx.guard.check`, or inside `ctx.http`) as a ChannelError: the address policy or the credential
 * binding said no, which asking again cannot change, except a name that did not resolve (it may later). Anything else
 * that was thrown is retried.
 */
export function refusalError(error: unknown, secrets: readonly string[] = []): ChannelError {
  const text = scrub((error as Error)?.message || String(error), secrets);
  return new ChannelError(text, !(error instanceof OutboundRefused) || /could not be resolved/.test(text));
}

/** 2xx. */
export const answeredOk = (res: Pick<ChannelHttpResponse, 'status'>) => res.status >= 200 && res.status < 300;

/** Answers worth trying again: 408, 429 and 5xx (the rest say the request itself is wrong). */
export const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * A non-2xx answer as `<who> answered HTTP <status>: <said>`, where `said` is the service's own error when the channel
 * read one, else the first 300 characters of the body. Retried on 408, 429 and 5xx, not sooner than the answer's
 * Retry-After (or `retryAfterMs`, when the service says it in its body).
 */
export function answerError(
  who: string,
  res: ChannelHttpResponse,
  options: { said?: string | null; secrets?: readonly string[]; retryAfterMs?: number } = {},
): ChannelError {
  const said = (options.said ?? res.body).trim().slice(0, ANSWER_CHARS);
  const location = res.headers.location;
  const redirect = res.status >= 300 && res.status < 400 && location ? ` (a redirect to ${location}, not followed)` : '';
  const retryable = retryableStatus(res.status);
  return new ChannelError(
    scrub(`${who} answered HTTP ${res.status}${redirect}${said ? `: ${said}` : ''}`, options.secrets ?? []),
    retryable,
    retryable ? (options.retryAfterMs ?? retryAfterMs(res.headers['retry-after'])) : undefined,
  );
}

/**
 * Milliseconds until a peer takes requests again: a Retry-After header (delay-seconds or an HTTP date, RFC 9110
 * §10.2.3) or a number of seconds from a body (Discord's and Telegram's `retry_after`); undefined when it says nothing
 * usable.
 */
export function retryAfterMs(value: string | number | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.ceil(value * 1000) : undefined;
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The connection a channel is handed: one without a URL gets the channel's documented address (`defaultUrl`), which
 * is also where the context binds its secrets. A connection's own url wins.
 */
export function withDefaultUrl(connection: ResolvedConnection, defaultUrl: string | null | undefined): ResolvedConnection;
export function withDefaultUrl(connection: ResolvedConnection | null, defaultUrl: string | null | undefined): ResolvedConnection | null;
export function withDefaultUrl(connection: ResolvedConnection | null, defaultUrl: string | null | undefined): ResolvedConnection | null {
  if (!connection || connection.url?.trim() || !defaultUrl) return connection;
  return { ...connection, url: defaultUrl };
}

/**
 * The address a channel URL's `?scheme=`/`?host=` (or its own host part) names instead of the service's, how tests and
 * proxies point a channel elsewhere: `scheme://host`, the service's host when none is given. Problems are added to
 * `problems` as `<field>: …`.
 */
export function overrideBase(defaultUrl: string, scheme: string | null, host: string | null, problems: string[], field = 'url'): string {
  const s = (scheme ?? 'https').toLowerCase();
  if (s !== 'https' && s !== 'http') problems.push(`${field}: scheme must be https or http, not '${scheme}'`);
  if (host !== null && !HOST_PORT.test(host)) problems.push(`${field}: host '${host}' is not a host[:port]`);
  return `${s}://${host ?? new URL(defaultUrl).host}`;
}

/** A route the channel worked out, or the target's problems, which at send time are final (nothing was sent). */
export function routeOrRefuse<T>(route: T | string[]): T {
  if (Array.isArray(route)) throw new ChannelError(route.join('; '), false);
  return route;
}

/** The problems of a route function's answer (none when it is a route). */
export const routeProblems = (route: unknown): string[] => (Array.isArray(route) ? (route as string[]) : []);

/** `properties.<name>: '<value>' is not one of a, b` when the recipient sets the property to something else. */
export function propertyNotOneOf(properties: Record<string, string>, name: string, allowed: readonly string[]): string[] {
  const value = properties[name];
  return value && !allowed.includes(value) ? [`properties.${name}: '${value}' is not one of ${allowed.join(', ')}`] : [];
}

/** A channel's `validate()` over a resolver that throws its problem. */
export function problemsOf(resolve: () => unknown): string[] {
  try {
    resolve();
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** An http(s) URL, or null (nothing, not a URL, another scheme). */
export function httpUrl(raw: string | null | undefined): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** JSON, or null when the text is not. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** decodeURIComponent that leaves a malformed escape as it is. */
export function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** At most `max` characters, an ellipsis ending what was cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** `text` with each secret (of 4 characters or more) masked as `***`. */
export function scrub(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => (secret && secret.length >= 4 ? out.split(secret).join('***') : out), text);
}

function hostOf(url: string | URL): string {
  try {
    return new URL(String(url)).host;
  } catch {
    return String(url);
  }
}
