import { loadConfig } from '../../config/app-config';
import { oidcSettings } from './oidc-settings';

const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

describe('oidcSettings', () => {
  it('is off without an issuer', () => {
    expect(oidcSettings(config({}))).toBeNull();
  });

  it('defaults the Bearer audience to the client id and always asks for openid', () => {
    const settings = oidcSettings(config({ OIDC_ISSUER: 'https://idp.test', OIDC_CLIENT_ID: 'console', OIDC_SCOPES: 'email profile' }))!;
    expect(settings.audience).toBe('console');
    expect(settings.scopes).toBe('openid email profile');
  });

  it('refuses a role map naming something that is not a role, a bad default role and a missing client id', () => {
    const base = { OIDC_ISSUER: 'https://idp.test', OIDC_CLIENT_ID: 'console' };
    expect(() => oidcSettings(config({ ...base, OIDC_ROLE_MAP: 'admins=root' }))).toThrow("OIDC_ROLE_MAP maps 'admins' to 'root', which is not a role");
    expect(() => oidcSettings(config({ ...base, OIDC_DEFAULT_ROLE: 'boss' }))).toThrow('OIDC_DEFAULT_ROLE must be a role');
    expect(() => oidcSettings(config({ OIDC_ISSUER: 'https://idp.test' }))).toThrow('OIDC_CLIENT_ID is required');
  });

  it('names OIDC_ROLE_MAP when its entries are not claimValue=role', () => {
    expect(() => config({ OIDC_ROLE_MAP: 'admins' })).toThrow("OIDC_ROLE_MAP entries must look like claimValue=role, separated by commas, got 'admins'");
  });
});
