import { SetMetadata } from '@nestjs/common';
import type { Action, Feature, Resource } from '@contracts';

export const PUBLIC_KEY = 'console:public';
export const PERMISSION_KEY = 'console:permission';
export const FEATURE_KEY = 'console:feature';

/** The route needs no signed-in user (login, health probes, about). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The signed-in user needs `action` on `resource` (spec 01 §6). Checked by the global PermissionGuard. */
export const RequirePermission = (resource: Resource, action: Action) => SetMetadata(PERMISSION_KEY, { resource, action });

/** The route answers 403 while the feature is disabled by a `{feature}.disable` property. */
export const RequireFeature = (feature: Feature) => SetMetadata(FEATURE_KEY, feature);

/** A route that every signed-in user may call, with no resource check (whoami, logout, own profile). */
export const SignedIn = () => SetMetadata(PERMISSION_KEY, 'signed-in');
