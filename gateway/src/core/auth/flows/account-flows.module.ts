import { Module } from '@nestjs/common';
import { AccountFlowsController } from './account-flows.controller';
import { AccountSettingsController } from './account-settings.controller';
import { FlowSignIn } from './flow-sign-in';
import { IdentityCodes } from './identity-codes';
import { IdentityMailer } from './identity-mailer';
import { InviteController } from './invite.controller';
import { InviteService } from './invite.service';
import { PasswordChangeService } from './password-change.service';
import { RecoveryService } from './recovery.service';
import { RegistrationService } from './registration.service';
import { RequestLimiter } from './request-limiter';
import { SessionsService } from './sessions.service';
import { VerificationService } from './verification.service';

/** Self-service account flows: invitation, registration, recovery, verification, password change, sessions. */
@Module({
  controllers: [InviteController, AccountFlowsController, AccountSettingsController],
  providers: [
    IdentityCodes,
    IdentityMailer,
    RequestLimiter,
    FlowSignIn,
    InviteService,
    RegistrationService,
    RecoveryService,
    VerificationService,
    PasswordChangeService,
    SessionsService,
  ],
})
export class AccountFlowsModule {}
