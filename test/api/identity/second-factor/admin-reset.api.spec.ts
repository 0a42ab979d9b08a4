import { SoftAuthenticator } from '../../../support/soft-authenticator';
import { TestApp } from '../../../support/test-app';
import { enableTotp, passwordStep, write } from './second-factor-helpers';

describe("second factors: an administrator's reset", () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await TestApp.start();
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(t.server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.stop());

  /** A person with an authenticator app, recovery codes and a security key, signed in at aal2. */
  async function personWithFactors() {
    const person = await t.createPerson(['editor']);
    const b = await passwordStep(t, person.email);
    await enableTotp(b);
    const options = await write(b, 'post', '/api/auth/2fa/webauthn/register/options').expect(200);
    await write(b, 'post', '/api/auth/2fa/webauthn/register/verify')
      .send({ response: new SoftAuthenticator(origin).register(options.body) })
      .expect(200);
    await b.agent.get('/api/auth/whoami').expect(200);
    return { person, b };
  }

  async function factorsOf(personId: string) {
    const { rows } = await t.pool.query(
      `select p.totp_secret is not null as secret, p.totp_enabled_at is not null as totp,
              (select count(*)::int from recovery_codes r where r.person_id = p.id) as codes,
              (select count(*)::int from webauthn_credentials w where w.person_id = p.id) as keys,
              (select count(*)::int from sessions s where s.person_id = p.id and s.revoked_at is null) as sessions
         from people p where p.id = $1`,
      [personId],
    );
    return rows[0];
  }

  it("clears the app, recovery codes and keys, and ends the person's sessions", async () => {
    const { person, b } = await personWithFactors();
    expect(await factorsOf(person.id)).toEqual({ secret: true, totp: true, codes: 10, keys: 1, sessions: 1 });
    const admin = await t.signInAs(['admin']);
    await write(admin, 'delete', `/api/users/${person.id}/second-factor`).expect(204);

    expect(await factorsOf(person.id)).toEqual({ secret: false, totp: false, codes: 0, keys: 0, sessions: 0 });
    await b.agent.get('/api/auth/whoami').expect(401);
    // The password alone signs in again; they set up new factors from their profile.
    const again = await passwordStep(t, person.email);
    expect(again.login).toMatchObject({ user: { id: person.id } });
    await again.agent.get('/api/auth/whoami').expect(200);
  });

  it("refuses a viewer or editor resetting someone else's second factor, changing nothing", async () => {
    const { person } = await personWithFactors();
    for (const roles of [['viewer'], ['editor']] as const) {
      const other = await t.signInAs([...roles]);
      const res = await write(other, 'delete', `/api/users/${person.id}/second-factor`).expect(403);
      expect(res.body.code).toBe('permission_denied');
    }
    expect(await factorsOf(person.id)).toEqual({ secret: true, totp: true, codes: 10, keys: 1, sessions: 1 });
  });

  it('does not reset your own (that is what your profile is for) and answers 404 for nobody', async () => {
    const admin = await t.signInAs(['admin']);
    const own = await write(admin, 'delete', `/api/users/${admin.personId}/second-factor`).expect(400);
    expect(own.body.message).toBe('Change your own second factors in your profile settings');
    await write(admin, 'delete', '/api/users/00000000-0000-4000-8000-00000000abcd/second-factor').expect(404);
    await write(admin, 'delete', '/api/users/not-a-uuid/second-factor').expect(400);
  });
});
