import { CSRF_COOKIE } from '@contracts';
import { TEST_PASSWORD } from '../../../support/test-app';
import { PROVIDER_PASSWORD, startSso, stopSso, type SsoFixture } from './sso-setup';

describe('hosted mode: organisations from the provider’s claim, switched per session', () => {
  let f: SsoFixture;
  beforeAll(async () => {
    f = await startSso();
    await f.t.createPerson(['admin']);
  });
  afterAll(() => stopSso(f));

  const orgs = ['acme', { slug: 'globex', name: 'Globex Corp', publicMetadata: { backend_url: 'https://globex.test', direct: true } }, 'Not A Slug!'];

  it('lists the person’s organisations from the claim, the first current; switching changes the current one', async () => {
    await f.account('olive', { email: 'olive@corp.test', email_verified: true, orgs });
    const { browser } = await f.signIn('olive');
    const csrf = browser.consoleCookie(CSRF_COOKIE)!;
    const list = await browser.agent.get('/api/organizations').expect(200);
    expect(list.body).toEqual([
      { slug: 'acme', name: 'acme', publicMetadata: { backend_url: null, direct: false }, current: true },
      { slug: 'globex', name: 'Globex Corp', publicMetadata: { backend_url: 'https://globex.test', direct: true }, current: false },
    ]);

    const switched = await browser.agent.post('/api/organizations/switch').set('x-csrf-token', csrf).send({ slug: 'globex' }).expect(200);
    expect(switched.body).toMatchObject({ slug: 'globex', current: true });
    expect(switched.headers['x-organization']).toBe('globex');
    const current = await browser.agent.get('/api/organizations/current').expect(200);
    expect(current.body.organization.slug).toBe('globex');
    expect(current.headers['x-organization']).toBe('globex');

    // Another session of the same person keeps its own current organisation.
    const other = await f.signIn('olive');
    expect((await other.browser.agent.get('/api/organizations/current').expect(200)).body.organization.slug).toBe('acme');
  });

  it('refuses an organisation the person does not belong to, and a switch without the CSRF token', async () => {
    await f.account('pam', { email: 'pam@corp.test', email_verified: true, orgs: ['acme'] });
    const { browser } = await f.signIn('pam');
    const csrf = browser.consoleCookie(CSRF_COOKIE)!;
    const res = await browser.agent.post('/api/organizations/switch').set('x-csrf-token', csrf).send({ slug: 'globex' }).expect(404);
    expect(res.body.message).toBe("You are not a member of the organization 'globex'");
    await browser.agent.post('/api/organizations/switch').send({ slug: 'acme' }).expect(403);
    const bad = await browser.agent.post('/api/organizations/switch').set('x-csrf-token', csrf).send({ slug: '' }).expect(400);
    expect(bad.body.message).toContain('Please provide an organization slug');
    expect((await browser.agent.get('/api/organizations/current').expect(200)).body.organization.slug).toBe('acme');
  });

  it('follows the claim at the next sign-in: memberships the claim no longer names are gone', async () => {
    await f.account('quentin', { email: 'quentin@corp.test', email_verified: true, orgs: ['acme', 'initech'] });
    await f.signIn('quentin');
    await f.account('quentin', { email: 'quentin@corp.test', email_verified: true, orgs: ['initech'] });
    const { browser } = await f.signIn('quentin');
    const list = await browser.agent.get('/api/organizations').expect(200);
    expect(list.body.map((o: { slug: string; current: boolean }) => [o.slug, o.current])).toEqual([['initech', true]]);
  });

  it('answers no organisation for a person the claim names none for', async () => {
    await f.account('rita', { email: 'rita@corp.test', email_verified: true });
    const { browser } = await f.signIn('rita');
    expect((await browser.agent.get('/api/organizations').expect(200)).body).toEqual([]);
    const current = await browser.agent.get('/api/organizations/current').expect(200);
    expect(current.body).toEqual({ organization: null });
    expect(current.headers['x-organization']).toBeUndefined();
  });
});

describe("'Manage Social Sign In': linked identities", () => {
  let f: SsoFixture;
  beforeAll(async () => {
    f = await startSso();
    await f.t.createPerson(['admin']);
  });
  afterAll(() => stopSso(f));

  it('lists the identity of a person made by single sign-on and refuses to unlink their only way in', async () => {
    await f.account('sam', { email: 'sam@corp.test', email_verified: true });
    const { browser } = await f.signIn('sam');
    const csrf = browser.consoleCookie(CSRF_COOKIE)!;
    const list = await browser.agent.get('/api/auth/oidc/identities').expect(200);
    expect(list.body).toMatchObject({
      enabled: true,
      label: 'Loopback',
      has_password: false,
      identities: [{ provider: f.provider.issuer, email: 'sam@corp.test' }],
    });
    expect(list.body.identities[0].subject).toBeUndefined();
    const res = await browser.agent.delete(`/api/auth/oidc/identities/${list.body.identities[0].id}`).set('x-csrf-token', csrf).expect(400);
    expect(res.body.message).toBe('Set a password before unlinking: it is your only way to sign in.');
  });

  it('unlinks the identity of an account that has a password, and only its own', async () => {
    const local = await f.t.createPerson(['editor'], 'tess@corp.test');
    await f.account('tess', { email: 'tess@corp.test', email_verified: true });
    const { browser } = await f.signIn('tess');
    const csrf = browser.consoleCookie(CSRF_COOKIE)!;
    const list = await browser.agent.get('/api/auth/oidc/identities').expect(200);
    expect(list.body.has_password).toBe(true);
    await browser.agent.delete(`/api/auth/oidc/identities/${list.body.identities[0].id}`).set('x-csrf-token', csrf).expect(204);
    expect((await browser.agent.get('/api/auth/oidc/identities').expect(200)).body.identities).toEqual([]);
    expect((await f.t.pool.query(`select 1 from person_identities where person_id = $1`, [local.id])).rowCount).toBe(0);
    // Another person's identity cannot be removed.
    await f.account('uma', { email: 'uma@corp.test', email_verified: true });
    await f.signIn('uma');
    const uma = await f.t.pool.query(`select i.id from person_identities i where subject = 'uma'`);
    await browser.agent.delete(`/api/auth/oidc/identities/${uma.rows[0].id}`).set('x-csrf-token', csrf).expect(404);
  });

  it('links the provider identity to the signed-in account from the profile page', async () => {
    const local = await f.t.createPerson(['viewer'], 'vera@corp.test');
    await f.account('vera-at-provider', { email: 'someone-else@corp.test', email_verified: false });
    const browser = f.browser();
    // The browser holds vera's console session (signed in with her password).
    await browser.agent.post('/api/auth/login').send({ email: local.email, password: TEST_PASSWORD }).expect(200);
    const result = await browser.open('/api/auth/oidc/login?link=true', { login: { login: 'vera-at-provider', password: PROVIDER_PASSWORD } });
    expect(`${result.url.pathname}?${result.url.searchParams}`).toBe('/profile-settings?sso_linked=Loopback');
    const identities = await f.t.pool.query(`select subject from person_identities where person_id = $1`, [local.id]);
    expect(identities.rows).toEqual([{ subject: 'vera-at-provider' }]);
    // Without a session there is nothing to link to: the login page first.
    const anonymous = await f.t.http().get('/api/auth/oidc/login?link=true').expect(302);
    expect(anonymous.headers.location).toBe('/login?return_to=%2Fprofile-settings');
  });

  it('refuses to link an identity that already belongs to another person', async () => {
    await f.account('walt', { email: 'walt@corp.test', email_verified: true });
    await f.signIn('walt'); // walt's identity now belongs to the person made for him
    const local = await f.t.createPerson(['viewer'], 'xena@corp.test');
    const browser = f.browser();
    await browser.agent.post('/api/auth/login').send({ email: local.email, password: TEST_PASSWORD }).expect(200);
    const result = await browser.open('/api/auth/oidc/login?link=true', { login: { login: 'walt', password: PROVIDER_PASSWORD } });
    expect(`${result.url.pathname}?${result.url.searchParams}`).toBe('/profile-settings?sso_error=linked_elsewhere');
    expect((await f.t.pool.query(`select 1 from person_identities where person_id = $1`, [local.id])).rowCount).toBe(0);
  });
});
