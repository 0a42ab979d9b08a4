/**
 * The single sign-on row of `npm run bench:auth` (test/bench/auth.mjs): the loopback provider (provider.mjs) with the
 * console as its client, the gateway's OIDC_* settings for it, and `token()`: a provider-signed JWT access token of a
 * person who signed in once through the real flow (so the JWT's subject is linked, as for any API client).
 *
 * `startProviderForBench({ base })` — base: the gateway's URL (default http://127.0.0.1:$BENCH_PORT or 18140).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const AUDIENCE = 'https://console.bench/api';
const ACCOUNT = { id: 'bench-sso', password: 'bench-provider-password' };

export async function startProviderForBench({ base = `http://127.0.0.1:${process.env.BENCH_PORT || 18140}` } = {}) {
  const config = {
    clients: [
      {
        client_id: 'console',
        client_secret: 'bench-client-secret',
        redirect_uris: [`${base}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    accounts: { [ACCOUNT.id]: { password: ACCOUNT.password, claims: { email: 'bench-sso@bench.test', email_verified: true, roles: ['admins'] } } },
    resources: { [AUDIENCE]: { scope: 'api' } },
  };
  const child = spawn(process.execPath, [fileURLToPath(new URL('./provider.mjs', import.meta.url))], {
    env: { PATH: process.env.PATH, OIDC_TEST_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line).issuer));
    child.once('exit', (code) => reject(new Error(`the loopback provider exited (${code})`)));
  });

  let signedIn;
  return {
    env: {
      PUBLIC_URL: base,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'bench-client-secret',
      OIDC_AUDIENCE: AUDIENCE,
      OIDC_ROLE_MAP: 'admins=admin',
    },
    async token() {
      signedIn ??= signInOnce(base, issuer);
      await signedIn;
      const now = Math.floor(Date.now() / 1000);
      const res = await fetch(`${issuer}/__test/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payload: { iss: issuer, sub: ACCOUNT.id, aud: AUDIENCE, iat: now, exp: now + 3600 } }),
      });
      return (await res.json()).token;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The browser's part of the authorization code flow: redirects with a cookie jar per origin, the provider's form. */
async function signInOnce(base, issuer) {
  const jars = new Map();
  const cookieFor = (url) => [...(jars.get(url.origin) ?? new Map())].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (url, res) => {
    const jar = jars.get(url.origin) ?? new Map();
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    jars.set(url.origin, jar);
  };
  let url = new URL('/api/auth/oidc/login?return_to=/', base);
  let form;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers: { cookie: cookieFor(url), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
      redirect: 'manual',
    });
    keep(url, res);
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location'), url);
      if (url.origin === new URL(base).origin && !url.pathname.startsWith('/api/')) {
        if (url.pathname === '/login') throw new Error(`single sign-on failed: ${url.search}`);
        return;
      }
      continue;
    }
    const action = url.origin === issuer && /<form method="post" action="([^"]+)"/.exec(await res.text())?.[1];
    if (!action) throw new Error(`single sign-on stopped at ${url.href} (${res.status})`);
    url = new URL(action, url);
    form = new URLSearchParams({ login: ACCOUNT.id, password: ACCOUNT.password }).toString();
  }
  throw new Error('single sign-on: too many redirects');
}
