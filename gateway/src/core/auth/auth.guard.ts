import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AUTH_ERROR, can, CSRF_HEADER, SESSION_COOKIE, type Action, type Feature, type Resource, type Role } from '@contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FeatureService } from '../features/feature.service';
import { forbidden, unauthorized } from '../http/domain-error';
import { FEATURE_KEY, PARTIAL_SESSION_KEY, PERMISSION_KEY, PUBLIC_KEY, RECENT_AUTH_KEY } from '../rbac/decorators';
import { IdentityService } from './identity.service';
import { EXTERNAL_BEARER, type ExternalBearerVerifier, type Principal } from './principal';
import { csrfTokenFor } from './tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a route declares (`@Public`, `@RequireFeature`, `@RequirePermission`/`@SignedIn`), on its method or class. */
interface RouteRules {
  isPublic: boolean;
  /** A public route that reads the Authorization header itself: no sign-in is attempted with it. */
  ownAuthorization: boolean;
  feature: Feature | undefined;
  permission: { resource: Resource; action: Action } | { roles: readonly Role[]; message: string } | 'signed-in' | undefined;
  /** Open to a session still waiting for its second factor. */
  partialSession: boolean;
  /** Needs a recent proof of identity. */
  recentAuth: boolean;
}

/** A password alone does not sign in an account that has a second factor: API clients use an access token. */
function refuseSecondFactorBasic(principal: Principal): Principal {
  if (principal.secondFactor) throw unauthorized('This account uses two-factor authentication: use an access token', 'second_factor_account');
  return principal;
}

function requireToken(principal: Principal | undefined): Principal {
  if (!principal) throw unauthorized('Invalid or expired access token', 'invalid_token');
  return principal;
}

/** The Basic user name that means "the password is an access token". */
export const BASIC_TOKEN_USER = 'token';

/** The console's own access tokens start with this; any other Bearer value is offered to the external verifier. */
const OWN_TOKEN_PREFIX = 'oc_';

export function requestIp(req: Request): string {
  return req.ip || req.socket.remoteAddress || 'unknown';
}

/**
 * The one global guard, in order: who is calling (session cookie, Basic, Bearer), CSRF for cookie-authenticated
 * writes, the route's feature flag, then the route's RBAC permission from contracts. A route without an
 * explicit permission needs a signed-in user; `@Public()` routes need nothing.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityService,
    private readonly features: FeatureService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(EXTERNAL_BEARER) private readonly externalBearer?: ExternalBearerVerifier,
  ) {}

  /** Decorators are fixed once the app is built: read per route, not per request. Keyed by class, then handler. */
  private readonly rules = new WeakMap<object, WeakMap<object, RouteRules>>();

  private rulesOf(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byHandler = this.rules.get(controller);
    if (!byHandler) this.rules.set(controller, (byHandler = new WeakMap()));
    let rules = byHandler.get(handler);
    if (!rules) {
      const targets = [handler, controller];
      rules = {
        isPublic: !!this.reflector.getAllAndOverride<boolean | string>(PUBLIC_KEY, targets),
        ownAuthorization: this.reflector.getAllAndOverride<boolean | string>(PUBLIC_KEY, targets) === 'own-authorization',
        feature: this.reflector.getAllAndOverride<Feature | undefined>(FEATURE_KEY, targets),
        permission: this.reflector.getAllAndOverride<RouteRules['permission']>(PERMISSION_KEY, targets),
        partialSession: !!this.reflector.getAllAndOverride<boolean>(PARTIAL_SESSION_KEY, targets),
        recentAuth: !!this.reflector.getAllAndOverride<boolean>(RECENT_AUTH_KEY, targets),
      };
      byHandler.set(handler, rules);
    }
    return rules;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const { isPublic, ownAuthorization, feature, permission, partialSession, recentAuth } = this.rulesOf(context);
    if (ownAuthorization) {
      // Its own credentials: no sign-in with them; its area's feature switch still holds.
      if (feature && !(await this.features.isEnabled(feature))) throw forbidden(`The ${feature} feature is disabled`, 'feature_disabled');
      return true;
    }

    const resolving = this.resolvePrincipal(req);
    const principal = resolving instanceof Promise ? await resolving : resolving;
    if (principal) req.principal = principal;
    if (isPublic) return true;
    if (!principal) throw unauthorized();

    // A session that has given its password but not yet its second factor reaches only the second-factor steps.
    if (principal.via === 'session' && principal.secondFactor && principal.aal !== 'aal2' && !partialSession) {
      throw forbidden('Two-factor authentication is required', AUTH_ERROR.aal2Required);
    }

    if (principal.via === 'session' && !SAFE_METHODS.has(req.method)) {
      const sent = req.header(CSRF_HEADER);
      const secret = req.cookies?.[SESSION_COOKIE] as string;
      if (!sent || sent !== csrfTokenFor(secret)) throw forbidden('Missing or invalid CSRF token', 'csrf');
    }

    if (feature && !(await this.features.isEnabled(feature))) {
      throw forbidden(`The ${feature} feature is disabled`, 'feature_disabled');
    }

    if (recentAuth) this.assertRecentAuth(principal);

    if (permission && permission !== 'signed-in') {
      if ('roles' in permission) {
        if (!principal.roles.some((role) => (permission.roles as readonly string[]).includes(role))) throw forbidden(permission.message, 'permission_denied');
      } else if (!can(principal.roles, permission.resource, permission.action)) {
        throw forbidden(`You do not have ${permission.action} permission on ${permission.resource}`, 'permission_denied');
      }
    }
    return true;
  }

  private assertRecentAuth(principal: Principal): void {
    if (principal.via === 'basic') return; // the password came with this very request
    if (principal.via !== 'session') throw forbidden('This change needs a signed-in session, not an access token', AUTH_ERROR.refreshRequired);
    const windowMs = this.config.identity.reauthMinutes * 60_000;
    if (!principal.authenticatedAt || Date.now() - principal.authenticatedAt > windowMs) {
      throw forbidden('Please confirm your password to continue', AUTH_ERROR.refreshRequired);
    }
  }

  /** Who is calling; at once when a session was resolved a moment ago (see IdentityService.principalFromSession). */
  private resolvePrincipal(req: Request): Principal | undefined | Promise<Principal | undefined> {
    const authorization = req.header('authorization');
    if (authorization) return this.fromAuthorization(req, authorization);
    const secret = req.cookies?.[SESSION_COOKIE];
    if (typeof secret === 'string' && secret) return this.identity.principalFromSession(secret);
    return undefined;
  }

  /**
   * Basic or Bearer credentials. Synchronous when the credential was resolved a moment ago (the common case for an API
   * client): no promise, no extra turn of the event loop on every request.
   */
  private fromAuthorization(req: Request, authorization: string): Principal | undefined | Promise<Principal | undefined> {
    const [scheme, value = ''] = authorization.split(' ', 2);
    if (/^basic$/i.test(scheme)) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw unauthorized('Malformed Basic credentials');
      // `token:<access token>`: an access token as Basic credentials (an agent's UPSTREAM_USERNAME=token and
      // UPSTREAM_PASSWORD; clients that only speak Basic). Checked exactly as the Bearer form.
      if (decoded.slice(0, colon) === BASIC_TOKEN_USER) {
        const principal = this.identity.principalFromAccessToken(decoded.slice(colon + 1));
        return principal instanceof Promise ? principal.then(requireToken) : requireToken(principal);
      }
      const basic = this.identity.authenticateBasic(decoded.slice(0, colon), decoded.slice(colon + 1), () => requestIp(req));
      return basic instanceof Promise ? basic.then(refuseSecondFactorBasic) : refuseSecondFactorBasic(basic);
    }
    if (/^bearer$/i.test(scheme)) {
      const token = value.trim();
      const principal =
        !token.startsWith(OWN_TOKEN_PREFIX) && this.externalBearer ? this.externalBearer.verify(token) : this.identity.principalFromAccessToken(token);
      return principal instanceof Promise ? principal.then(requireToken) : requireToken(principal);
    }
    // Another scheme: the session cookie decides, as without the header.
    const secret = req.cookies?.[SESSION_COOKIE];
    if (typeof secret === 'string' && secret) return this.identity.principalFromSession(secret);
    return undefined;
  }
}
