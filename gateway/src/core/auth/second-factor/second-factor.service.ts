import { Injectable } from '@nestjs/common';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { SecondFactorMethod } from '@contracts';
import { Db } from '../../database/db.service';
import { badRequest, DomainError, notFound, unauthorized } from '../../http/domain-error';
import { IdentityService } from '../identity.service';
import type { Principal } from '../principal';
import { RecoveryCodesService } from './recovery-codes';
import type { RelyingParty } from './relying-party';
import { SecondFactorAttempts } from './second-factor-attempts';
import type { SecondFactorStatus, TotpSetup, WebAuthnRegistered } from './second-factor.types';
import { INVALID_TOTP_CODE, TotpService } from './totp.service';
import { WebAuthnService } from './webauthn.service';

export const INVALID_RECOVERY_CODE = 'Invalid recovery code';
export const NO_SECOND_FACTOR = 'Set up an authenticator app or a security key first';

/** The second step of a sign-in: one of the methods with what it needs. */
export type SecondFactorAnswer =
  { method: 'totp'; code?: string } | { method: 'recovery_code'; code?: string } | { method: 'webauthn'; response?: AuthenticationResponseJSON };

/**
 * The person's second factors as a whole: turning them on and off (keeping the signed-in session usable and
 * recovery codes only beside a factor), the sign-in's second step, and an administrator's reset.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
    private readonly totp: TotpService,
    private readonly recoveryCodes: RecoveryCodesService,
    private readonly webauthn: WebAuthnService,
    private readonly attempts: SecondFactorAttempts,
  ) {}

  async status(personId: string): Promise<SecondFactorStatus> {
    const [totp, left, webauthn] = await Promise.all([this.totp.isEnabled(personId), this.recoveryCodes.remaining(personId), this.webauthn.list(personId)]);
    return { totp, recovery_codes_left: left, webauthn };
  }

  methods(personId: string): Promise<SecondFactorMethod[]> {
    return this.identity.secondFactorMethods(personId);
  }

  setupTotp(personId: string): Promise<TotpSetup> {
    return this.totp.setup(personId);
  }

  async enableTotp(principal: Principal, code: string): Promise<string[]> {
    const codes = await this.totp.enable(principal.personId, code);
    await this.factorAdded(principal);
    return codes;
  }

  async disableTotp(personId: string): Promise<void> {
    await this.totp.disable(personId);
    await this.factorRemoved(personId);
  }

  async regenerateRecoveryCodes(personId: string): Promise<string[]> {
    const methods = await this.identity.secondFactorMethods(personId);
    if (!methods.some((m) => m === 'totp' || m === 'webauthn')) throw badRequest(NO_SECOND_FACTOR, 'no_second_factor');
    return this.recoveryCodes.regenerate(personId);
  }

  async registrationOptions(principal: Principal, rp: RelyingParty) {
    const person = await this.identity.person(principal.personId);
    if (!person) throw unauthorized();
    return this.webauthn.registrationOptions(person, sessionOf(principal), rp);
  }

  /** A new security key; recovery codes come with it when the person has none left. */
  async registerWebAuthn(principal: Principal, rp: RelyingParty, name: string, response: RegistrationResponseJSON): Promise<WebAuthnRegistered> {
    const credential = await this.webauthn.register(principal.personId, sessionOf(principal), rp, name, response);
    const registered: WebAuthnRegistered = { credential };
    if ((await this.recoveryCodes.remaining(principal.personId)) === 0) registered.recovery_codes = await this.recoveryCodes.regenerate(principal.personId);
    await this.factorAdded(principal);
    return registered;
  }

  renameWebAuthn(personId: string, id: string, name: string) {
    return this.webauthn.rename(personId, id, name);
  }

  async removeWebAuthn(personId: string, id: string): Promise<void> {
    await this.webauthn.remove(personId, id);
    await this.factorRemoved(personId);
  }

  /**
   * A new factor: the session that added it has just proved it, so it is at aal2 (else it would be held to the
   * second-factor step at once); the person's other sessions are asked for the factor on their next request.
   */
  private async factorAdded(principal: Principal): Promise<void> {
    if (principal.via === 'session' && principal.sessionId) await this.identity.elevateSession(principal.sessionId);
    this.identity.evictPerson(principal.personId);
  }

  /** Recovery codes only stand in for a factor: without any left, they go too. */
  private async factorRemoved(personId: string): Promise<void> {
    await this.db.query(
      `delete from recovery_codes r using people p
        where r.person_id = $1 and p.id = $1 and p.totp_enabled_at is null
          and not exists (select 1 from webauthn_credentials w where w.person_id = $1)`,
      [personId],
    );
    this.identity.evictPerson(personId);
  }

  webAuthnSignInOptions(principal: Principal, rp: RelyingParty) {
    this.assertWaitingSession(principal);
    return this.webauthn.authenticationOptions(principal.personId, principal.sessionId!, rp);
  }

  /**
   * The sign-in's second step. Wrong answers count towards SECOND_FACTOR_MAX_FAILURES per person; the right one
   * raises the session to aal2.
   */
  async signIn(principal: Principal, ip: string, answer: SecondFactorAnswer, rp: RelyingParty): Promise<void> {
    this.assertWaitingSession(principal);
    const { personId } = principal;
    const sessionId = principal.sessionId!;
    if (answer.method !== 'webauthn' && !answer.code?.trim()) {
      throw badRequest(answer.method === 'totp' ? 'Enter the code from your authenticator app' : 'Enter one of your recovery codes', 'code_required');
    }
    if (answer.method === 'webauthn' && (typeof answer.response !== 'object' || answer.response === null)) {
      throw badRequest('The security key gave no answer', 'webauthn_response_required');
    }
    const attempt = await this.attempts.begin(personId, ip, answer.method);
    try {
      if (answer.method === 'totp') {
        if (!(await this.totp.verify(personId, answer.code!))) throw badRequest(INVALID_TOTP_CODE, 'invalid_code');
      } else if (answer.method === 'recovery_code') {
        if (!(await this.recoveryCodes.consume(personId, answer.code!))) throw badRequest(INVALID_RECOVERY_CODE, 'invalid_code');
      } else {
        await this.webauthn.authenticate(personId, sessionId, rp, answer.response!);
      }
    } catch (error) {
      // A wrong answer stays counted; the server's own failure does not.
      if (!(error instanceof DomainError)) await this.attempts.forget(attempt);
      throw error;
    }
    await this.attempts.succeeded(attempt);
    await this.identity.elevateSession(sessionId);
  }

  private assertWaitingSession(principal: Principal): void {
    if (principal.via !== 'session' || !principal.sessionId) throw unauthorized('Sign in with your password first', 'session_required');
    if (!principal.secondFactor) throw badRequest('This account has no second factor', 'no_second_factor');
  }

  /**
   * An administrator's reset of someone else's second factors (a lost phone or key): the authenticator app, recovery
   * codes and security keys are removed and every session of theirs ends, so they sign in again with the password.
   */
  async reset(targetId: string, actor: Principal): Promise<void> {
    if (targetId === actor.personId) throw badRequest('Change your own second factors in your profile settings', 'own_second_factor');
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query('select id from people where id = $1 and deleted_at is null for update', [targetId]);
      if (!rows.length) throw notFound('User not found');
      await tx.query('update people set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = $1', [targetId]);
      await this.recoveryCodes.clear(targetId, tx);
      await tx.query('delete from webauthn_credentials where person_id = $1', [targetId]);
      await tx.query('delete from webauthn_challenges where session_id in (select id from sessions where person_id = $1)', [targetId]);
      await tx.query('update sessions set revoked_at = now() where person_id = $1 and revoked_at is null', [targetId]);
    });
    this.identity.evictPerson(targetId);
  }
}

/** Security keys are registered from a browser session: the ceremony's challenge is kept with it. */
function sessionOf(principal: Principal): string {
  if (principal.via !== 'session' || !principal.sessionId) {
    throw badRequest('Security keys are registered from a signed-in browser session', 'session_required');
  }
  return principal.sessionId;
}
