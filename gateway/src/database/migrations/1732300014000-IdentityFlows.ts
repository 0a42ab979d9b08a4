import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: a session remembers when its person last proved who they are (`authenticated_at`): the password at sign-in,
 * or again through 'Confirm Action' (spec 03 §2). Sensitive changes (a new password, a second factor) need that to be
 * recent. `method` says how the session began (password or single sign-on).
 *
 * An access token made for a purpose (the kubeconfig download) is one per person and purpose: `purpose` with a partial
 * unique index, so no path can leave two.
 */
export class IdentityFlows1732300014000 implements MigrationInterface {
  name = 'IdentityFlows1732300014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN authenticated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE sessions ADD COLUMN method text NOT NULL DEFAULT 'password'`);
    await q.query(`ALTER TABLE access_tokens ADD COLUMN purpose text`);
    await q.query(`UPDATE access_tokens SET purpose = 'kubeconfig' WHERE name = 'kubeconfig'`);
    // Older builds could leave several: keep each person's newest.
    await q.query(`DELETE FROM access_tokens a USING access_tokens b
                    WHERE a.purpose IS NOT NULL AND a.purpose = b.purpose AND a.person_id = b.person_id AND a.created_at < b.created_at`);
    await q.query(`CREATE UNIQUE INDEX access_tokens_person_purpose_key ON access_tokens (person_id, purpose) WHERE purpose IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX access_tokens_person_purpose_key`);
    await q.query(`ALTER TABLE access_tokens DROP COLUMN purpose`);
    await q.query(`ALTER TABLE sessions DROP COLUMN method`);
    await q.query(`ALTER TABLE sessions DROP COLUMN authenticated_at`);
  }
}
