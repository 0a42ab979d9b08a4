import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import type { Algorithm } from 'jsonwebtoken';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy, type SecretOrKeyProvider } from 'passport-jwt';
import { IdentityService } from '../identity.service';
import type { Principal } from '../principal';
import { OidcAccountsService } from './oidc-accounts.service';
import { OidcClientService } from './oidc-client.service';

export const OIDC_JWT_STRATEGY = 'oidc-jwt';

/** The provider's JWTs are signed with its published keys: RS256 or ES256, never a shared secret or `none`. */
export const JWT_ALGORITHMS: Algorithm[] = ['RS256', 'ES256'];

interface JwtClaims {
  iss?: string;
  sub?: string;
  exp?: number;
}

/**
 * A provider JWT as a Bearer token (passport-jwt): signature against the provider's JWKS (jwks_uri from discovery,
 * keys cached and fetched at most 10 times a minute for unknown key ids), issuer, audience (OIDC_AUDIENCE or the
 * client id), algorithm and expiry. The subject must be a person linked to the provider: a token makes no account.
 */
@Injectable()
export class OidcJwtStrategy extends PassportStrategy(Strategy, OIDC_JWT_STRATEGY) {
  constructor(
    private readonly oidc: OidcClientService,
    private readonly accounts: OidcAccountsService,
    private readonly identity: IdentityService,
  ) {
    const settings = oidc.settings;
    let keys: Promise<SecretOrKeyProvider> | undefined;
    const keyProvider: SecretOrKeyProvider = (request, rawJwtToken, done) => {
      keys ??= oidc.issuer().then(
        (issuer) => {
          if (typeof issuer.metadata.jwks_uri !== 'string') throw new Error('The identity provider publishes no jwks_uri');
          return passportJwtSecret({ jwksUri: issuer.metadata.jwks_uri, cache: true, cacheMaxAge: 10 * 60_000, rateLimit: true, jwksRequestsPerMinute: 10 });
        },
        (error: Error) => {
          keys = undefined; // discovery is retried on a later token
          throw error;
        },
      );
      keys.then((provider) => provider(request, rawJwtToken, done)).catch((error: Error) => done(error));
    };
    // The issuer as configured, with or without its trailing slash; `validate` then holds it to the discovered one.
    const issuers = settings ? [...new Set([settings.issuer, settings.issuer.replace(/\/+$/, ''), `${settings.issuer.replace(/\/+$/, '')}/`])] : ['-'];
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: keyProvider,
      issuer: issuers,
      audience: settings?.audience ?? '-',
      algorithms: JWT_ALGORITHMS,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 30 },
    });
  }

  /** The verified payload → the console's principal; false when no active person is linked to the subject. */
  async validate(payload: JwtClaims): Promise<Principal | false> {
    const issuer = await this.oidc.issuer();
    if (payload.iss !== issuer.metadata.issuer || typeof payload.sub !== 'string') return false;
    const person = await this.accounts.personFor(issuer.metadata.issuer, payload.sub);
    if (!person) return false;
    return { personId: person.id, email: person.email, name: person.name, roles: await this.identity.rolesOf(person.id), via: 'oidc' };
  }
}

/** What passport needs of a request to read a Bearer token. */
export function bearerRequest(token: string): Request {
  return { headers: { authorization: `Bearer ${token}` } } as unknown as Request;
}
