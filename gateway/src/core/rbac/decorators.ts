import { SetMetadata } from '@nestjs/common';
import type { Action, Feature, Resource, Role } from '@contracts';

export const PUBLIC_KEY = 'console:public';
export const PERMISSION_KEY = 'console:permission';
export const FEATURE_KEY = 'console:feature';

/**
 * The route needs no signed-in user (login, health probes, about). `ownAuthorization`: the route reads the
 * Authorization header itself (a playbook webhook's own Basic or Bearer credentials), so the guard does not take it
 * for a console sign-in.
 */
export const Public = (options: { ownAuthorization?: boolean } = {}) => SetMetadata(PUBLIC_KEY, options.ownAuthorization ? 'own-authorization' : true);

/** The signed-in user needs `action` on `resource` (spec 01 §6). Checked by the global PermissionGuard. */
export const RequirePermission = (resource: Resource, action: Action) => SetMetadata(PERMISSION_KEY, { resource, action });

/**
 * The signed-in user needs one of `roles` (a rule of the spec stated in roles rather than a resource and action, such
 * as Run Now: admin, editor, responder or commander); `message` is the 403's. Checked by the global guard.
 */
export const RequireAnyRole = (roles: readonly Role[], message: string) => SetMetadata(PERMISSION_KEY, { roles, message });

/** The route answers 403 while the feature is disabled by a `{feature}.disable` property. */
export const RequireFeature = (feature: Feature) => SetMetadata(FEATURE_KEY, feature);

/** A route that every signed-in user may call, with no resource check (whoami, logout, own profile). */
export const SignedIn = () => SetMetadata(PERMISSION_KEY, 'signed-in');

export const PARTIAL_SESSION_KEY = 'console:partial-session';
export const RECENT_AUTH_KEY = 'console:recent-auth';

/**
 * The route works for a session still waiting for its second factor (aal1 of an account with 2FA): the second-factor
 * sign-in steps and sign-out. Every other route answers 403 `session_aal2_required` to such a session.
 */
export const AllowPartialSession = () => SetMetadata(PARTIAL_SESSION_KEY, true);

/**
 * The route changes how the account signs in (password, second factors): a session must have proved its identity
 * within REAUTH_MINUTES, else 403 `session_refresh_required` and the web asks again ('Confirm Action'). Basic
 * credentials carry the password and count as recent; access tokens and provider JWTs are refused.
 */
export const RequireRecentAuth = () => SetMetadata(RECENT_AUTH_KEY, true);
