import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db.service';
import { newSecret, sha256 } from '../tokens';

/** The browser's handle on its sign-in under way: HttpOnly, only sent to the callback's path. */
export const FLOW_COOKIE = 'console_oidc_flow';
export const FLOW_COOKIE_PATH = '/api/auth/oidc';
/** How long the provider's sign-in may take between the redirect and the callback. */
export const FLOW_TTL_MS = 10 * 60_000;

export interface LoginFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
  /** Set when a signed-in person links the provider's identity to their account (profile page). */
  linkPersonId: string | null;
}

export type ConsumedFlow = { outcome: 'found'; flow: LoginFlow } | { outcome: 'missing' | 'expired' };

/**
 * Sign-in flows between the redirect to the provider and its callback: state, nonce and PKCE verifier stay on the
 * server, keyed by the hash of a random cookie value. A flow is finished once, by the browser holding that cookie,
 * on any replica.
 */
@Injectable()
export class OidcFlows {
  constructor(private readonly db: Db) {}

  /** Stores a new flow; returns the cookie value. Flows left unfinished are removed as new ones start. */
  async start(flow: LoginFlow): Promise<string> {
    const secret = newSecret();
    await this.db.query(`delete from oidc_login_flows where expires_at < now() - interval '1 hour'`);
    await this.db.query(
      `insert into oidc_login_flows (id, state, nonce, code_verifier, redirect_uri, return_to, link_person_id, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
      [sha256(secret), flow.state, flow.nonce, flow.codeVerifier, flow.redirectUri, flow.returnTo, flow.linkPersonId, FLOW_TTL_MS / 1000],
    );
    return secret;
  }

  /** Takes the flow of this cookie value (it cannot be used again). */
  async consume(secret: string | undefined): Promise<ConsumedFlow> {
    if (!secret) return { outcome: 'missing' };
    const row = await this.db.one<{
      state: string;
      nonce: string;
      code_verifier: string;
      redirect_uri: string;
      return_to: string;
      link_person_id: string | null;
      expired: boolean;
    }>(`delete from oidc_login_flows where id = $1 returning *, expires_at < now() as expired`, [sha256(secret)]);
    if (!row) return { outcome: 'missing' };
    if (row.expired) return { outcome: 'expired' };
    return {
      outcome: 'found',
      flow: {
        state: row.state,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        redirectUri: row.redirect_uri,
        returnTo: row.return_to,
        linkPersonId: row.link_person_id,
      },
    };
  }
}
