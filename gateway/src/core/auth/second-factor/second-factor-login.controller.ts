import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { permissionsFor, type WhoAmI } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { unauthorized } from '../../http/domain-error';
import { AllowPartialSession, SignedIn } from '../../rbac/decorators';
import { requestIp } from '../auth.guard';
import { IdentityService } from '../identity.service';
import { SecondFactorLoginDto } from './dto/second-factor.dto';
import { relyingPartyFor } from './relying-party';
import { SecondFactorService, type SecondFactorAnswer } from './second-factor.service';

/**
 * The sign-in's second step ('Two-Factor Authentication', spec 03 §2): the session the password started (aal1) gives
 * an authenticator code, a recovery code or a security key's assertion, and reaches aal2. CSRF as on every write.
 */
@ApiTags('auth')
@SignedIn()
@AllowPartialSession()
@Controller('api/auth/login')
export class SecondFactorLoginController {
  constructor(
    private readonly secondFactors: SecondFactorService,
    private readonly identity: IdentityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('webauthn/options')
  @HttpCode(200)
  @ApiOperation({ summary: "Options for the browser's `startAuthentication` with one of the account's security keys" })
  webauthnOptions(@Req() req: Request) {
    return this.secondFactors.webAuthnSignInOptions(req.principal!, relyingPartyFor(this.config, req));
  }

  @Post('2fa')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Finish signing in with a second factor (`totp` or `recovery_code` with `code`, `webauthn` with `response`); answers the signed-in ' +
      'user as the login does. Five wrong answers pause the account’s second step (429) for the sign-in window.',
  })
  async secondStep(@Body() body: SecondFactorLoginDto, @Req() req: Request): Promise<WhoAmI> {
    const principal = req.principal!;
    const answer = (
      body.method === 'webauthn'
        ? { method: 'webauthn', response: body.response as unknown as AuthenticationResponseJSON | undefined }
        : { method: body.method, code: body.code }
    ) as SecondFactorAnswer;
    await this.secondFactors.signIn(principal, requestIp(req), answer, relyingPartyFor(this.config, req));
    const person = await this.identity.person(principal.personId);
    if (!person) throw unauthorized();
    return { user: person, roles: principal.roles, permissions: permissionsFor(principal.roles) };
  }
}
