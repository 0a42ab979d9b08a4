import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CSRF_COOKIE, CSRF_HEADER, permissionsFor, SESSION_COOKIE, type LoginResponse, type WhoAmI } from '@contracts';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { badRequest, DomainError, forbidden, notFound, unauthorized } from '../http/domain-error';
import { AllowPartialSession, Public, SignedIn } from '../rbac/decorators';
import { requestIp } from './auth.guard';
import { LoginDto } from './dto/login.dto';
import { IdentityService, INVALID_CREDENTIALS, type AccessTokenInfo } from './identity.service';
import type { Principal } from './principal';
import { clearSessionCookies, sessionCookieOptions, setSessionCookies } from './session-cookies';
import { csrfTokenFor } from './tokens';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly identity: IdentityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async whoami(principal: Principal): Promise<WhoAmI> {
    const person = await this.identity.person(principal.personId);
    if (!person) throw unauthorized();
    return { user: person, roles: principal.roles, permissions: permissionsFor(principal.roles) };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sign in with email and password; sets the session and CSRF cookies. An account with a second factor gets a session waiting for it ' +
      "(`second_factor_required`). `refresh: true` re-authenticates the signed-in user's current session ('Confirm Action').",
  })
  async login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    // Only the console's own page signs in: a form on another site (a 'simple' cross-site POST, which needs no preflight)
    // must not sign the visitor's browser into an account of the attacker's choosing (login CSRF).
    if (!req.is('application/json')) throw new DomainError(415, 'unsupported_media_type', 'Sign in with a JSON body');
    if (body.refresh) return this.refresh(body, req);
    const principal = await this.identity.authenticate(body.email, body.password, requestIp(req));
    if (principal.secondFactor) {
      const methods = await this.identity.secondFactorMethods(principal.personId);
      const { secret, expiresAt } = await this.identity.createSession(principal.personId, requestIp(req), req.header('user-agent'), { aal: 'aal1' });
      setSessionCookies(res, this.config, secret, expiresAt);
      return { second_factor_required: true, methods };
    }
    const { secret, expiresAt } = await this.identity.createSession(principal.personId, requestIp(req), req.header('user-agent'));
    setSessionCookies(res, this.config, secret, expiresAt);
    return this.whoami(principal);
  }

  /** 'Confirm Action': the signed-in person gives their password again; the current session counts as freshly signed in. */
  private async refresh(body: LoginDto, req: Request): Promise<WhoAmI> {
    const current = req.principal;
    if (!current || current.via !== 'session' || !current.sessionId) throw unauthorized();
    if (req.header(CSRF_HEADER) !== csrfTokenFor(req.cookies?.[SESSION_COOKIE] as string)) throw forbidden('Missing or invalid CSRF token', 'csrf');
    if (body.email.toLowerCase() !== current.email.toLowerCase()) throw badRequest('Sign in again as the signed-in user', 'identity_mismatch');
    // A wrong password here is not a lost session: 400, so the page keeps what the user was doing and says why.
    const principal = await this.identity.authenticate(body.email, body.password, requestIp(req)).catch((error: unknown) => {
      if (error instanceof DomainError && error.getStatus() === 401) throw badRequest(INVALID_CREDENTIALS, 'invalid_credentials');
      throw error;
    });
    await this.identity.refreshSession(current.sessionId);
    return this.whoami({ ...principal, via: 'session', sessionId: current.sessionId });
  }

  @Public()
  @AllowPartialSession()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke the current session and clear its cookies' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    // Public (an expired session may still sign out), but a live session is only ended with its CSRF token.
    if (req.principal?.via === 'session') {
      const secret = req.cookies?.[SESSION_COOKIE] as string;
      if (req.header(CSRF_HEADER) !== csrfTokenFor(secret)) throw forbidden('Missing or invalid CSRF token', 'csrf');
    }
    if (req.principal?.sessionId) await this.identity.revokeSession(req.principal.sessionId);
    clearSessionCookies(res, this.config);
  }

  @SignedIn()
  @Get('whoami')
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user, their roles and effective permissions' })
  async me(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<WhoAmI> {
    const principal = req.principal!;
    // Re-issue the CSRF cookie if the browser lost it while the session is still valid.
    const secret = req.cookies?.[SESSION_COOKIE];
    if (principal.via === 'session' && secret && req.cookies?.[CSRF_COOKIE] !== csrfTokenFor(secret)) {
      res.cookie(CSRF_COOKIE, csrfTokenFor(secret), sessionCookieOptions(this.config, false));
    }
    return this.whoami(principal);
  }

  @SignedIn()
  @Get('tokens')
  @ApiOperation({ summary: "The signed-in person's access tokens: name, created, expires, last used (never the value)" })
  tokens(@Req() req: Request): Promise<AccessTokenInfo[]> {
    return this.identity.listTokens(req.principal!.personId);
  }

  @SignedIn()
  @Delete('tokens/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke one of your own access tokens' })
  async revokeToken(@Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<void> {
    if (!(await this.identity.revokeToken(req.principal!.personId, id))) throw notFound('Token not found');
  }

  /**
   * Self-service flow errors (registration, recovery, verification) are recorded by those flows, which are not
   * built yet; until then no error id exists and the page sends the user home on 404 as the spec says.
   */
  @Public()
  @Get('errors/:id')
  flowError(@Param('id') id: string): never {
    throw notFound(`Flow error ${id} not found`);
  }
}
