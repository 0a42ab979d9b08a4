import { TestApp } from '../../../support/test-app';
import { SsoBrowser } from '../../../support/oidc-provider/browser';
import { startOidcProvider, type LoopbackProvider, type ProviderAccount } from '../../../support/oidc-provider/oidc-provider';

export const CONSOLE_ORIGIN = 'http://console.test';
export const API_RESOURCE = 'https://console.test/api';
export const OTHER_RESOURCE = 'https://other.test/api';
export const CLI_CALLBACK = 'http://cli.test/callback';
export const PROVIDER_PASSWORD = 'provider-password';

export interface SsoFixture {
  t: TestApp;
  provider: LoopbackProvider;
  /** A fresh browser (no cookies on either side). */
  browser(): SsoBrowser;
  /** Adds an account at the provider whose password is PROVIDER_PASSWORD. */
  account(id: string, claims: Record<string, unknown>): Promise<void>;
  /** Signs `id` in through /api/auth/oidc/login in a fresh browser; returns the browser and where it ended. */
  signIn(id: string, returnTo?: string): Promise<{ browser: SsoBrowser; end: URL }>;
}

/**
 * The loopback provider (console, cli and robot clients; JWT access tokens for API_RESOURCE and OTHER_RESOURCE) and
 * the whole gateway configured for it: roles from `roles` (admins → admin, editors → editor, else viewer),
 * organisations from `orgs`, Bearer audience API_RESOURCE.
 */
export async function startSso(extraEnv: Record<string, string> = {}): Promise<SsoFixture> {
  const provider = await startOidcProvider({
    clients: [
      {
        client_id: 'console',
        client_secret: 'console-secret',
        redirect_uris: [`${CONSOLE_ORIGIN}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      { client_id: 'cli', token_endpoint_auth_method: 'none', redirect_uris: [CLI_CALLBACK], grant_types: ['authorization_code'], response_types: ['code'] },
      { client_id: 'robot', client_secret: 'robot-secret', redirect_uris: [], grant_types: ['client_credentials'], response_types: [] },
    ],
    accounts: {},
    resources: { [API_RESOURCE]: { scope: 'api' }, [OTHER_RESOURCE]: { scope: 'api' } },
  });
  const t = await TestApp.start({
    PUBLIC_URL: CONSOLE_ORIGIN,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'console',
    OIDC_CLIENT_SECRET: 'console-secret',
    OIDC_LABEL: 'Loopback',
    OIDC_ROLES_CLAIM: 'roles',
    OIDC_ROLE_MAP: 'admins=admin,editors=editor',
    OIDC_DEFAULT_ROLE: 'viewer',
    OIDC_AUDIENCE: API_RESOURCE,
    OIDC_ORG_CLAIM: 'orgs',
    ...extraEnv,
  });
  const fixture: SsoFixture = {
    t,
    provider,
    browser: () => new SsoBrowser(t.server, CONSOLE_ORIGIN, provider.issuer),
    account: (id, claims) => provider.setAccount(id, { password: PROVIDER_PASSWORD, claims } satisfies ProviderAccount),
    async signIn(id, returnTo = '/incidents') {
      const browser = fixture.browser();
      const result = await browser.open(`/api/auth/oidc/login?return_to=${encodeURIComponent(returnTo)}`, {
        login: { login: id, password: PROVIDER_PASSWORD },
      });
      return { browser, end: result.url };
    },
  };
  return fixture;
}

export async function stopSso(fixture: SsoFixture | undefined): Promise<void> {
  await fixture?.t.stop();
  await fixture?.provider.stop();
}
