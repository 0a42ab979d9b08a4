import { AUTH_ERROR } from '@contracts';
import { totpCode } from '../../../../gateway/src/core/auth/second-factor/totp';
import { TEST_PASSWORD, TestApp } from '../../../support/test-app';
import { enableTotp, nextCode, passwordStep, write } from './second-factor-helpers';

describe('second factors: authenticator app (TOTP) and recovery codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.stop());

  it('enables TOTP, then holds the next sign-in at the second step until a right code', async () => {
    const person = await t.createPerson(['editor']);
    const first = await passwordStep(t, person.email);
    expect((await first.agent.get('/api/auth/2fa').expect(200)).body).toEqual({ totp: false, recovery_codes_left: 0, webauthn: [] });

    const setup = await write(first, 'post', '/api/auth/2fa/totp/setup').expect(201);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    // Stored encrypted, never as the secret itself.
    const stored = await t.pool.query('select totp_secret, totp_enabled_at from people where id = $1', [person.id]);
    expect(stored.rows[0].totp_secret).toMatch(/^-----BEGIN PGP MESSAGE-----/);
    expect(stored.rows[0].totp_secret).not.toContain(setup.body.secret);
    expect(stored.rows[0].totp_enabled_at).toBeNull();

    const stale = totpCode(setup.body.secret, Date.now() - 10 * 60_000);
    const wrong = await write(first, 'post', '/api/auth/2fa/totp/verify').send({ code: stale });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid authentication code');
    const verified = await write(first, 'post', '/api/auth/2fa/totp/verify')
      .send({ code: totpCode(setup.body.secret) })
      .expect(200);
    expect(verified.body.recovery_codes).toHaveLength(10);
    expect(new Set(verified.body.recovery_codes).size).toBe(10);
    const hashes = await t.pool.query('select code_hash from recovery_codes where person_id = $1', [person.id]);
    expect(hashes.rows).toHaveLength(10);
    expect(hashes.rows.map((r) => r.code_hash)).not.toEqual(expect.arrayContaining([verified.body.recovery_codes[0]]));
    // The session that enabled it keeps working.
    await first.agent.get('/api/auth/whoami').expect(200);
    expect((await first.agent.get('/api/auth/2fa').expect(200)).body).toMatchObject({ totp: true, recovery_codes_left: 10 });
    await write(first, 'post', '/api/auth/logout').expect(204);

    const second = await passwordStep(t, person.email);
    expect(second.login).toEqual({ second_factor_required: true, methods: ['totp', 'recovery_code'] });
    const held = await second.agent.get('/api/auth/whoami').expect(403);
    expect(held.body.code).toBe(AUTH_ERROR.aal2Required);
    expect((await second.agent.get('/api/auth/2fa/methods').expect(200)).body).toEqual({ methods: ['totp', 'recovery_code'] });

    const bad = await write(second, 'post', '/api/auth/login/2fa').send({ method: 'totp', code: '12345' }).expect(400);
    expect(bad.body.message).toBe('Invalid authentication code');
    await second.agent
      .post('/api/auth/login/2fa')
      .send({ method: 'totp', code: nextCode(setup.body.secret) })
      .expect(403); // no CSRF token
    const code = nextCode(setup.body.secret);
    const ok = await write(second, 'post', '/api/auth/login/2fa').send({ method: 'totp', code }).expect(200);
    expect(ok.body).toMatchObject({ user: { id: person.id, email: person.email }, roles: ['editor'] });
    expect(ok.body.permissions.canaries).toEqual({ read: true, write: true });
    await second.agent.get('/api/auth/whoami').expect(200);
    const session = await t.pool.query(`select aal from sessions where person_id = $1 and revoked_at is null`, [person.id]);
    expect(session.rows.map((r) => r.aal)).toEqual(['aal2']);

    // The same code does not sign in a second time.
    const third = await passwordStep(t, person.email);
    const reused = await write(third, 'post', '/api/auth/login/2fa').send({ method: 'totp', code }).expect(400);
    expect(reused.body.message).toBe('Invalid authentication code');
    await third.agent.get('/api/auth/whoami').expect(403);
  });

  it('accepts each recovery code once', async () => {
    const person = await t.createPerson(['viewer']);
    const { recoveryCodes } = await enableTotp(await passwordStep(t, person.email));

    const a = await passwordStep(t, person.email);
    // Typed in capitals without dashes: still the code.
    await write(a, 'post', '/api/auth/login/2fa')
      .send({ method: 'recovery_code', code: recoveryCodes[0].replace(/-/g, '').toUpperCase() })
      .expect(200);
    await a.agent.get('/api/auth/whoami').expect(200);

    const b = await passwordStep(t, person.email);
    const again = await write(b, 'post', '/api/auth/login/2fa').send({ method: 'recovery_code', code: recoveryCodes[0] }).expect(400);
    expect(again.body.message).toBe('Invalid recovery code');
    await write(b, 'post', '/api/auth/login/2fa').send({ method: 'recovery_code', code: recoveryCodes[1] }).expect(200);
    expect((await b.agent.get('/api/auth/2fa').expect(200)).body.recovery_codes_left).toBe(8);
  });

  it('lets only one of two simultaneous uses of a recovery code through', async () => {
    const person = await t.createPerson(['viewer']);
    const { recoveryCodes } = await enableTotp(await passwordStep(t, person.email));
    const [a, b] = await Promise.all([passwordStep(t, person.email), passwordStep(t, person.email)]);
    const answers = await Promise.all([a, b].map((x) => write(x, 'post', '/api/auth/login/2fa').send({ method: 'recovery_code', code: recoveryCodes[3] })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses Basic credentials for an account with a second factor', async () => {
    const person = await t.createPerson(['viewer']);
    await t.http().get('/api/auth/whoami').auth(person.email, TEST_PASSWORD).expect(200);
    await enableTotp(await passwordStep(t, person.email));
    const refused = await t.http().get('/api/auth/whoami').auth(person.email, TEST_PASSWORD).expect(401);
    expect(refused.body.code).toBe('second_factor_account');
  });

  it('answers 429 after five wrong codes, even for the right one', async () => {
    const person = await t.createPerson(['viewer']);
    const { secret } = await enableTotp(await passwordStep(t, person.email));
    const b = await passwordStep(t, person.email);
    for (let i = 0; i < 5; i++) {
      await write(b, 'post', '/api/auth/login/2fa')
        .send({ method: 'recovery_code', code: `wrong-${i}` })
        .expect(400);
    }
    const limited = await write(b, 'post', '/api/auth/login/2fa')
      .send({ method: 'totp', code: nextCode(secret) })
      .expect(429);
    expect(limited.body.message).toBe('Too many wrong codes. Please wait a few minutes and try again.');
    await b.agent.get('/api/auth/whoami').expect(403);
  });

  it('checks no more than five of many guesses sent at once', async () => {
    const person = await t.createPerson(['viewer']);
    await enableTotp(await passwordStep(t, person.email));
    const b = await passwordStep(t, person.email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => write(b, 'post', '/api/auth/login/2fa').send({ method: 'recovery_code', code: `guess-${i}` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('asks for a recent sign-in before a second factor is set up or turned off', async () => {
    const person = await t.createPerson(['viewer']);
    const b = await passwordStep(t, person.email);
    await t.pool.query(`update sessions set authenticated_at = now() - interval '1 hour' where person_id = $1`, [person.id]);
    const refused = await write(b, 'post', '/api/auth/2fa/totp/setup').expect(403);
    expect(refused.body.code).toBe(AUTH_ERROR.refreshRequired);
    await write(b, 'post', '/api/auth/2fa/webauthn/register/options').expect(403);
    expect((await t.pool.query('select totp_secret from people where id = $1', [person.id])).rows[0].totp_secret).toBeNull();
  });

  it('refuses a second set-up while the app is on, regenerates recovery codes, and turns the app off', async () => {
    const person = await t.createPerson(['viewer']);
    const b = await passwordStep(t, person.email);
    await write(b, 'post', '/api/auth/2fa/recovery-codes').expect(400); // no factor yet
    const { recoveryCodes } = await enableTotp(b);
    const again = await write(b, 'post', '/api/auth/2fa/totp/setup').expect(409);
    expect(again.body.message).toMatch(/already set up/);

    const fresh = await write(b, 'post', '/api/auth/2fa/recovery-codes').expect(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    expect(fresh.body.recovery_codes).not.toContain(recoveryCodes[0]);
    const other = await passwordStep(t, person.email);
    await write(other, 'post', '/api/auth/login/2fa').send({ method: 'recovery_code', code: recoveryCodes[0] }).expect(400);

    await write(b, 'delete', '/api/auth/2fa/totp').expect(204);
    expect((await b.agent.get('/api/auth/2fa').expect(200)).body).toEqual({ totp: false, recovery_codes_left: 0, webauthn: [] });
    const after = await passwordStep(t, person.email);
    expect(after.login).toMatchObject({ user: { id: person.id } });
    await write(b, 'delete', '/api/auth/2fa/totp').expect(404);
  });

  it('never lets the data API read the secret', async () => {
    const admin = await t.signInAs(['admin']);
    await admin.agent.get(`/api/db/people?select=totp_enabled_at&id=eq.${admin.personId}`).expect(200);
    const res = await admin.agent.get(`/api/db/people?select=totp_secret&id=eq.${admin.personId}`).expect(400);
    expect(JSON.stringify(res.body)).not.toMatch(/PGP MESSAGE/);
  });
});
