import { AUTH_ERROR } from '@contracts';
import { SSO_ERROR } from '../../../../gateway/src/core/auth/oidc/sso-errors';
import { CONSOLE_ORIGIN, PROVIDER_PASSWORD, startSso, stopSso, type SsoFixture } from './sso-setup';

const login = (id: string) => ({ login: { login: id, password: PROVIDER_PASSWORD } });

describe('single sign-on: authorization code + PKCE against a real OpenID provider', () => {
  let f: SsoFixture;
  beforeAll(async () => {
    f = await startSso();
    await f.t.createPerson(['admin']); // a local admin, so no sign-in below holds the last admin
  });
  afterAll(() => stopSso(f));

  const rolesOf = async (email: string) =>
    (await f.t.pool.query(`select r.role from person_roles r join people p on p.id = r.person_id where p.email = $1 order by r.role`, [email])).rows.map(
      (r) => r.role as string,
    );

  it('tells the login page that single sign-on is on, with its label and hosted mode', async () => {
    const res = await f.t.http().get('/api/auth/oidc/config').expect(200);
    expect(res.body).toEqual({ enabled: true, label: 'Loopback', hosted: true });
  });

  it('sends the browser to the provider with PKCE S256, state and nonce, remembering the flow in an HttpOnly cookie', async () => {
    const res = await f.t.http().get('/api/auth/oidc/login?return_to=/health').expect(302);
    const to = new URL(res.headers.location);
    expect(to.origin).toBe(f.provider.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${CONSOLE_ORIGIN}/api/auth/oidc/callback`);
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('console_oidc_flow='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc/);
    // The verifier never leaves the server.
    const { rows } = await f.t.pool.query(`select code_verifier from oidc_login_flows where state = $1`, [to.searchParams.get('state')]);
    expect(res.headers.location).not.toContain(rows[0].code_verifier);
  });

  it('signs a person in through the provider: session with method oidc, whoami with the mapped role, back at return_to', async () => {
    await f.account('alice', { email: 'alice@corp.test', email_verified: true, name: 'Alice Liddell', roles: ['admins'] });
    const { browser, end } = await f.signIn('alice', '/incidents?status=open');
    expect(end.href).toBe(`${CONSOLE_ORIGIN}/incidents?status=open`);
    const me = await browser.agent.get('/api/auth/whoami').expect(200);
    expect(me.body.user).toMatchObject({ email: 'alice@corp.test', name: 'Alice Liddell' });
    expect(me.body.roles).toEqual(['admin']);
    const { rows } = await f.t.pool.query(`select method, aal from sessions where person_id = $1 and revoked_at is null`, [me.body.user.id]);
    expect(rows).toEqual([{ method: 'oidc', aal: 'aal1' }]);
    const identities = await f.t.pool.query(`select provider, subject from person_identities where person_id = $1`, [me.body.user.id]);
    expect(identities.rows).toEqual([{ provider: f.provider.issuer, subject: 'alice' }]);
  });

  it("signing in again in the same browser ends the browser's previous session", async () => {
    await f.account('ivan', { email: 'ivan@corp.test', email_verified: true });
    const { browser } = await f.signIn('ivan');
    const first = await browser.agent.get('/api/auth/whoami').expect(200);
    // The provider remembers ivan: no form this time.
    const again = await browser.open('/api/auth/oidc/login?return_to=/health');
    expect(again.url.pathname).toBe('/health');
    const { rows } = await f.t.pool.query(`select revoked_at is not null as revoked from sessions where person_id = $1 order by created_at`, [
      first.body.user.id,
    ]);
    expect(rows).toEqual([{ revoked: true }, { revoked: false }]);
    await browser.agent.get('/api/auth/whoami').expect(200);
  });

  it('creates a person just in time with the default role when the claim maps to none', async () => {
    await f.account('bob', { email: 'bob@corp.test', email_verified: true, given_name: 'Bob', family_name: 'Builder', roles: ['staff'] });
    const { browser } = await f.signIn('bob');
    const me = await browser.agent.get('/api/auth/whoami').expect(200);
    expect(me.body.user).toMatchObject({ email: 'bob@corp.test', name: 'Bob Builder' });
    expect(me.body.roles).toEqual(['viewer']);
  });

  it("re-syncs the provider's roles at every sign-in; roles given in the console stay", async () => {
    await f.account('greg', { email: 'greg@corp.test', email_verified: true, roles: ['editors'] });
    await f.signIn('greg');
    expect(await rolesOf('greg@corp.test')).toEqual(['editor']);
    await f.t.pool.query(`insert into person_roles (person_id, role) select id, 'responder' from people where email = 'greg@corp.test'`);
    await f.account('greg', { email: 'greg@corp.test', email_verified: true, roles: ['admins'] });
    await f.signIn('greg');
    expect(await rolesOf('greg@corp.test')).toEqual(['admin', 'responder']);
    await f.account('greg', { email: 'greg@corp.test', email_verified: true, roles: [] });
    const { browser } = await f.signIn('greg');
    expect(await rolesOf('greg@corp.test')).toEqual(['responder', 'viewer']);
    const me = await browser.agent.get('/api/auth/whoami').expect(200);
    expect(me.body.permissions.connections.write).toBe(false);
  });

  it('links an existing active person by an email the provider says is verified', async () => {
    const local = await f.t.createPerson(['editor'], 'carol@corp.test');
    await f.account('carol', { email: 'Carol@corp.test', email_verified: true });
    const { browser } = await f.signIn('carol');
    const me = await browser.agent.get('/api/auth/whoami').expect(200);
    expect(me.body.user.id).toBe(local.id);
    expect(me.body.roles).toContain('editor');
  });

  it('refuses to take over an existing account by an email the provider has not verified', async () => {
    await f.t.createPerson(['editor'], 'dave@corp.test');
    await f.account('dave', { email: 'dave@corp.test', email_verified: false });
    const { browser, end } = await f.signIn('dave');
    expect(end.pathname).toBe('/login');
    expect(end.searchParams.get('sso_error')).toBe(SSO_ERROR.unverifiedEmail);
    await browser.agent.get('/api/auth/whoami').expect(401);
    expect((await f.t.pool.query(`select 1 from person_identities where subject = 'dave'`)).rowCount).toBe(0);
  });

  it('refuses a deactivated person', async () => {
    await f.account('erin', { email: 'erin@corp.test', email_verified: true });
    await f.signIn('erin');
    await f.t.pool.query(`update people set state = 'inactive' where email = 'erin@corp.test'`);
    const { browser, end } = await f.signIn('erin', '/health');
    expect(end.pathname).toBe('/login');
    expect(end.searchParams.get('sso_error')).toBe(SSO_ERROR.deactivated);
    expect(end.searchParams.get('return_to')).toBe('/health');
    await browser.agent.get('/api/auth/whoami').expect(401);
  });

  it('holds the session of an account with its own second factor to the second-factor step', async () => {
    await f.account('fay', { email: 'fay@corp.test', email_verified: true });
    await f.signIn('fay');
    await f.t.pool.query(`update people set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where email = 'fay@corp.test'`);
    const { browser, end } = await f.signIn('fay', '/health');
    expect(`${end.pathname}${end.search}`).toBe('/login?aal=aal2&return_to=%2Fhealth');
    const res = await browser.agent.get('/api/auth/whoami').expect(403);
    expect(res.body.code).toBe(AUTH_ERROR.aal2Required);
  });

  it('refuses a callback whose state is not the flow’s', async () => {
    await f.account('mallory', { email: 'mallory@corp.test', email_verified: true });
    const browser = f.browser();
    const result = await browser.open('/api/auth/oidc/login', {
      ...login('mallory'),
      intercept: (url) => {
        if (url.pathname !== '/api/auth/oidc/callback') return;
        const forged = new URL(url);
        forged.searchParams.set('state', 'forged-state');
        return forged;
      },
    });
    expect(result.url.pathname).toBe('/login');
    expect(result.url.searchParams.get('sso_error')).toBe(SSO_ERROR.securityViolation);
    await browser.agent.get('/api/auth/whoami').expect(401);
  });

  it('checks the ID token’s nonce against the flow’s', async () => {
    await f.account('nina', { email: 'nina@corp.test', email_verified: true });
    const browser = f.browser();
    const result = await browser.open('/api/auth/oidc/login', {
      ...login('nina'),
      intercept: async (url) => {
        if (url.pathname !== '/api/auth/oidc/callback') return;
        await f.t.pool.query(`update oidc_login_flows set nonce = 'another-nonce' where state = $1`, [url.searchParams.get('state')]);
      },
    });
    expect(result.url.searchParams.get('sso_error')).toBe(SSO_ERROR.securityViolation);
    await browser.agent.get('/api/auth/whoami').expect(401);
    expect((await f.t.pool.query(`select 1 from people where email = 'nina@corp.test'`)).rowCount).toBe(0);
  });

  it('fails at the provider when the PKCE verifier does not match the challenge', async () => {
    await f.account('pete', { email: 'pete@corp.test', email_verified: true });
    const browser = f.browser();
    const result = await browser.open('/api/auth/oidc/login', {
      ...login('pete'),
      intercept: async (url) => {
        if (url.pathname !== '/api/auth/oidc/callback') return;
        await f.t.pool.query(`update oidc_login_flows set code_verifier = $2 where state = $1`, [url.searchParams.get('state'), 'x'.repeat(64)]);
      },
    });
    expect(result.url.searchParams.get('sso_error')).toBe(SSO_ERROR.providerRefused);
    await browser.agent.get('/api/auth/whoami').expect(401);
    expect((await f.t.pool.query(`select 1 from people where email = 'pete@corp.test'`)).rowCount).toBe(0);
  });

  it('refuses a callback without the flow cookie, and a flow used twice', async () => {
    const none = await f.t.http().get('/api/auth/oidc/callback?code=abc&state=xyz').expect(302);
    expect(new URL(none.headers.location, CONSOLE_ORIGIN).searchParams.get('sso_error')).toBe(SSO_ERROR.securityViolation);

    await f.account('quinn', { email: 'quinn@corp.test', email_verified: true });
    const browser = f.browser();
    let callback: URL | undefined;
    await browser.open('/api/auth/oidc/login', {
      ...login('quinn'),
      intercept: (url) => void (url.pathname === '/api/auth/oidc/callback' && (callback = url)),
    });
    const again = await browser.agent.get(`${callback!.pathname}${callback!.search}`).expect(302);
    expect(new URL(again.headers.location, CONSOLE_ORIGIN).searchParams.get('sso_error')).toBe(SSO_ERROR.securityViolation);
  });

  it('says the interaction expired when the flow is too old', async () => {
    await f.account('olga', { email: 'olga@corp.test', email_verified: true });
    const result = await f.browser().open('/api/auth/oidc/login', {
      ...login('olga'),
      intercept: async (url) => {
        if (url.pathname !== '/api/auth/oidc/callback') return;
        await f.t.pool.query(`update oidc_login_flows set expires_at = now() - interval '1 second' where state = $1`, [url.searchParams.get('state')]);
      },
    });
    expect(result.url.searchParams.get('sso_error')).toBe(SSO_ERROR.expired);
  });

  it('refuses a return_to elsewhere with the spec message, before going to the provider', async () => {
    for (const target of ['https://evil.test/', '//evil.test/x', 'javascript:alert(1)']) {
      const res = await f.t
        .http()
        .get(`/api/auth/oidc/login?return_to=${encodeURIComponent(target)}`)
        .expect(302);
      const to = new URL(res.headers.location, CONSOLE_ORIGIN);
      expect(to.origin).toBe(CONSOLE_ORIGIN);
      expect(to.searchParams.get('sso_error')).toBe(SSO_ERROR.returnToNotAllowed);
    }
  });
});
