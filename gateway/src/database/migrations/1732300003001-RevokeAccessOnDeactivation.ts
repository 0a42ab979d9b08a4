import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 8, defect 10: a person who is deactivated (state 'inactive') or deleted loses every session and access
 * token at once, whatever code path made the change. Gateways drop what they cached within AUTH_CACHE_MS.
 */
export class RevokeAccessOnDeactivation1732300003001 implements MigrationInterface {
  name = 'RevokeAccessOnDeactivation1732300003001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION revoke_person_access() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (NEW.state = 'inactive' AND OLD.state IS DISTINCT FROM 'inactive') OR (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL) THEN
          UPDATE sessions SET revoked_at = now() WHERE person_id = NEW.id AND revoked_at IS NULL;
          DELETE FROM access_tokens WHERE person_id = NEW.id;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER people_revoke_access AFTER UPDATE OF state, deleted_at ON people FOR EACH ROW EXECUTE FUNCTION revoke_person_access()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER people_revoke_access ON people`);
    await q.query(`DROP FUNCTION revoke_person_access()`);
  }
}
