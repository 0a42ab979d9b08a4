import { isRole, type Role } from '@contracts';
import { ConfigError, type AppConfig } from '../../config/app-config';

/** Single sign-on as configured (OIDC_* variables), checked once at start; `null` when no issuer is set. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  label: string;
  scopes: string;
  rolesClaim: string;
  roleMap: Record<string, Role>;
  defaultRole: Role;
  /** Expected `aud` of Bearer JWTs: OIDC_AUDIENCE, else the client id (as Kubernetes accepts ID tokens). */
  audience: string;
  orgClaim: string | null;
}

export function oidcSettings(config: AppConfig): OidcSettings | null {
  const oidc = config.oidc;
  if (!oidc.issuer) return null;
  let issuer: URL;
  try {
    issuer = new URL(oidc.issuer);
  } catch {
    throw new ConfigError(`OIDC_ISSUER must be a URL, got '${oidc.issuer}'`);
  }
  if (!/^https?:$/.test(issuer.protocol)) throw new ConfigError(`OIDC_ISSUER must be an http(s) URL, got '${oidc.issuer}'`);
  if (!oidc.clientId) throw new ConfigError('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  const roleMap: Record<string, Role> = {};
  for (const [claimValue, role] of Object.entries(oidc.roleMap)) {
    if (!isRole(role))
      throw new ConfigError(`OIDC_ROLE_MAP maps '${claimValue}' to '${role}', which is not a role (admin, editor, commander, responder, viewer)`);
    roleMap[claimValue] = role;
  }
  if (!isRole(oidc.defaultRole))
    throw new ConfigError(`OIDC_DEFAULT_ROLE must be a role (admin, editor, commander, responder, viewer), got '${oidc.defaultRole}'`);
  const scopes = oidc.scopes.split(/\s+/).filter(Boolean);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  return {
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    label: oidc.label,
    scopes: scopes.join(' '),
    rolesClaim: oidc.rolesClaim,
    roleMap,
    defaultRole: oidc.defaultRole,
    audience: oidc.audience ?? oidc.clientId,
    orgClaim: oidc.orgClaim,
  };
}
