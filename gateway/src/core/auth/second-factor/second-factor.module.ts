import { Module } from '@nestjs/common';

/** Second factors: authenticator apps (TOTP), recovery codes, security keys and biometrics (WebAuthn). */
@Module({})
export class SecondFactorModule {}
