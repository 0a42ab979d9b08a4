import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import passport from 'passport';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { ExternalBearerVerifier, Principal } from '../principal';
import { IdentityService } from '../identity.service';
import { PrincipalCache } from '../principal-cache';
import { sha256 } from '../tokens';
import { OidcClientService } from './oidc-client.service';
import { OidcJwtStrategy, bearerRequest } from './oidc-jwt.strategy';

/**
 * The guard's verifier of Bearer values that are not the console's own tokens (EXTERNAL_BEARER): the provider's JWTs,
 * checked by the passport strategy. A verified token's principal is reused for AUTH_CACHE_MS (never past the token's
 * own expiry), keyed by the token's hash; refusals are not cached.
 */
@Injectable()
export class OidcBearerVerifier implements ExternalBearerVerifier {
  private readonly logger = new Logger('SingleSignOn');
  private readonly cache: PrincipalCache;
  private readonly verifying = new Map<string, Promise<Principal | undefined>>();

  constructor(
    private readonly oidc: OidcClientService,
    private readonly strategy: OidcJwtStrategy,
    @Inject(APP_CONFIG) config: AppConfig,
    identity: IdentityService,
  ) {
    this.cache = new PrincipalCache(config.authCacheMs);
    // A deactivated or demoted person's JWT stops working at once on this replica, as their sessions and tokens do.
    identity.onEvictPerson((personId) => this.cache.evictPerson(personId));
  }

  verify(token: string): Principal | undefined | Promise<Principal | undefined> {
    if (!this.oidc.enabled || token.split('.').length !== 3) return undefined;
    const key = `j:${sha256(token)}`;
    const cached = this.cache.get(key);
    if (cached && !expired(token)) return cached;
    // Concurrent requests with one token (a client's parallel calls) share one verification.
    const running = this.verifying.get(key);
    if (running) return running;
    const verification = this.check(token)
      .then((principal) => {
        if (principal) this.cache.set(key, principal);
        return principal;
      })
      .finally(() => this.verifying.delete(key));
    this.verifying.set(key, verification);
    return verification;
  }

  private check(token: string): Promise<Principal | undefined> {
    return new Promise<Principal | undefined>((resolve, reject) => {
      // This app's own strategy instance, not passport's registry by name (several apps may share one process).
      const authenticate = passport.authenticate(this.strategy, { session: false }, (error: Error | null, user: Principal | false, info: unknown) => {
        if (error) return reject(error);
        if (!user && info instanceof Error) this.logger.debug(`Bearer JWT refused: ${info.message}`);
        resolve(user || undefined);
      }) as (req: unknown, res: Response, next: (error?: unknown) => void) => void;
      authenticate(bearerRequest(token), {} as Response, reject);
    }).catch((error: Error) => {
      // The provider's keys or discovery could not be had: the token cannot be checked, so it is refused.
      this.logger.warn(`Bearer JWT not verified: ${error.message}`);
      return undefined;
    });
  }
}

/** The token's own `exp` has passed (a cached principal never outlives its token). */
function expired(token: string): boolean {
  try {
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp?: number };
    return typeof exp === 'number' && exp * 1000 <= Date.now();
  } catch {
    return true;
  }
}
