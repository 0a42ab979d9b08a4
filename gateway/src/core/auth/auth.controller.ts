import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { CSRF_COOKIE, permissionsFor, SESSION_COOKIE, type WhoAmI } from '@contracts';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { notFound, unauthorized } from '../http/domain-error';
import { Public, SignedIn } from '../rbac/decorators';
import { requestIp } from './auth.guard';
import { LoginDto } from './dto/login.dto';
import { IdentityService } from './identity.service';
import type { Principal } from './principal';
import { csrfTokenFor } from './tokens';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly identity: IdentityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private cookieOptions(httpOnly: boolean, expires?: Date): CookieOptions {
    return { httpOnly, sameSite: 'lax', secure: this.config.secureCookies, path: '/', expires };
  }

  private async whoami(principal: Principal): Promise<WhoAmI> {
    const person = await this.identity.person(principal.personId);
    if (!person) throw unauthorized();
    return { user: person, roles: principal.roles, permissions: permissionsFor(principal.roles) };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password; sets the session and CSRF cookies' })
  async login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<WhoAmI> {
    const principal = await this.identity.authenticate(body.email, body.password, requestIp(req));
    const { secret, expiresAt } = await this.identity.createSession(principal.personId, requestIp(req), req.header('user-agent'));
    res.cookie(SESSION_COOKIE, secret, this.cookieOptions(true, expiresAt));
    res.cookie(CSRF_COOKIE, csrfTokenFor(secret), this.cookieOptions(false, expiresAt));
    return this.whoami(principal);
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke the current session and clear its cookies' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    if (req.principal?.sessionId) await this.identity.revokeSession(req.principal.sessionId);
    res.clearCookie(SESSION_COOKIE, this.cookieOptions(true));
    res.clearCookie(CSRF_COOKIE, this.cookieOptions(false));
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
      res.cookie(CSRF_COOKIE, csrfTokenFor(secret), this.cookieOptions(false));
    }
    return this.whoami(principal);
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
