import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to properties (through any API, or by hand in SQL) notifies `properties_changed`, so each gateway
 * replica drops its feature-flag cache at once instead of waiting for it to expire.
 */
export class PropertiesChangeNotify1732300000008 implements MigrationInterface {
  name = 'PropertiesChangeNotify1732300000008';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION properties_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('properties_changed', coalesce(NEW.name, OLD.name));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER properties_notify AFTER INSERT OR UPDATE OR DELETE ON properties
      FOR EACH ROW EXECUTE FUNCTION properties_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER properties_notify ON properties');
    await q.query('DROP FUNCTION properties_notify()');
  }
}
