import { Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Db } from '../../database/db.service';
import { badRequest, conflict, notFound } from '../../http/domain-error';
import type { RelyingParty } from './relying-party';
import type { WebAuthnCredentialInfo } from './second-factor.types';

/** How long a ceremony's challenge stays good (the browser's prompt times out with it). */
export const WEBAUTHN_CHALLENGE_SECONDS = 300;
export const WEBAUTHN_EXPIRED = 'The security key request expired. Please try again.';

type Ceremony = 'registration' | 'authentication';

interface StoredCredential {
  id: string;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string[];
}

const INFO_COLUMNS = `id, coalesce(name, 'Security key') as name, created_at, last_used_at`;

function reason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'invalid response';
}

/**
 * Security keys and biometrics (WebAuthn) through SimpleWebAuthn: 'none' attestation, user presence required, user
 * verification preferred (the key is the second factor, the password the first). Each session has at most one open
 * challenge per ceremony, taken (deleted) by the answer that uses it.
 */
@Injectable()
export class WebAuthnService {
  constructor(private readonly db: Db) {}

  private async saveChallenge(sessionId: string, ceremony: Ceremony, challenge: string): Promise<void> {
    await this.db.query(
      `insert into webauthn_challenges (session_id, purpose, challenge, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))
       on conflict (session_id, purpose) do update set challenge = excluded.challenge, expires_at = excluded.expires_at`,
      [sessionId, ceremony, challenge, WEBAUTHN_CHALLENGE_SECONDS],
    );
  }

  /** The session's open challenge, used up by this call; null when there is none or it expired. */
  private async takeChallenge(sessionId: string, ceremony: Ceremony): Promise<string | null> {
    const row = await this.db.one<{ challenge: string; live: boolean }>(
      `delete from webauthn_challenges where session_id = $1 and purpose = $2 returning challenge, expires_at > now() as live`,
      [sessionId, ceremony],
    );
    return row?.live ? row.challenge : null;
  }

  private credentialsOf(personId: string): Promise<StoredCredential[]> {
    return this.db.query<StoredCredential>(
      'select id, credential_id, public_key, counter, transports from webauthn_credentials where person_id = $1 order by created_at',
      [personId],
    );
  }

  async registrationOptions(
    person: { id: string; email: string | null; name: string },
    sessionId: string,
    rp: RelyingParty,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.credentialsOf(person.id);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: person.email ?? person.name,
      userDisplayName: person.name,
      userID: new Uint8Array(Buffer.from(person.id.replace(/-/g, ''), 'hex')),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
      timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
    });
    await this.saveChallenge(sessionId, 'registration', options.challenge);
    return options;
  }

  async register(personId: string, sessionId: string, rp: RelyingParty, name: string, response: RegistrationResponseJSON): Promise<WebAuthnCredentialInfo> {
    const challenge = await this.takeChallenge(sessionId, 'registration');
    if (!challenge) throw badRequest(WEBAUTHN_EXPIRED, 'webauthn_challenge_expired');
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch (error) {
      throw badRequest(`The security key could not be registered: ${reason(error)}`, 'webauthn_invalid');
    }
    if (!verification.verified) throw badRequest('The security key could not be registered', 'webauthn_invalid');
    const { credential } = verification.registrationInfo;
    const row = await this.db.one<WebAuthnCredentialInfo>(
      `insert into webauthn_credentials (person_id, credential_id, public_key, counter, transports, name)
       values ($1, $2, $3, $4, $5, $6) on conflict (credential_id) do nothing returning ${INFO_COLUMNS}`,
      [personId, credential.id, Buffer.from(credential.publicKey).toString('base64url'), credential.counter, credential.transports ?? [], name],
    );
    if (!row) throw conflict('This security key is already registered', 'webauthn_duplicate');
    return row;
  }

  async authenticationOptions(personId: string, sessionId: string, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const credentials = await this.credentialsOf(personId);
    if (!credentials.length) throw badRequest('No security key is registered for this account', 'webauthn_none');
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: credentials.map((c) => ({ id: c.credential_id, transports: c.transports as AuthenticatorTransport[] })),
      userVerification: 'preferred',
      timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
    });
    await this.saveChallenge(sessionId, 'authentication', options.challenge);
    return options;
  }

  /**
   * Checks a sign-in assertion: one of the person's keys, this session's open challenge, this origin and host, a valid
   * signature, and a signature counter that moved forward (a key that reports the same or a lower count may be a
   * clone). Throws a 400 saying what failed.
   */
  async authenticate(personId: string, sessionId: string, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<void> {
    const credentialId = typeof response?.id === 'string' ? response.id : '';
    const stored = (await this.credentialsOf(personId)).find((c) => c.credential_id === credentialId);
    const challenge = await this.takeChallenge(sessionId, 'authentication');
    if (!stored) throw badRequest('This security key is not registered for this account', 'webauthn_unknown_key');
    if (!challenge) throw badRequest(WEBAUTHN_EXPIRED, 'webauthn_challenge_expired');
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.credential_id,
          publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
          counter: Number(stored.counter),
          transports: stored.transports as AuthenticatorTransport[],
        },
        requireUserVerification: false,
      });
      if (!verification.verified) throw new Error('the signature does not match');
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      throw badRequest(`Security key verification failed: ${reason(error)}`, 'webauthn_invalid');
    }
    // Compared again where it is written: of two answers racing with the same counter, one wins.
    const updated = await this.db.query(
      `update webauthn_credentials set counter = $2, last_used_at = now() where id = $1 and (counter < $2 or (counter = 0 and $2 = 0)) returning id`,
      [stored.id, newCounter],
    );
    if (!updated.length) throw badRequest('Security key verification failed: its signature counter did not advance', 'webauthn_counter');
  }

  list(personId: string): Promise<WebAuthnCredentialInfo[]> {
    return this.db.query<WebAuthnCredentialInfo>(`select ${INFO_COLUMNS} from webauthn_credentials where person_id = $1 order by created_at`, [personId]);
  }

  async rename(personId: string, id: string, name: string): Promise<WebAuthnCredentialInfo> {
    const row = await this.db.one<WebAuthnCredentialInfo>(
      `update webauthn_credentials set name = $3 where id = $1 and person_id = $2 returning ${INFO_COLUMNS}`,
      [id, personId, name],
    );
    if (!row) throw notFound('Security key not found');
    return row;
  }

  async remove(personId: string, id: string): Promise<void> {
    const rows = await this.db.query('delete from webauthn_credentials where id = $1 and person_id = $2 returning id', [id, personId]);
    if (!rows.length) throw notFound('Security key not found');
  }
}
