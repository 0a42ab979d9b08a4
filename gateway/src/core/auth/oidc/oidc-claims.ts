import type { Role } from '@contracts';
import type { OidcSettings } from './oidc-settings';

export type Claims = Record<string, unknown>;

/** A claim by name; a name not present as such is read as a dotted path (`realm_access.roles`). */
export function claimAt(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const segment of name.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Claims)[segment];
  }
  return value;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * The roles the provider grants: each claim value named in the role map gives its role; none → the default role.
 * A value the map does not name gives nothing (a group called "admin" at the provider is not the console's admin
 * unless the map says so).
 */
export function mappedRoles(claims: Claims, settings: Pick<OidcSettings, 'rolesClaim' | 'roleMap' | 'defaultRole'>): Role[] {
  const roles = new Set<Role>();
  for (const value of strings(claimAt(claims, settings.rolesClaim))) {
    const role = settings.roleMap[value];
    if (role) roles.add(role);
  }
  return roles.size ? [...roles] : [settings.defaultRole];
}

export interface ClaimedOrganization {
  slug: string;
  name: string;
  backendUrl: string | null;
  direct: boolean;
}

const SLUG = /^[a-z0-9][a-z0-9_.-]{0,99}$/;

function organization(slug: unknown, details: Claims = {}): ClaimedOrganization | null {
  if (typeof slug !== 'string') return null;
  const normalized = slug.trim().toLowerCase();
  if (!SLUG.test(normalized)) return null;
  const meta = (details.publicMetadata ?? details.public_metadata ?? {}) as Claims;
  const backend = meta.backend_url ?? details.backend_url;
  return {
    slug: normalized,
    name: typeof details.name === 'string' && details.name.trim() ? details.name.trim().slice(0, 200) : normalized,
    backendUrl: typeof backend === 'string' && /^https?:\/\//.test(backend) ? backend : null,
    direct: (meta.direct ?? details.direct) === true,
  };
}

/**
 * Hosted mode: the organisations a claim names. Accepted shapes: a slug, a list of slugs, a list of objects
 * (`{slug, name?, publicMetadata?: {backend_url, direct}}`), or an object keyed by slug (`{acme: {name: 'Acme'}}`).
 * Values that are not slugs (lowercase letters, digits, `-`, `_`, `.`) are skipped; order is kept, duplicates dropped.
 */
export function claimedOrganizations(claims: Claims, orgClaim: string | null): ClaimedOrganization[] {
  if (!orgClaim) return [];
  const value = claimAt(claims, orgClaim);
  const found: (ClaimedOrganization | null)[] = [];
  if (typeof value === 'string') found.push(...strings(value).map((slug) => organization(slug)));
  else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string') found.push(organization(item));
      else if (item && typeof item === 'object') found.push(organization((item as Claims).slug ?? (item as Claims).id, item as Claims));
    }
  } else if (value && typeof value === 'object') {
    for (const [slug, details] of Object.entries(value as Claims))
      found.push(organization(slug, details && typeof details === 'object' ? (details as Claims) : {}));
  }
  const bySlug = new Map<string, ClaimedOrganization>();
  for (const org of found) if (org && !bySlug.has(org.slug)) bySlug.set(org.slug, org);
  return [...bySlug.values()];
}

/** The name a new person gets: `name`, else given + family name, else the email's local part. */
export function displayName(claims: Claims, email: string): string {
  // No control characters: the name is written into emails ('Hello {name},') and must stay one line.
  const clean = (value: unknown) => (typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() : '');
  const name = clean(claims.name);
  if (name) return name.slice(0, 200);
  const parts = [clean(claims.given_name), clean(claims.family_name)].filter(Boolean);
  if (parts.length) return parts.join(' ').slice(0, 200);
  return email.split('@')[0] || email;
}

/** The email the provider asserts, and whether it says the address is verified (only `email_verified: true` counts). */
export function claimedEmail(claims: Claims): { email: string | null; verified: boolean } {
  const email = typeof claims.email === 'string' && /^[^@\s]+@[^@\s]+$/.test(claims.email.trim()) ? claims.email.trim() : null;
  return { email, verified: email !== null && claims.email_verified === true };
}
