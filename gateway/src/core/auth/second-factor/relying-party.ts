import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config';
import { TOTP_ISSUER } from './totp';

/** Who the console is to a security key: the host name credentials are bound to, and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * PUBLIC_URL decides when it is set; otherwise the request's own host and scheme (behind a proxy, as TRUST_PROXY lets
 * Express read them). A key registered under one host name does not sign in on another.
 */
export function relyingPartyFor(config: Pick<AppConfig, 'publicUrl'>, req: Request): RelyingParty {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, origin: url.origin, name: TOTP_ISSUER };
  }
  const host = req.get('host') ?? req.hostname;
  return { id: req.hostname, origin: `${req.protocol}://${host}`, name: TOTP_ISSUER };
}
