import { AUTH_ERROR } from '@contracts';
import { SoftAuthenticator } from '../../../support/soft-authenticator';
import { TestApp } from '../../../support/test-app';
import { passwordStep, write, type Browser } from './second-factor-helpers';

describe('second factors: security keys and biometrics (WebAuthn)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    // No PUBLIC_URL: the relying party is the request's own host and scheme. One listening port, so it stays the same.
    t = await TestApp.start();
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(t.server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.stop());

  /** Registers a key from `b`'s session with the authenticator; answers the server's reply. */
  async function register(b: Browser, key: SoftAuthenticator, name = 'YubiKey', status = 200) {
    const options = await write(b, 'post', '/api/auth/2fa/webauthn/register/options').expect(200);
    return write(b, 'post', '/api/auth/2fa/webauthn/register/verify')
      .send({ name, response: key.register(options.body) })
      .expect(status);
  }

  async function signInWithKey(email: string, key: SoftAuthenticator, overrides: { origin?: string; counter?: number } = {}) {
    const b = await passwordStep(t, email);
    const options = await write(b, 'post', '/api/auth/login/webauthn/options').expect(200);
    const res = await write(b, 'post', '/api/auth/login/2fa').send({ method: 'webauthn', response: key.authenticate(options.body, overrides) });
    return { b, res, options: options.body };
  }

  it('registers a key and signs in with it at the second step', async () => {
    const person = await t.createPerson(['editor']);
    const key = new SoftAuthenticator(origin);
    const first = await passwordStep(t, person.email);
    const creation = await write(first, 'post', '/api/auth/2fa/webauthn/register/options').expect(200);
    expect(creation.body.rp).toEqual({ id: '127.0.0.1', name: 'Operations Console' });
    expect(creation.body.attestation).toBe('none');
    const registered = await register(first, key);
    expect(registered.body.credential).toMatchObject({ name: 'YubiKey', last_used_at: null });
    expect(registered.body.recovery_codes).toHaveLength(10); // the first factor brings recovery codes
    await first.agent.get('/api/auth/whoami').expect(200); // the session that added it is at aal2
    const status = await first.agent.get('/api/auth/2fa').expect(200);
    expect(status.body).toMatchObject({ totp: false, recovery_codes_left: 10 });
    expect(status.body.webauthn).toHaveLength(1);
    const stored = await t.pool.query('select credential_id, public_key, counter from webauthn_credentials where person_id = $1', [person.id]);
    expect(stored.rows[0].credential_id).toBe(key.credentialIds[0]);

    const { b, res, options } = await signInWithKey(person.email, key);
    expect(options.rpId).toBe(new URL(origin).hostname);
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual(key.credentialIds);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: person.id }, roles: ['editor'] });
    await b.agent.get('/api/auth/whoami').expect(200);
    const used = await t.pool.query('select counter, last_used_at from webauthn_credentials where person_id = $1', [person.id]);
    expect(Number(used.rows[0].counter)).toBe(key.counter);
    expect(used.rows[0].last_used_at).not.toBeNull();
  });

  it('offers the key among the methods after the password step', async () => {
    const person = await t.createPerson(['viewer']);
    await register(await passwordStep(t, person.email), new SoftAuthenticator(origin));
    const b = await passwordStep(t, person.email);
    expect(b.login).toEqual({ second_factor_required: true, methods: ['webauthn', 'recovery_code'] });
    expect((await b.agent.get('/api/auth/whoami').expect(403)).body.code).toBe(AUTH_ERROR.aal2Required);
  });

  it('refuses an answer made for another origin, at registration and at sign-in', async () => {
    const person = await t.createPerson(['viewer']);
    const key = new SoftAuthenticator(origin);
    const b = await passwordStep(t, person.email);
    const options = await write(b, 'post', '/api/auth/2fa/webauthn/register/options').expect(200);
    const phished = await write(b, 'post', '/api/auth/2fa/webauthn/register/verify')
      .send({ response: key.register(options.body, { origin: 'https://evil.example.com' }) })
      .expect(400);
    expect(phished.body.message).toMatch(/origin/);
    expect((await t.pool.query('select 1 from webauthn_credentials where person_id = $1', [person.id])).rows).toHaveLength(0);

    await register(b, key);
    const { b: other, res } = await signInWithKey(person.email, key, { origin: 'https://evil.example.com' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Security key verification failed: .*origin/);
    await other.agent.get('/api/auth/whoami').expect(403);
  });

  it('uses each challenge once: a replayed answer is refused', async () => {
    const person = await t.createPerson(['viewer']);
    const key = new SoftAuthenticator(origin);
    const b = await passwordStep(t, person.email);
    const options = await write(b, 'post', '/api/auth/2fa/webauthn/register/options').expect(200);
    const response = key.register(options.body);
    await write(b, 'post', '/api/auth/2fa/webauthn/register/verify').send({ response }).expect(200);
    const again = await write(b, 'post', '/api/auth/2fa/webauthn/register/verify').send({ response }).expect(400);
    expect(again.body.message).toBe('The security key request expired. Please try again.');

    const signIn = await signInWithKey(person.email, key);
    expect(signIn.res.status).toBe(200);
    const other = await passwordStep(t, person.email);
    const lastAnswer = key.authenticate(signIn.options);
    await write(other, 'post', '/api/auth/login/webauthn/options').expect(200);
    // An assertion over the first session's challenge does not fit the second session's.
    const replay = await write(other, 'post', '/api/auth/login/2fa').send({ method: 'webauthn', response: lastAnswer }).expect(400);
    expect(replay.body.message).toMatch(/^Security key verification failed/);
  });

  it('refuses a key whose signature counter did not advance (a cloned key)', async () => {
    const person = await t.createPerson(['viewer']);
    const key = new SoftAuthenticator(origin);
    await register(await passwordStep(t, person.email), key);
    expect((await signInWithKey(person.email, key)).res.status).toBe(200);
    expect((await signInWithKey(person.email, key)).res.status).toBe(200);
    const clone = await signInWithKey(person.email, key, { counter: 1 });
    expect(clone.res.status).toBe(400);
    expect(clone.res.body.message).toMatch(/counter/);
    await clone.b.agent.get('/api/auth/whoami').expect(403);
  });

  it("refuses another account's key", async () => {
    const alice = await t.createPerson(['viewer']);
    const bob = await t.createPerson(['viewer']);
    const aliceKey = new SoftAuthenticator(origin);
    const bobKey = new SoftAuthenticator(origin);
    await register(await passwordStep(t, alice.email), aliceKey);
    await register(await passwordStep(t, bob.email), bobKey);
    const b = await passwordStep(t, bob.email);
    const options = await write(b, 'post', '/api/auth/login/webauthn/options').expect(200);
    const res = await write(b, 'post', '/api/auth/login/2fa')
      .send({ method: 'webauthn', response: aliceKey.authenticate({ ...options.body, allowCredentials: [] }) })
      .expect(400);
    expect(res.body.message).toBe('This security key is not registered for this account');
  });

  it('lists, renames and removes keys; without any factor left, recovery codes go too', async () => {
    const person = await t.createPerson(['viewer']);
    const b = await passwordStep(t, person.email);
    const first = await register(b, new SoftAuthenticator(origin), 'Desk key');
    const second = await register(b, new SoftAuthenticator(origin), '');
    expect(second.body.credential.name).toBe('Security key');
    expect(second.body.recovery_codes).toBeUndefined(); // the person still has theirs
    const renamed = await write(b, 'patch', `/api/auth/2fa/webauthn/${second.body.credential.id}`).send({ name: ' Laptop ' }).expect(200);
    expect(renamed.body.name).toBe('Laptop');
    await write(b, 'patch', `/api/auth/2fa/webauthn/${second.body.credential.id}`).send({ name: '  ' }).expect(400);
    const list = await b.agent.get('/api/auth/2fa/webauthn').expect(200);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Desk key', 'Laptop']);
    expect(Object.keys(list.body[0]).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);

    await write(b, 'delete', `/api/auth/2fa/webauthn/${first.body.credential.id}`).expect(204);
    expect((await b.agent.get('/api/auth/2fa').expect(200)).body.recovery_codes_left).toBe(10);
    await write(b, 'delete', `/api/auth/2fa/webauthn/${second.body.credential.id}`).expect(204);
    expect((await b.agent.get('/api/auth/2fa').expect(200)).body).toEqual({ totp: false, recovery_codes_left: 0, webauthn: [] });
    await write(b, 'delete', `/api/auth/2fa/webauthn/${second.body.credential.id}`).expect(404);
    expect((await passwordStep(t, person.email)).login).toMatchObject({ user: { id: person.id } });
  });

  it("cannot touch another person's keys", async () => {
    const alice = await t.createPerson(['viewer']);
    const bob = await t.createPerson(['admin']);
    const key = await register(await passwordStep(t, alice.email), new SoftAuthenticator(origin));
    const b = await passwordStep(t, bob.email);
    await write(b, 'patch', `/api/auth/2fa/webauthn/${key.body.credential.id}`).send({ name: 'mine' }).expect(404);
    await write(b, 'delete', `/api/auth/2fa/webauthn/${key.body.credential.id}`).expect(404);
  });
});
