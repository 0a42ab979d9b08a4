import type { Request } from 'express';
import { Strategy } from 'passport-strategy';
import { loadConfig } from '../../config/app-config';
import type { Principal } from '../principal';
import { OidcBearerVerifier } from './oidc-bearer.verifier';
import type { OidcClientService } from './oidc-client.service';
import type { OidcJwtStrategy } from './oidc-jwt.strategy';

const principal: Principal = { personId: 'p1', email: 'a@b.test', name: 'A', roles: ['viewer'], via: 'oidc' };

/** A stand-in for the passport-jwt strategy: accepts tokens whose signature part is 'good', counting calls. */
class FakeJwtStrategy extends Strategy {
  calls = 0;
  override authenticate(req: Request) {
    this.calls++;
    const token = String(req.headers.authorization).replace(/^Bearer /, '');
    if (token.endsWith('.good')) this.success(principal);
    else this.fail(new Error('invalid signature'), 401);
  }
}

const jwt = (exp: number, signature = 'good') =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', exp })).toString('base64url')}.${signature}`;

function verifier(enabled = true, authCacheMs = '60000') {
  const strategy = new FakeJwtStrategy();
  const oidc = { enabled } as OidcClientService;
  const config = loadConfig({ LOG_LEVEL: 'silent', AUTH_CACHE_MS: authCacheMs });
  return { strategy, verifier: new OidcBearerVerifier(oidc, strategy as unknown as OidcJwtStrategy, config, { onEvictPerson: () => undefined } as never) };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('OidcBearerVerifier', () => {
  it('reuses a verified token’s principal within AUTH_CACHE_MS without verifying again', async () => {
    const { strategy, verifier: v } = verifier();
    const token = jwt(inAnHour());
    expect(await v.verify(token)).toEqual(principal);
    expect(await v.verify(token)).toEqual(principal);
    expect(strategy.calls).toBe(1);
  });

  it('verifies a token once for concurrent requests', async () => {
    const { strategy, verifier: v } = verifier(true, '0');
    const token = jwt(inAnHour());
    expect(await Promise.all([v.verify(token), v.verify(token), v.verify(token)])).toEqual([principal, principal, principal]);
    expect(strategy.calls).toBe(1);
  });

  it('never serves a cached principal past the token’s own expiry', async () => {
    const { strategy, verifier: v } = verifier();
    const token = jwt(Math.floor(Date.now() / 1000) - 1);
    await v.verify(token);
    await v.verify(token);
    expect(strategy.calls).toBe(2);
  });

  it('does not cache refusals, and does not cache at all with AUTH_CACHE_MS=0', async () => {
    const refused = verifier();
    expect(await refused.verifier.verify(jwt(inAnHour(), 'bad'))).toBeUndefined();
    expect(await refused.verifier.verify(jwt(inAnHour(), 'bad'))).toBeUndefined();
    expect(refused.strategy.calls).toBe(2);
    const uncached = verifier(true, '0');
    await uncached.verifier.verify(jwt(inAnHour()));
    await uncached.verifier.verify(jwt(inAnHour()));
    expect(uncached.strategy.calls).toBe(2);
  });

  it('answers nothing when single sign-on is off or the value is no JWT', async () => {
    const off = verifier(false);
    expect(await off.verifier.verify(jwt(inAnHour()))).toBeUndefined();
    const on = verifier();
    expect(await on.verifier.verify('not-a-jwt')).toBeUndefined();
    expect(off.strategy.calls + on.strategy.calls).toBe(0);
  });
});
