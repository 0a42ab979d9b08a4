import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: a session remembers when its person last proved who they are (`authenticated_at`): the password at sign-in,
 * or again through 'Confirm Action' (spec 03 §2). Sensitive changes (a new password, a second factor) need that to be
 * recent. `method` says how the session began (password or single sign-on).
 */
export class IdentityFlows1732300014000 implements MigrationInterface {
  name = 'IdentityFlows1732300014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN authenticated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE sessions ADD COLUMN method text NOT NULL DEFAULT 'password'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions DROP COLUMN method`);
    await q.query(`ALTER TABLE sessions DROP COLUMN authenticated_at`);
  }
}
