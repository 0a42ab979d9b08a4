import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wake-ups of the notification engine (docs/notifications.md "Delivery"), one statement-level trigger per write:
 * - `pg_notify('notification_send', '')` when a statement inserts (or turns) rows that are due now, so every
 *   replica's deliverer claims them without waiting for its poll;
 * - `pg_notify('notification_inbox', person_id)` for each person whose row became `sent` or `error` (the bell's
 *   live count).
 */
export class NotificationDelivery1732300015010 implements MigrationInterface {
  name = 'NotificationDelivery1732300015010';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const UP = [
  `CREATE FUNCTION notification_send_history_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE person uuid;
   BEGIN
     IF EXISTS (SELECT 1 FROM inserted WHERE status = 'pending' AND next_attempt_at <= now()) THEN
       PERFORM pg_notify('notification_send', '');
     END IF;
     FOR person IN SELECT DISTINCT person_id FROM inserted WHERE person_id IS NOT NULL AND status IN ('sent', 'error') LOOP
       PERFORM pg_notify('notification_inbox', person::text);
     END LOOP;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION notification_send_history_updated() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE person uuid;
   BEGIN
     IF EXISTS (SELECT 1 FROM changed n JOIN previous o ON o.id = n.id
                 WHERE n.status = 'pending' AND o.status <> 'pending' AND n.next_attempt_at <= now()) THEN
       PERFORM pg_notify('notification_send', '');
     END IF;
     FOR person IN SELECT DISTINCT n.person_id FROM changed n JOIN previous o ON o.id = n.id
                    WHERE n.person_id IS NOT NULL AND n.status IN ('sent', 'error') AND n.status IS DISTINCT FROM o.status LOOP
       PERFORM pg_notify('notification_inbox', person::text);
     END LOOP;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER notification_send_history_inserted AFTER INSERT ON notification_send_history
     REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION notification_send_history_inserted()`,
  `CREATE TRIGGER notification_send_history_updated AFTER UPDATE ON notification_send_history
     REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notification_send_history_updated()`,
];

const DOWN = [
  `DROP TRIGGER notification_send_history_updated ON notification_send_history`,
  `DROP TRIGGER notification_send_history_inserted ON notification_send_history`,
  `DROP FUNCTION notification_send_history_updated()`,
  `DROP FUNCTION notification_send_history_inserted()`,
];
