import { Module } from '@nestjs/common';
import { RecoveryCodesService } from './recovery-codes';
import { SecondFactorAdminController } from './second-factor-admin.controller';
import { SecondFactorAttempts } from './second-factor-attempts';
import { SecondFactorLoginController } from './second-factor-login.controller';
import { SecondFactorController } from './second-factor.controller';
import { SecondFactorService } from './second-factor.service';
import { TotpService } from './totp.service';
import { WebAuthnService } from './webauthn.service';

/** Second factors: authenticator apps (TOTP), recovery codes, security keys and biometrics (WebAuthn). */
@Module({
  controllers: [SecondFactorController, SecondFactorLoginController, SecondFactorAdminController],
  providers: [SecondFactorService, TotpService, RecoveryCodesService, WebAuthnService, SecondFactorAttempts],
})
export class SecondFactorModule {}
