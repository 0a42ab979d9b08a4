import { Inject, Injectable, Logger } from '@nestjs/common';
import { Issuer, custom, type BaseClient } from 'openid-client';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { oidcSettings, type OidcSettings } from './oidc-settings';

/** How long a failed discovery is remembered before the provider is asked again (a provider down is not asked per request). */
const DISCOVERY_RETRY_MS = 10_000;

export class SingleSignOnUnavailable extends Error {}

/**
 * The OpenID provider as discovered from OIDC_ISSUER (`/.well-known/openid-configuration`) and this console's client at
 * it. Discovered on first use and kept; a failed discovery is retried after a few seconds, so the gateway starts and
 * works with passwords while the provider is away.
 */
@Injectable()
export class OidcClientService {
  readonly settings: OidcSettings | null;
  private readonly logger = new Logger('SingleSignOn');
  private discovery?: Promise<Issuer<BaseClient>>;
  private failedAt = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = oidcSettings(config);
    custom.setHttpOptionsDefaults({ timeout: 5000 });
  }

  get enabled(): boolean {
    return this.settings !== null;
  }

  /** The provider's metadata (issuer, endpoints, jwks_uri). */
  async issuer(): Promise<Issuer<BaseClient>> {
    const settings = this.settings;
    if (!settings) throw new SingleSignOnUnavailable('Single sign-on is not configured');
    if (!this.discovery) {
      if (Date.now() - this.failedAt < DISCOVERY_RETRY_MS) throw new SingleSignOnUnavailable('The identity provider could not be reached');
      this.discovery = Issuer.discover(settings.issuer).catch((error: Error) => {
        this.logger.warn(`Discovery of ${settings.issuer} failed: ${error.message}`);
        this.discovery = undefined;
        this.failedAt = Date.now();
        throw new SingleSignOnUnavailable('The identity provider could not be reached');
      });
    }
    return this.discovery;
  }

  /** This console as a client of the provider: confidential with OIDC_CLIENT_SECRET, else public (PKCE only). */
  async client(redirectUri?: string): Promise<BaseClient> {
    const issuer = await this.issuer();
    const settings = this.settings!;
    return new issuer.Client({
      client_id: settings.clientId,
      ...(settings.clientSecret ? { client_secret: settings.clientSecret } : { token_endpoint_auth_method: 'none' }),
      redirect_uris: redirectUri ? [redirectUri] : [],
      response_types: ['code'],
    });
  }
}
