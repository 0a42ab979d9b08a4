import { Injectable } from '@nestjs/common';
import { Db, type Queryable } from '../../database/db.service';
import { newSecret, sha256 } from '../tokens';
import { flowExpired } from './flow-messages';

export type CodePurpose = 'invite' | 'recovery' | 'verification';

export interface IdentityCode {
  id: string;
  person_id: string;
  email: string;
  purpose: CodePurpose;
  expires_at: Date;
}

/** A link's code is looked at (the registration page) at most this often before it stops working. */
export const MAX_CODE_ATTEMPTS = 20;

/**
 * One-time codes of the emailed links (invitation, recovery, verification): a random secret goes into the link and only
 * its sha256 is stored. A code works once (the update that uses it is the check), until it expires, and a new code of
 * the same purpose for the same person replaces the earlier ones.
 */
@Injectable()
export class IdentityCodes {
  constructor(private readonly db: Db) {}

  async issue(
    personId: string,
    email: string,
    purpose: CodePurpose,
    ttlMs: number,
    ip: string | null,
    q: Queryable = this.db.pool,
  ): Promise<{ secret: string; expiresAt: Date }> {
    const secret = newSecret();
    // Earlier codes of this purpose go: unused ones are void, used ones have done their job (one row per person stays).
    await q.query(`delete from identity_codes where person_id = $1 and purpose = $2`, [personId, purpose]);
    const { rows } = await q.query<{ expires_at: Date }>(
      `insert into identity_codes (person_id, email, purpose, code_hash, expires_at, ip)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision), $6) returning expires_at`,
      [personId, email, purpose, sha256(secret), ttlMs / 1000, ip],
    );
    return { secret, expiresAt: new Date(rows[0].expires_at) };
  }

  /** The live code behind a link, without using it (each look counts as an attempt). 410 when it does not work. */
  async peek(secret: unknown, purpose: CodePurpose, expiredMessage: string): Promise<IdentityCode> {
    if (typeof secret !== 'string' || !secret) throw flowExpired(expiredMessage);
    const row = await this.db.one<IdentityCode>(
      `update identity_codes set attempts = attempts + 1
        where code_hash = $1 and purpose = $2 and used_at is null and expires_at > now() and attempts < $3
        returning id, person_id, email, purpose, expires_at`,
      [sha256(secret), purpose, MAX_CODE_ATTEMPTS],
    );
    if (!row) throw flowExpired(expiredMessage);
    return row;
  }

  /**
   * Throws 410 unless the code is live, without counting or using it: checked before the expensive work of a flow (an
   * argon2 hash), so a made-up token costs the server one indexed lookup.
   */
  async assertLive(secret: unknown, purpose: CodePurpose, expiredMessage: string): Promise<void> {
    if (typeof secret !== 'string' || !secret) throw flowExpired(expiredMessage);
    const row = await this.db.one(
      `select 1 from identity_codes where code_hash = $1 and purpose = $2 and used_at is null and expires_at > now() and attempts < $3`,
      [sha256(secret), purpose, MAX_CODE_ATTEMPTS],
    );
    if (!row) throw flowExpired(expiredMessage);
  }

  /** Uses the code: exactly one caller gets it, and only while it is live. 410 otherwise. */
  async consume(secret: unknown, purpose: CodePurpose, expiredMessage: string, q: Queryable = this.db.pool): Promise<IdentityCode> {
    if (typeof secret !== 'string' || !secret) throw flowExpired(expiredMessage);
    const { rows } = await q.query<IdentityCode>(
      `update identity_codes set used_at = now(), attempts = attempts + 1
        where code_hash = $1 and purpose = $2 and used_at is null and expires_at > now() and attempts < $3
        returning id, person_id, email, purpose, expires_at`,
      [sha256(secret), purpose, MAX_CODE_ATTEMPTS],
    );
    if (!rows[0]) throw flowExpired(expiredMessage);
    return rows[0];
  }
}
