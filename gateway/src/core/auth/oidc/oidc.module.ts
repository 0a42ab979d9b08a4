import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { EXTERNAL_BEARER } from '../principal';
import { OidcAccountsService } from './oidc-accounts.service';
import { OidcBearerVerifier } from './oidc-bearer.verifier';
import { OidcClientService } from './oidc-client.service';
import { OidcController } from './oidc.controller';
import { OidcFlows } from './oidc-flows';
import { OidcIdentitiesService } from './oidc-identities.service';
import { OidcJwtStrategy } from './oidc-jwt.strategy';
import { OidcSignInService } from './oidc-sign-in.service';
import { OrganizationsController } from './organizations.controller';
import { OrganizationsService } from './organizations.service';

/**
 * Single sign-on with an OpenID Connect provider (code + PKCE), its JWTs as Bearer tokens (EXTERNAL_BEARER, used by the
 * auth guard), linked identities on the profile page, and hosted mode's organisations. Everything answers "off" while
 * OIDC_ISSUER is unset. See docs/identity.md, "Single sign-on".
 */
@Module({
  imports: [PassportModule],
  controllers: [OidcController, OrganizationsController],
  providers: [
    OidcClientService,
    OidcFlows,
    OidcAccountsService,
    OidcSignInService,
    OidcIdentitiesService,
    OrganizationsService,
    OidcJwtStrategy,
    OidcBearerVerifier,
    { provide: EXTERNAL_BEARER, useExisting: OidcBearerVerifier },
  ],
  exports: [EXTERNAL_BEARER],
})
export class OidcModule {}
