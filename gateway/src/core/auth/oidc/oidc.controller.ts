import type { LinkedIdentities, OidcPublicConfig } from '@contracts';
import { Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Public, RequireRecentAuth, SignedIn } from '../../rbac/decorators';
import { requestIp } from '../auth.guard';
import { setSessionCookies } from '../session-cookies';
import { OidcClientService, SingleSignOnUnavailable } from './oidc-client.service';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_TTL_MS } from './oidc-flows';
import { OidcIdentitiesService } from './oidc-identities.service';
import { loginWithError, OidcSignInService } from './oidc-sign-in.service';
import { SSO_ERROR } from './sso-errors';
import { allowedReturnTo } from './return-to';

@ApiTags('auth')
@Controller('api/auth/oidc')
export class OidcController {
  constructor(
    private readonly oidc: OidcClientService,
    private readonly signIn: OidcSignInService,
    private readonly identities: OidcIdentitiesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The console's origin: PUBLIC_URL, else the request's (behind a proxy, TRUST_PROXY decides what counts). */
  private origin(req: Request): string {
    return this.config.publicUrl ? new URL(this.config.publicUrl).origin : `${req.protocol}://${req.get('host')}`;
  }

  @Public()
  @Get('config')
  @ApiOperation({ summary: 'Whether single sign-on is offered, its button label and whether hosted mode (organisations) is on' })
  publicConfig(): OidcPublicConfig {
    const settings = this.oidc.settings;
    return { enabled: !!settings, label: settings?.label ?? '', hosted: !!settings?.orgClaim };
  }

  @Public()
  @Get('login')
  @ApiQuery({ name: 'return_to', required: false, description: 'A path of the console to open after sign-in' })
  @ApiQuery({ name: 'link', required: false, description: "'true': link the provider identity to the signed-in account" })
  @ApiOperation({ summary: 'Starts single sign-on: redirects to the provider (authorization code + PKCE S256, state, nonce)' })
  async login(@Query('return_to') returnToParam: string | undefined, @Query('link') link: string | undefined, @Req() req: Request, @Res() res: Response) {
    const linking = link === 'true';
    const returnTo = allowedReturnTo(returnToParam ?? (linking ? '/profile-settings' : undefined), this.origin(req));
    if (returnTo === null) return res.redirect(302, loginWithError(SSO_ERROR.returnToNotAllowed));
    if (!this.oidc.enabled) return res.redirect(302, loginWithError(SSO_ERROR.notConfigured, returnTo));
    let linkPersonId: string | null = null;
    if (linking) {
      const principal = req.principal;
      if (principal?.via !== 'session' || (principal.secondFactor && principal.aal !== 'aal2')) {
        return res.redirect(302, `/login?${new URLSearchParams({ return_to: returnTo })}`);
      }
      linkPersonId = principal.personId;
    }
    try {
      const { url, flowSecret } = await this.signIn.start(`${this.origin(req)}${FLOW_COOKIE_PATH}/callback`, returnTo, linkPersonId);
      res.cookie(FLOW_COOKIE, flowSecret, { httpOnly: true, sameSite: 'lax', secure: this.config.secureCookies, path: FLOW_COOKIE_PATH, maxAge: FLOW_TTL_MS });
      res.redirect(302, url);
    } catch (error) {
      if (!(error instanceof SingleSignOnUnavailable)) throw error;
      res.redirect(302, loginWithError(SSO_ERROR.unavailable, returnTo));
    }
  }

  @Public()
  @Get('callback')
  @ApiOperation({ summary: "The provider's redirect back: checks the flow, exchanges the code, signs the person in and redirects to return_to" })
  async callback(@Req() req: Request, @Res() res: Response) {
    const flowSecret = req.cookies?.[FLOW_COOKIE] as string | undefined;
    res.clearCookie(FLOW_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.config.secureCookies, path: FLOW_COOKIE_PATH });
    const outcome = await this.signIn.finish(flowSecret, req.originalUrl, req.principal, { ip: requestIp(req), userAgent: req.header('user-agent') });
    if (outcome.session) setSessionCookies(res, this.config, outcome.session.secret, outcome.session.expiresAt);
    res.redirect(302, outcome.location);
  }

  @SignedIn()
  @Get('identities')
  @ApiOperation({ summary: "The signed-in person's linked provider identities ('Manage Social Sign In') and whether one may be unlinked" })
  list(@Req() req: Request): Promise<LinkedIdentities> {
    return this.identities.list(req.principal!.personId);
  }

  @SignedIn()
  @RequireRecentAuth()
  @Delete('identities/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Unlink a provider identity; only while the account has a password to sign in with' })
  async unlink(@Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<void> {
    await this.identities.unlink(req.principal!.personId, id);
  }
}
