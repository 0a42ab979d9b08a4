import request from 'supertest';
import { CSRF_COOKIE, CSRF_HEADER } from '@contracts';
import { totpCode } from '../../../../gateway/src/core/auth/second-factor/totp';
import { TEST_PASSWORD, type TestApp } from '../../../support/test-app';

/** A browser with a session: the password step done; `login` is what POST /api/auth/login answered. */
export interface Browser {
  agent: request.Agent;
  csrf: string;
  login: Record<string, unknown>;
}

/** The password step through the real login endpoint (answers either the user or second_factor_required). */
export async function passwordStep(t: TestApp, email: string): Promise<Browser> {
  const agent = request.agent(t.server);
  const res = await agent.post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);
  const csrf =
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith(`${CSRF_COOKIE}=`))
      ?.split('=')[1] ?? '';
  return { agent, csrf, login: res.body };
}

/** A write with the session's CSRF token, as the web sends it. */
export function write(b: Pick<Browser, 'agent' | 'csrf'>, method: 'post' | 'patch' | 'delete', path: string) {
  return b.agent[method](path).set(CSRF_HEADER, b.csrf);
}

/** A code of the next time step: newer than any code used so far, and still inside the ±1 step window. */
export function nextCode(secret: string): string {
  return totpCode(secret, Date.now() + 30_000);
}

/** Sets up and turns on the authenticator app in a signed-in browser; answers the secret and the recovery codes. */
export async function enableTotp(b: Browser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await write(b, 'post', '/api/auth/2fa/totp/setup').expect(201);
  const verified = await write(b, 'post', '/api/auth/2fa/totp/verify')
    .send({ code: totpCode(setup.body.secret) })
    .expect(200);
  return { secret: setup.body.secret, recoveryCodes: verified.body.recovery_codes };
}
