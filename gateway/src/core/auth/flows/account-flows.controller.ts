import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CSRF_HEADER, SESSION_COOKIE, type LoginResponse } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError, forbidden } from '../../http/domain-error';
import { Public } from '../../rbac/decorators';
import { requestIp } from '../auth.guard';
import { csrfTokenFor } from '../tokens';
import { CompleteRecoveryDto, EmailDto, RegisterDto, TokenDto } from './dto/account-flows.dto';
import { publicOrigin } from './flow-links';
import { FlowSignIn } from './flow-sign-in';
import { RecoveryService } from './recovery.service';
import { RegistrationService, type Invitation } from './registration.service';
import { RequestLimiter } from './request-limiter';
import { VerificationService, type VerificationStatus } from './verification.service';

/**
 * The routes that end in a new session are public, so nothing but this stops a cross-site HTML form (urlencoded, no
 * preflight) from posting a token the attacker holds and signing the visitor's browser into the attacker's account.
 * A form cannot send JSON; the console's pages do.
 */
function assertJson(req: Request): void {
  if (!req.is(['application/json', 'application/*+json'])) throw new DomainError(415, 'json_required', 'Send the request as JSON (application/json)');
}

/**
 * The self-service flows a signed-out visitor walks through (spec 03 §2, §7 identity flows): registration by invitation
 * (or openly when enabled), recovery by emailed link, email verification. Each ends in a session where it should.
 */
@ApiTags('auth')
@Controller('api/auth')
export class AccountFlowsController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly recovery: RecoveryService,
    private readonly verification: VerificationService,
    private readonly limiter: RequestLimiter,
    private readonly signIn: FlowSignIn,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('registration')
  @ApiOperation({ summary: 'Whether anyone may create an account (REGISTRATION_OPEN); invitation links always work' })
  registrationMode(): { open: boolean } {
    return { open: this.registration.open };
  }

  @Public()
  @Get('registration/:token')
  @ApiOperation({ summary: 'Who an invitation link is for; 410 once it was used, replaced or expired' })
  invitation(@Param('token') token: string): Promise<Invitation> {
    return this.registration.invitation(token);
  }

  @Public()
  @Post('register')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create the account: with an invitation token, set its password (the address counts as verified); without, open registration ' +
      '(403 unless enabled; a verification link is emailed). Signs in and answers whoami.',
  })
  async register(@Body() body: RegisterDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    assertJson(req);
    const ip = requestIp(req);
    let personId: string;
    if (body.token !== undefined && body.token !== null && body.token !== '') {
      personId = await this.registration.acceptInvitation(body.token, body.password);
    } else {
      if (this.registration.open) await this.limiter.admit('registration', null, ip);
      personId = await this.registration.registerOpenly(body, publicOrigin(this.config, req), ip);
    }
    return this.signIn.signIn(personId, 'registration', req, res);
  }

  @Public()
  @Post('recovery')
  @HttpCode(200)
  @ApiOperation({ summary: 'Email a one-time recovery link; the answer is the same whether or not the account exists (rate limited)' })
  requestRecovery(@Body() body: EmailDto, @Req() req: Request): Promise<{ message: string }> {
    return this.recovery.request(body.email, publicOrigin(this.config, req), requestIp(req));
  }

  @Public()
  @Post('recovery/complete')
  @HttpCode(200)
  @ApiOperation({ summary: "Set a new password with the recovery link's token: every session of the account ends, then a new one begins" })
  async completeRecovery(@Body() body: CompleteRecoveryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    assertJson(req);
    const personId = await this.recovery.complete(body.token, body.password);
    return this.signIn.signIn(personId, 'recovery', req, res);
  }

  @Public()
  @Get('verification')
  @ApiOperation({ summary: "The signed-in person's address and whether it is verified ({email: null} when signed out); never 401" })
  verificationStatus(@Req() req: Request): Promise<VerificationStatus> {
    return this.verification.status(req.principal);
  }

  @Public()
  @Post('verification')
  @HttpCode(200)
  @ApiOperation({ summary: 'Email a verification link: to yourself when signed in, else to `email` (same answer whether or not it exists)' })
  requestVerification(@Body() body: EmailDto, @Req() req: Request): Promise<{ message: string }> {
    const principal = req.principal;
    // Public (a signed-out visitor may ask), so a session's CSRF token is checked here.
    if (principal?.via === 'session' && req.header(CSRF_HEADER) !== csrfTokenFor(req.cookies?.[SESSION_COOKIE] as string)) {
      throw forbidden('Missing or invalid CSRF token', 'csrf');
    }
    // Signed in (CSRF checked above), the link goes to the person's own address: their browser's origin may name it.
    return this.verification.request(body.email, principal, publicOrigin(this.config, req, principal?.via === 'session'), requestIp(req));
  }

  @Public()
  @Post('verification/complete')
  @HttpCode(200)
  @ApiOperation({ summary: "Verify the address with the verification link's token" })
  completeVerification(@Body() body: TokenDto): Promise<{ email: string }> {
    return this.verification.complete(body.token);
  }
}
