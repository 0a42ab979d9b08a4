import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, second factors. `people.totp_last_step` is the last authenticator-app time step accepted, so a code is
 * never accepted twice. `webauthn_challenges` holds the one challenge a session has open per ceremony (registration,
 * authentication): single use and short-lived. `second_factor_attempts` counts wrong second-factor answers per person
 * for rate limiting (the sign-in's `login_attempts` counts passwords). A recovery code's hash is unique per person.
 */
export class SecondFactors1732300014040 implements MigrationInterface {
  name = 'SecondFactors1732300014040';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE people ADD COLUMN totp_last_step bigint`);
    await q.query(`CREATE TABLE webauthn_challenges (
       session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
       purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication')),
       challenge text NOT NULL,
       expires_at timestamptz NOT NULL,
       PRIMARY KEY (session_id, purpose)
     )`);
    await q.query(`CREATE TABLE second_factor_attempts (
       id bigserial PRIMARY KEY,
       person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
       ip text,
       method text NOT NULL,
       success boolean NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now()
     )`);
    await q.query(`CREATE INDEX second_factor_attempts_person_id_idx ON second_factor_attempts (person_id, created_at)`);
    await q.query(`CREATE INDEX second_factor_attempts_created_at_idx ON second_factor_attempts (created_at)`);
    await q.query(`CREATE UNIQUE INDEX recovery_codes_person_code_key ON recovery_codes (person_id, code_hash)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX recovery_codes_person_code_key`);
    await q.query(`DROP TABLE second_factor_attempts`);
    await q.query(`DROP TABLE webauthn_challenges`);
    await q.query(`ALTER TABLE people DROP COLUMN totp_last_step`);
  }
}
