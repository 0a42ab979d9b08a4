import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db.service';
import { badRequest, unauthorized } from '../../http/domain-error';
import { IdentityService } from '../identity.service';
import { hashPassword, verifyPassword } from '../password';
import type { Principal } from '../principal';
import { FLOW_MESSAGES, passwordProblem } from './flow-messages';

/**
 * Change Password (profile page). The route needs a recent sign-in ('Confirm Action'); the current password, when
 * sent, must also be right. Every other session of the person ends; access tokens stay (they are revoked one by
 * one on the profile page: a tool's token is not a password).
 */
@Injectable()
export class PasswordChangeService {
  constructor(
    private readonly db: Db,
    private readonly identity: IdentityService,
  ) {}

  async change(principal: Principal, currentPassword: unknown, newPassword: unknown): Promise<{ other_sessions_revoked: number }> {
    const problem = passwordProblem(newPassword);
    if (problem) throw badRequest(problem, 'invalid_password');
    const person = await this.db.one<{ password_hash: string | null }>(
      `select password_hash from people where id = $1 and state = 'active' and deleted_at is null`,
      [principal.personId],
    );
    if (!person) throw unauthorized();
    if (currentPassword !== undefined && currentPassword !== null && currentPassword !== '' && person.password_hash) {
      if (typeof currentPassword !== 'string' || !(await verifyPassword(person.password_hash, currentPassword))) {
        throw badRequest(FLOW_MESSAGES.currentPasswordWrong, 'invalid_current_password');
      }
    }
    const hash = await hashPassword(newPassword as string);
    const revoked = await this.db.transaction(async (tx) => {
      await tx.query(`update people set password_hash = $2 where id = $1`, [principal.personId, hash]);
      const { rowCount } = await tx.query(`update sessions set revoked_at = now() where person_id = $1 and revoked_at is null and id is distinct from $2`, [
        principal.personId,
        principal.sessionId ?? null,
      ]);
      return rowCount ?? 0;
    });
    // Cached sessions and Basic credentials of this person on this replica go now (other replicas within AUTH_CACHE_MS).
    this.identity.evictPerson(principal.personId);
    return { other_sessions_revoked: revoked };
  }
}
