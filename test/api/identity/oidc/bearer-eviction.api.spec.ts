import { API_RESOURCE, startSso, stopSso, type SsoFixture } from './sso-setup';

// A person's provider JWT ends with their sessions and tokens: review finding SEC-2 of issue 14.

describe('single sign-on Bearer JWT of a deactivated person', () => {
  let f: SsoFixture;
  beforeAll(async () => {
    // A long principal cache makes the outcome independent of how fast the requests run.
    f = await startSso({ AUTH_CACHE_MS: '60000' });
  });
  afterAll(() => stopSso(f));

  it('stops working as soon as an admin deletes the person, like their sessions and access tokens (SEC-2)', async () => {
    const admin = await f.t.signInAs(['admin']);
    await f.account('mallory', { email: 'mallory@corp.test', email_verified: true });
    await f.signIn('mallory');
    const now = Math.floor(Date.now() / 1000);
    const jwt = await f.provider.sign({ iss: f.provider.issuer, sub: 'mallory', aud: API_RESOURCE, iat: now, exp: now + 600 });
    const whoami = () => f.t.http().get('/api/auth/whoami').set('Authorization', `Bearer ${jwt}`);
    const me = await whoami().expect(200);
    await admin.agent.delete(`/api/users/${me.body.user.id}`).set('x-csrf-token', admin.csrf).expect(204);
    await whoami().expect(401);
  });
});
