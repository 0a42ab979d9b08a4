import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Db, type Queryable } from '../../database/db.service';
import { sha256 } from '../tokens';

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without the look-alikes i, l, o and u: 32 symbols, 5 bits each. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 16 symbols = 80 random bits: an unsalted sha256 of one cannot be reversed by trying them all. */
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new recovery code as the person sees it: `abcd-efgh-jkmn-pqrs`. */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** What was typed, as stored: case, spaces and dashes do not matter; look-alikes read as the digit they resemble. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
}

export function hashRecoveryCode(code: string): string {
  return sha256(`recovery:${normalizeRecoveryCode(code)}`);
}

/**
 * Backup recovery codes: ten single-use codes shown once; only their hashes are stored. Each one signs in once in
 * place of the authenticator app or the security key.
 */
@Injectable()
export class RecoveryCodesService {
  constructor(private readonly db: Db) {}

  /** Replaces the person's codes with ten new ones (answered once, never readable again). */
  async regenerate(personId: string, tx: Queryable = this.db.pool): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.query('delete from recovery_codes where person_id = $1', [personId]);
    await tx.query(`insert into recovery_codes (person_id, code_hash) select $1, unnest($2::text[])`, [personId, codes.map(hashRecoveryCode)]);
    return codes;
  }

  async remaining(personId: string): Promise<number> {
    const row = await this.db.one<{ n: string }>('select count(*) as n from recovery_codes where person_id = $1 and used_at is null', [personId]);
    return Number(row?.n ?? 0);
  }

  /** Uses up one code: true once per code, even when two requests race with it. */
  async consume(personId: string, code: string): Promise<boolean> {
    if (!normalizeRecoveryCode(code)) return false;
    const rows = await this.db.query('update recovery_codes set used_at = now() where person_id = $1 and code_hash = $2 and used_at is null returning id', [
      personId,
      hashRecoveryCode(code),
    ]);
    return rows.length === 1;
  }

  async clear(personId: string, tx: Queryable = this.db.pool): Promise<void> {
    await tx.query('delete from recovery_codes where person_id = $1', [personId]);
  }
}
