import { Module } from '@nestjs/common';

/** Single sign-on with an OpenID Connect provider, its JWTs as Bearer tokens, and hosted-mode organisations. */
@Module({})
export class OidcModule {}
