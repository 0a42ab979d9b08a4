/** Request and response shapes of the gateway's domain endpoints. */
import type { PermissionSet, Role } from './rbac';
import type { FeatureStates } from './features';

export interface PersonSummary {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
}

/** A person as lists show them (created by, responders, mentions). */
export interface PersonRef {
  id: string;
  name: string;
  avatar: string | null;
}

export interface WhoAmI {
  user: PersonSummary;
  roles: Role[];
  permissions: PermissionSet;
}

/**
 * `POST /api/auth/login`. `refresh: true` re-authenticates the signed-in user (spec 03 'Confirm Action'): the current
 * session's authentication time is renewed instead of a new session being made.
 */
export interface LoginRequest {
  email: string;
  password: string;
  refresh?: boolean;
}

export interface About {
  version: string;
  name: string;
  database: 'embedded' | 'external';
  uptimeSeconds: number;
}

/** The error body of every 4xx/5xx from the gateway; the data API uses PostgREST's shape. */
export interface ApiError {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
  hint?: string | null;
}

export interface PostgrestError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export type PropertySource = 'local' | 'api';

export interface Property {
  name: string;
  value: string;
  description: string | null;
  source: PropertySource;
  created_by: string | null;
  /** Who created it, for display; null for local flags or when the person is gone. */
  creator: PersonRef | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface PropertyInput {
  name: string;
  value: string;
  description?: string | null;
}

export interface FeaturesResponse {
  features: FeatureStates;
}

/** Header names shared by gateway and web. */
export const CSRF_COOKIE = 'console_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'console_session';

/** A connection as the API returns it: secrets are never sent back, only whether they are set. */
export interface ConnectionView {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  insecure_tls: boolean;
  properties: Record<string, string>;
  source: string;
  created_by: string | null;
  creator: PersonRef | null;
  created_at: string;
  updated_at: string;
  password_set: boolean;
  certificate_set: boolean;
}
