import type { Server } from 'node:http';
import request from 'supertest';

export interface Step {
  url: string;
  status: number;
}

export interface BrowseResult {
  /** Where the redirects ended: a console page, a foreign callback, or a provider page that wanted input. */
  url: URL;
  status: number;
  body: string;
  steps: Step[];
}

/**
 * A browser for the single sign-on tests: follows redirects between the console (served in-process by supertest at
 * `consoleOrigin`, PUBLIC_URL) and the loopback provider, keeps each side's cookies (the console's in a supertest
 * agent, the provider's in a jar), and fills the provider's sign-in form as a person would.
 */
export class SsoBrowser {
  readonly agent: request.Agent;
  private readonly providerCookies = new Map<string, string>();
  private readonly consoleCookies = new Map<string, string>();

  constructor(
    server: Server,
    private readonly consoleOrigin: string,
    private readonly providerOrigin: string,
  ) {
    this.agent = request.agent(server);
  }

  /** The last value the console set for a cookie (the CSRF token for writes). */
  consoleCookie(name: string): string | undefined {
    return this.consoleCookies.get(name);
  }

  /**
   * Opens `url` and follows redirects; on the provider's sign-in form, submits `login` (when given). `intercept` sees
   * each console URL before it is requested and may replace it (a tampered callback).
   */
  async open(
    url: string,
    { login, intercept }: { login?: { login: string; password: string }; intercept?: (url: URL) => Promise<URL | void> | URL | void } = {},
  ): Promise<BrowseResult> {
    let current = new URL(url, this.consoleOrigin);
    const steps: Step[] = [];
    let submitted = false;
    for (let hop = 0; hop < 20; hop++) {
      if (current.origin === this.consoleOrigin) {
        current = (await intercept?.(current)) ?? current;
        const res = await this.agent.get(`${current.pathname}${current.search}`);
        for (const cookie of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
          const pair = cookie.split(';')[0];
          this.consoleCookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        steps.push({ url: current.href, status: res.status });
        if (res.status >= 300 && res.status < 400 && current.pathname.startsWith('/api/')) {
          current = new URL(res.headers.location as string, current);
          continue;
        }
        return { url: current, status: res.status, body: res.text ?? '', steps };
      }
      if (current.origin !== this.providerOrigin) return { url: current, status: 0, body: '', steps };
      let res = await this.providerRequest(current, 'GET');
      steps.push({ url: current.href, status: res.status });
      const body = res.status === 200 ? await res.text() : '';
      if (res.status === 200 && login && !submitted && /<form method="post" action="([^"]+)"/.test(body)) {
        submitted = true;
        const action = new URL(
          body.match(/<form method="post" action="([^"]+)"/)![1].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
          current,
        );
        res = await this.providerRequest(action, 'POST', new URLSearchParams(login).toString());
        steps.push({ url: action.href, status: res.status });
      }
      if (res.status >= 300 && res.status < 400) {
        current = new URL(res.headers.get('location')!, current);
        continue;
      }
      return { url: current, status: res.status, body: body || (await res.text()), steps };
    }
    throw new Error(`Too many redirects: ${steps.map((s) => s.url).join(' → ')}`);
  }

  private async providerRequest(url: URL, method: 'GET' | 'POST', form?: string): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.providerCookies.size) headers.cookie = [...this.providerCookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method, headers, body: form, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (gone || !value) this.providerCookies.delete(name);
      else this.providerCookies.set(name, value);
    }
    return res;
  }
}
