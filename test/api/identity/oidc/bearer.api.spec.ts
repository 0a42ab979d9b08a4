import { createHash, createHmac, randomBytes } from 'node:crypto';
import { API_RESOURCE, CLI_CALLBACK, OTHER_RESOURCE, PROVIDER_PASSWORD, startSso, stopSso, type SsoFixture } from './sso-setup';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe("single sign-on: the provider's JWTs as Bearer tokens (passport-jwt against the provider's JWKS)", () => {
  let f: SsoFixture;
  beforeAll(async () => {
    f = await startSso();
    await f.t.createPerson(['admin']);
    await f.account('alice', { email: 'alice@corp.test', email_verified: true, roles: ['admins'] });
    await f.signIn('alice'); // linked: the JWT's subject is a person of the console
  });
  afterAll(() => stopSso(f));

  /** A person's tokens from the provider as a command-line client gets them: code + PKCE with a resource indicator. */
  async function userTokens(id: string, resource = API_RESOURCE): Promise<{ access_token: string; id_token: string }> {
    const verifier = randomBytes(32).toString('base64url');
    const auth = new URL('/auth', f.provider.issuer);
    auth.search = new URLSearchParams({
      client_id: 'cli',
      response_type: 'code',
      scope: 'openid api',
      redirect_uri: CLI_CALLBACK,
      resource,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const landed = await f.browser().open(auth.href, { login: { login: id, password: PROVIDER_PASSWORD } });
    expect(landed.url.origin).toBe(new URL(CLI_CALLBACK).origin);
    const res = await fetch(`${f.provider.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'cli',
        code: landed.url.searchParams.get('code')!,
        redirect_uri: CLI_CALLBACK,
        code_verifier: verifier,
        resource,
      }).toString(),
    });
    return (await res.json()) as { access_token: string; id_token: string };
  }

  const now = () => Math.floor(Date.now() / 1000);
  const claimsFor = (sub: string, extra: Record<string, unknown> = {}) => ({
    iss: f.provider.issuer,
    sub,
    aud: API_RESOURCE,
    iat: now(),
    exp: now() + 600,
    jti: randomBytes(8).toString('hex'),
    ...extra,
  });
  const whoami = (token: string) => f.t.http().get('/api/auth/whoami').set('Authorization', `Bearer ${token}`);

  it("accepts the provider's JWT access token for the console's audience as the linked person, with their roles", async () => {
    const { access_token } = await userTokens('alice');
    expect(access_token.split('.')).toHaveLength(3);
    const me = await whoami(access_token).expect(200);
    expect(me.body.user.email).toBe('alice@corp.test');
    expect(me.body.roles).toEqual(['admin']);
    // A token is not a session: a change of how the account signs in needs a recent sign-in, which a token is not.
    const identity = await f.t.pool.query(`select i.id from person_identities i join people p on p.id = i.person_id where p.email = 'alice@corp.test'`);
    const refused = await f.t.http().delete(`/api/auth/oidc/identities/${identity.rows[0].id}`).set('Authorization', `Bearer ${access_token}`).expect(403);
    expect(refused.body.code).toBe('session_refresh_required');
  });

  it('accepts ES256 as well as RS256 signatures from the provider’s keys', async () => {
    await whoami(await f.provider.sign(claimsFor('alice'), 'ES256')).expect(200);
    await whoami(await f.provider.sign(claimsFor('alice'), 'RS256')).expect(200);
  });

  it('refuses a token for another audience, and the ID token (its audience is the client)', async () => {
    const other = await userTokens('alice', OTHER_RESOURCE);
    const res = await whoami(other.access_token).expect(401);
    expect(res.body.code).toBe('invalid_token');
    await whoami(other.id_token).expect(401);
  });

  it('refuses an expired token, a tampered one, a foreign issuer and a token not signed with the provider’s keys', async () => {
    await whoami(await f.provider.sign(claimsFor('alice', { iat: now() - 7200, exp: now() - 3600 }))).expect(401);

    const valid = await f.provider.sign(claimsFor('alice'));
    await whoami(valid).expect(200);
    const [header, , signature] = valid.split('.');
    await whoami(`${header}.${b64url(claimsFor('alice', { exp: now() + 86_400 * 365 }))}.${signature}`).expect(401);

    await whoami(await f.provider.sign(claimsFor('alice', { iss: 'http://evil.test' }))).expect(401);

    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claimsFor('alice'))}.`;
    await whoami(unsigned).expect(401);
    const hsInput = `${b64url({ alg: 'HS256', typ: 'JWT', kid: 'rsa-1' })}.${b64url(claimsFor('alice'))}`;
    await whoami(`${hsInput}.${createHmac('sha256', 'guessed-secret').update(hsInput).digest('base64url')}`).expect(401);
  });

  it('makes no account from a token: an unknown subject is refused until a person is linked to it', async () => {
    const people = async () => Number((await f.t.pool.query(`select count(*) from people`)).rows[0].count);
    const before = await people();
    const token = await f.provider.clientCredentials('robot', 'robot-secret', API_RESOURCE);
    await whoami(token).expect(401);
    expect(await people()).toBe(before);
    const robot = await f.t.createPerson(['viewer'], 'robot@corp.test');
    await f.t.pool.query(`insert into person_identities (provider, subject, person_id) values ($1, 'robot', $2)`, [f.provider.issuer, robot.id]);
    const me = await whoami(await f.provider.clientCredentials('robot', 'robot-secret', API_RESOURCE)).expect(200);
    expect(me.body.user.id).toBe(robot.id);
  });

  it('refuses the token of a deactivated person', async () => {
    await f.account('hank', { email: 'hank@corp.test', email_verified: true });
    await f.signIn('hank');
    await whoami(await f.provider.sign(claimsFor('hank'))).expect(200);
    await f.t.pool.query(`update people set state = 'inactive' where email = 'hank@corp.test'`);
    await whoami(await f.provider.sign(claimsFor('hank'))).expect(401);
  });
});
