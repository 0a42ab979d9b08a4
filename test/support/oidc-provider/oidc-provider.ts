import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';

export interface ProviderAccount {
  password: string;
  /** Claims besides `sub`: email, email_verified, name, roles, orgs… */
  claims: Record<string, unknown>;
}

export interface LoopbackProviderConfig {
  /** Static clients (oidc-provider client metadata). */
  clients: Record<string, unknown>[];
  accounts: Record<string, ProviderAccount>;
  /** Resource indicators the provider issues JWT access tokens for. */
  resources: Record<string, { scope?: string }>;
}

export interface LoopbackProvider {
  issuer: string;
  /** Adds or changes an account (password, claims) while the provider runs. */
  setAccount(id: string, account: ProviderAccount): Promise<void>;
  /** A JWT signed with the provider's own key (RS256 or ES256): for expired, foreign-audience or hand-made tokens. */
  sign(payload: Record<string, unknown>, alg?: 'RS256' | 'ES256'): Promise<string>;
  /** An access token from the token endpoint (client_credentials) for a resource indicator. */
  clientCredentials(clientId: string, clientSecret: string, resource: string, scope?: string): Promise<string>;
  stop(): Promise<void>;
}

const SCRIPT = path.join(__dirname, 'provider.mjs');

/** Starts the loopback OpenID provider (provider.mjs) as a child process and waits for its issuer. */
export async function startOidcProvider(config: LoopbackProviderConfig): Promise<LoopbackProvider> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', OIDC_TEST_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`The loopback OpenID provider exited (${code}): ${stderr}`)));
  });

  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${issuer}${route}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res;
  };

  return {
    issuer,
    async setAccount(id, account) {
      await call('PUT', `/__test/accounts/${encodeURIComponent(id)}`, account);
    },
    async sign(payload, alg = 'RS256') {
      return ((await (await call('POST', '/__test/sign', { payload, alg })).json()) as { token: string }).token;
    },
    async clientCredentials(clientId, clientSecret, resource, scope = 'api') {
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }).toString(),
      });
      const json = (await res.json()) as { access_token?: string; error?: string; error_description?: string };
      if (!json.access_token) throw new Error(`client_credentials: ${json.error}: ${json.error_description}`);
      return json.access_token;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
