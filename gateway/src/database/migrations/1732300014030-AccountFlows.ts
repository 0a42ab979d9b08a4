import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, account flows: a session gets a public handle (`sessions.id` is the hash of the cookie's secret and never
 * leaves the server; the profile page lists and revokes sessions by this uuid), invitation/recovery/verification
 * codes remember the address that asked for them, and `identity_requests` counts emailed-link requests per address
 * and per email so recovery and verification cannot be used to flood a mailbox.
 */
export class AccountFlows1732300014030 implements MigrationInterface {
  name = 'AccountFlows1732300014030';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sessions ADD COLUMN handle uuid NOT NULL DEFAULT gen_random_uuid()`);
    await q.query(`CREATE UNIQUE INDEX sessions_handle_key ON sessions (handle)`);
    await q.query(`CREATE UNIQUE INDEX identity_codes_code_hash_key ON identity_codes (code_hash)`);
    await q.query(`ALTER TABLE identity_codes ADD COLUMN ip text`);
    await q.query(`
      CREATE TABLE identity_requests (
        id bigserial PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('verification', 'recovery', 'registration')),
        email citext,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX identity_requests_email_idx ON identity_requests (email, created_at)`);
    await q.query(`CREATE INDEX identity_requests_ip_idx ON identity_requests (ip, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity_requests`);
    await q.query(`ALTER TABLE identity_codes DROP COLUMN ip`);
    await q.query(`DROP INDEX identity_codes_code_hash_key`);
    await q.query(`DROP INDEX sessions_handle_key`);
    await q.query(`ALTER TABLE sessions DROP COLUMN handle`);
  }
}
