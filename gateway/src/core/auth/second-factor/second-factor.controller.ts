import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { badRequest } from '../../http/domain-error';
import { AllowPartialSession, RequireRecentAuth, SignedIn } from '../../rbac/decorators';
import { TotpCodeDto, WebAuthnRegisterDto, WebAuthnRenameDto } from './dto/second-factor.dto';
import { relyingPartyFor } from './relying-party';
import { SecondFactorService } from './second-factor.service';
import type { RecoveryCodes, SecondFactorMethods, SecondFactorStatus, TotpSetup, WebAuthnCredentialInfo, WebAuthnRegistered } from './second-factor.types';

/**
 * The signed-in person's own second factors (profile settings: '2FA authenticator app', '2FA backup recovery codes',
 * 'Hardware tokens and biometrics'). Changes that add or remove a factor need a recent sign-in ('Confirm Action').
 */
@ApiTags('auth')
@SignedIn()
@Controller('api/auth/2fa')
export class SecondFactorController {
  constructor(
    private readonly secondFactors: SecondFactorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'What the signed-in person has set up: authenticator app, recovery codes left, security keys' })
  status(@Req() req: Request): Promise<SecondFactorStatus> {
    return this.secondFactors.status(req.principal!.personId);
  }

  @Get('methods')
  @AllowPartialSession()
  @ApiOperation({ summary: 'The second factors this account can finish signing in with (also for a session waiting for one)' })
  async methods(@Req() req: Request): Promise<SecondFactorMethods> {
    return { methods: await this.secondFactors.methods(req.principal!.personId) };
  }

  @Post('totp/setup')
  @RequireRecentAuth()
  @ApiOperation({ summary: 'Start setting up an authenticator app: a new secret (shown once), its otpauth URI and QR code' })
  setupTotp(@Req() req: Request): Promise<TotpSetup> {
    return this.secondFactors.setupTotp(req.principal!.personId);
  }

  @Post('totp/verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'A code from the app turns it on; answers ten recovery codes, shown once' })
  async verifyTotp(@Body() body: TotpCodeDto, @Req() req: Request): Promise<RecoveryCodes> {
    return { recovery_codes: await this.secondFactors.enableTotp(req.principal!, body.code) };
  }

  @Delete('totp')
  @HttpCode(204)
  @RequireRecentAuth()
  @ApiOperation({ summary: 'Turn the authenticator app off' })
  disableTotp(@Req() req: Request): Promise<void> {
    return this.secondFactors.disableTotp(req.principal!.personId);
  }

  @Post('recovery-codes')
  @HttpCode(200)
  @RequireRecentAuth()
  @ApiOperation({ summary: 'Replace the recovery codes with ten new ones, shown once' })
  async regenerateRecoveryCodes(@Req() req: Request): Promise<RecoveryCodes> {
    return { recovery_codes: await this.secondFactors.regenerateRecoveryCodes(req.principal!.personId) };
  }

  @Post('webauthn/register/options')
  @HttpCode(200)
  @RequireRecentAuth()
  @ApiOperation({ summary: "Options for the browser's `startRegistration` (a new security key or biometric)" })
  registrationOptions(@Req() req: Request) {
    return this.secondFactors.registrationOptions(req.principal!, relyingPartyFor(this.config, req));
  }

  @Post('webauthn/register/verify')
  @HttpCode(200)
  @RequireRecentAuth()
  @ApiOperation({ summary: "Register the key from the browser's answer; recovery codes come along when none are left" })
  register(@Body() body: WebAuthnRegisterDto, @Req() req: Request): Promise<WebAuthnRegistered> {
    const name = body.name?.trim() || 'Security key';
    return this.secondFactors.registerWebAuthn(req.principal!, relyingPartyFor(this.config, req), name, body.response as unknown as RegistrationResponseJSON);
  }

  @Get('webauthn')
  @ApiOperation({ summary: "The signed-in person's security keys and biometrics" })
  async credentials(@Req() req: Request): Promise<WebAuthnCredentialInfo[]> {
    return (await this.secondFactors.status(req.principal!.personId)).webauthn;
  }

  @Patch('webauthn/:id')
  @ApiOperation({ summary: 'Rename a security key' })
  rename(@Param('id', new ParseUUIDPipe()) id: string, @Body() body: WebAuthnRenameDto, @Req() req: Request): Promise<WebAuthnCredentialInfo> {
    const name = body.name.trim();
    if (!name) throw badRequest('Please provide a name');
    return this.secondFactors.renameWebAuthn(req.principal!.personId, id, name);
  }

  @Delete('webauthn/:id')
  @HttpCode(204)
  @RequireRecentAuth()
  @ApiOperation({ summary: 'Remove a security key' })
  remove(@Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<void> {
    return this.secondFactors.removeWebAuthn(req.principal!.personId, id);
  }
}
