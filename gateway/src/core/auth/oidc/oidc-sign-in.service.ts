import { Injectable, Logger } from '@nestjs/common';
import { errors, generators, type CallbackParamsType, type TokenSet } from 'openid-client';
import { IdentityService } from '../identity.service';
import type { Principal } from '../principal';
import { OidcAccountsService, SingleSignOnRefused } from './oidc-accounts.service';
import type { Claims } from './oidc-claims';
import { OidcClientService, SingleSignOnUnavailable } from './oidc-client.service';
import { OidcFlows } from './oidc-flows';
import { OrganizationsService } from './organizations.service';
import { SSO_ERROR, type SsoErrorCode } from './sso-errors';

/** Where the browser goes next; `session` is set when a session was made (its cookies are the controller's). */
export interface SignInOutcome {
  location: string;
  session?: { secret: string; expiresAt: Date };
}

/** `/login?return_to=…&sso_error=<code>`: the login page explains the code (SsoButtons). */
export function loginWithError(code: SsoErrorCode, returnTo = '/'): string {
  const query = new URLSearchParams({ sso_error: code });
  if (returnTo !== '/') query.set('return_to', returnTo);
  return `/login?${query.toString()}`;
}

/** The profile page with a message of the link flow (SocialSignInSection shows it). */
function profileWith(returnTo: string, key: 'sso_error' | 'sso_linked', value: string): string {
  const url = new URL(returnTo, 'http://console.invalid');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

/**
 * The authorization code flow with PKCE (S256), state and nonce (openid-client): the redirect to the provider, then its
 * callback: code exchange, ID token checks (signature, issuer, audience, expiry, nonce), userinfo, the person, a
 * session with method 'oidc'.
 */
@Injectable()
export class OidcSignInService {
  private readonly logger = new Logger('SingleSignOn');

  constructor(
    private readonly oidc: OidcClientService,
    private readonly flows: OidcFlows,
    private readonly accounts: OidcAccountsService,
    private readonly organizations: OrganizationsService,
    private readonly identity: IdentityService,
  ) {}

  /** The provider's authorization URL and the flow cookie's value. */
  async start(redirectUri: string, returnTo: string, linkPersonId: string | null): Promise<{ url: string; flowSecret: string }> {
    const client = await this.oidc.client(redirectUri);
    const state = generators.state();
    const nonce = generators.nonce();
    const codeVerifier = generators.codeVerifier();
    const url = client.authorizationUrl({
      scope: this.oidc.settings!.scopes,
      redirect_uri: redirectUri,
      state,
      nonce,
      code_challenge: generators.codeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    const flowSecret = await this.flows.start({ state, nonce, codeVerifier, redirectUri, returnTo, linkPersonId });
    return { url, flowSecret };
  }

  /** The provider's answer: the browser's flow must exist, be fresh and carry the same state. */
  async finish(
    flowSecret: string | undefined,
    requestUrl: string,
    current: Principal | undefined,
    client: { ip: string; userAgent: string | undefined },
  ): Promise<SignInOutcome> {
    const consumed = await this.flows.consume(flowSecret);
    if (consumed.outcome !== 'found') {
      return { location: loginWithError(consumed.outcome === 'expired' ? SSO_ERROR.expired : SSO_ERROR.securityViolation) };
    }
    const { flow } = consumed;
    const failed = (code: SsoErrorCode) =>
      flow.linkPersonId ? { location: profileWith(flow.returnTo, 'sso_error', code) } : { location: loginWithError(code, flow.returnTo) };
    let claims: Claims;
    let issuer: string;
    try {
      const oidcClient = await this.oidc.client(flow.redirectUri);
      issuer = oidcClient.issuer.metadata.issuer;
      const params: CallbackParamsType = oidcClient.callbackParams(requestUrl);
      if (params.state !== flow.state) return failed(SSO_ERROR.securityViolation);
      if (params.error) {
        this.logger.warn(`The identity provider refused the sign-in: ${params.error_description ?? params.error}`);
        return failed(SSO_ERROR.providerRefused);
      }
      const tokens = await oidcClient.callback(flow.redirectUri, params, {
        state: flow.state,
        nonce: flow.nonce,
        code_verifier: flow.codeVerifier,
        response_type: 'code',
      });
      claims = await this.claimsOf(oidcClient, tokens);
    } catch (error) {
      if (error instanceof SingleSignOnUnavailable) return failed(SSO_ERROR.unavailable);
      // The provider's answer did not check out (state, nonce, ID token): treated as an attack, not retried.
      if (error instanceof errors.RPError) {
        this.logger.warn(`Single sign-on callback refused: ${error.message}`);
        return failed(SSO_ERROR.securityViolation);
      }
      if (error instanceof errors.OPError) {
        this.logger.warn(`The identity provider refused the code exchange: ${error.error_description ?? error.error}`);
        return failed(SSO_ERROR.providerRefused);
      }
      this.logger.warn(`Single sign-on callback failed: ${(error as Error).message}`);
      return failed(SSO_ERROR.unavailable);
    }

    try {
      if (flow.linkPersonId) {
        if (current?.via !== 'session' || current.personId !== flow.linkPersonId) return failed(SSO_ERROR.securityViolation);
        await this.accounts.link(flow.linkPersonId, issuer, claims);
        return { location: profileWith(flow.returnTo, 'sso_linked', this.oidc.settings!.label) };
      }
      const person = await this.accounts.signIn(issuer, claims);
      const { secret, expiresAt, sessionId } = await this.identity.createSession(person.personId, client.ip, client.userAgent, {
        aal: 'aal1',
        method: 'oidc',
      });
      await this.organizations.setSessionOrganization(sessionId, person.organizationId);
      // The browser's previous session (if any) is replaced by this one: end it rather than leave it orphaned.
      if (current?.via === 'session' && current.sessionId) await this.identity.revokeSession(current.sessionId);
      // An account with a second factor of its own still gives it (the guard holds the session to that step).
      const location = person.secondFactor ? `/login?${new URLSearchParams({ aal: 'aal2', return_to: flow.returnTo })}` : flow.returnTo;
      return { location, session: { secret, expiresAt } };
    } catch (error) {
      if (error instanceof SingleSignOnRefused) return failed(error.code);
      throw error;
    }
  }

  /** The ID token's claims, completed by userinfo (many providers put email, roles and groups only there). */
  private async claimsOf(client: Awaited<ReturnType<OidcClientService['client']>>, tokens: TokenSet): Promise<Claims> {
    const idClaims = tokens.claims() as Claims;
    if (!client.issuer.metadata.userinfo_endpoint || !tokens.access_token) return idClaims;
    try {
      const userinfo = (await client.userinfo(tokens)) as Claims;
      // openid-client checks that userinfo's subject is the ID token's.
      return { ...idClaims, ...userinfo, sub: idClaims.sub };
    } catch (error) {
      this.logger.warn(`Userinfo could not be read, using the ID token's claims: ${(error as Error).message}`);
      return idClaims;
    }
  }
}
