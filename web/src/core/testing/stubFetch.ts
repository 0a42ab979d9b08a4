/** A stubbed `fetch` for page tests (tests only): calls recorded, answered by method and address. */
import { jsonResponse } from './jsonResponse';

export interface Call {
  /** Decoded path and query. */
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer with a status other than 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}
export const reply = (status: number, body?: unknown): Reply => new Reply(status, body);

export type Answer = unknown | ((call: Call) => unknown);

export interface StubFetchOptions {
  /** The `content-range` total of list answers (default: the list's length). */
  total?: number;
  /** What an address no route names answers (default: 404). */
  unmatched?: unknown;
}

/**
 * Whether a route (`'POST /api/playbooks'`, or an address alone for every method) names the call. An address with a
 * query is a prefix of the call's (`/api/db/config_items?id=eq.`); one without names a path, with any query (so
 * `POST /api/playbooks` is not `/api/playbooks/validate`).
 */
export function routeMatches(route: string, call: Pick<Call, 'url' | 'method'>): boolean {
  const named = /^(GET|POST|PUT|PATCH|DELETE|HEAD) (.*)$/.exec(route);
  const [method, address] = named ? [named[1], named[2]] : [null, route];
  if (method && method !== call.method) return false;
  if (address.includes('?')) return call.url.startsWith(address);
  return call.url === address || call.url.startsWith(`${address}?`);
}

/**
 * Stubs `fetch`: each call is recorded (decoded url, method, parsed body, headers) and answered by the first route
 * naming it (see routeMatches). An answer is a value, a `reply(status, body)`, or a function of the call giving
 * either (or a promise of either: the call stays in flight until it settles); lists come with a content-range.
 */
export function stubFetch(routes: [route: string, answer: Answer][], { total, unmatched = reply(404, { message: 'Not Found' }) }: StubFetchOptions = {}) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn((input: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => {
    const call: Call = {
      url: decodeURIComponent(String(input)),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(init.body) : undefined,
      headers: init.headers ?? {},
    };
    calls.push(call);
    const route = routes.find(([key]) => routeMatches(key, call));
    const answer = !route ? unmatched : typeof route[1] === 'function' ? (route[1] as (call: Call) => unknown)(call) : route[1];
    return Promise.resolve(answer).then((settled) => {
      if (settled instanceof Reply) return jsonResponse(settled.status, settled.body);
      const range: Record<string, string> = Array.isArray(settled) ? { 'content-range': `0-${settled.length - 1}/${total ?? settled.length}` } : {};
      return jsonResponse(200, settled, range);
    });
  }) as unknown as typeof fetch;
  const to = (route: string) => calls.filter((call) => routeMatches(route, call));
  return { calls, to, last: (route: string) => to(route).at(-1) };
}
