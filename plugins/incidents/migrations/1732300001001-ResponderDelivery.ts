import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responder delivery (issue 3): a responder row is handed to its type's handler by a durable job. Its progress is
 * on the row: `status` pending → created | failed | no_integration, `error` (the last failure, shown on the
 * responder), `attempts` and `last_attempt`. Inserting a responder notifies `responder_dispatch` so a gateway
 * replica enqueues the job at once; a periodic sweep picks up rows whose notification nobody heard.
 */
export class ResponderDelivery1732300001001 implements MigrationInterface {
  name = 'ResponderDelivery1732300001001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE responders
        ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'created', 'failed', 'no_integration')),
        ADD COLUMN error text,
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN last_attempt timestamptz`);
    // Rows that already carry an external id (imports, demo data, rows from before this migration) are delivered.
    await q.query(`UPDATE responders SET status = 'created' WHERE external_id IS NOT NULL OR created_at < now()`);
    await q.query(`CREATE INDEX responders_pending_idx ON responders (created_at) WHERE status = 'pending' AND deleted_at IS NULL`);
    await q.query(`
      CREATE FUNCTION responders_delivery_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Imported or backdated rows (demo data, migrations from another console) are not delivered again.
        IF NEW.external_id IS NOT NULL OR NEW.created_at < now() - interval '1 minute' THEN
          NEW.status := 'created';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER responders_delivery_defaults BEFORE INSERT ON responders
      FOR EACH ROW EXECUTE FUNCTION responders_delivery_defaults()`);
    await q.query(`
      CREATE FUNCTION responders_dispatch_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'pending' THEN
          PERFORM pg_notify('responder_dispatch', NEW.id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER responders_dispatch_notify AFTER INSERT ON responders
      FOR EACH ROW EXECUTE FUNCTION responders_dispatch_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER responders_dispatch_notify ON responders');
    await q.query('DROP FUNCTION responders_dispatch_notify()');
    await q.query('DROP TRIGGER responders_delivery_defaults ON responders');
    await q.query('DROP FUNCTION responders_delivery_defaults()');
    await q.query('DROP INDEX responders_pending_idx');
    await q.query('ALTER TABLE responders DROP COLUMN last_attempt, DROP COLUMN attempts, DROP COLUMN error, DROP COLUMN status');
  }
}
