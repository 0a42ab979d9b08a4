import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notification engine's schema (issue 15, docs/notifications.md):
 * - `notification_send_history` becomes the delivery record and queue: one row per rule, event and recipient
 *   (`event_id`, `recipient`, unique), written before anything is sent, with the rendered message (`payload`), its
 *   channel, attempts and the next attempt; the statuses gain `skipped` and `evaluating-waitfor`, the resource types
 *   incidents and playbook runs; `parent_id` points a grouped event at the row whose message carried it;
 * - silences may match by label selectors or a CEL filter instead of (or besides) one resource;
 * - `notification_reads`: when each person last opened the bell (the unread count).
 */
export class NotificationEngine1732300015000 implements MigrationInterface {
  name = 'NotificationEngine1732300015000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const STATUSES = `'sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced', 'skipped', 'evaluating-waitfor'`;
const RESOURCE_TYPES = `'canary', 'check', 'component', 'config', 'incident', 'playbook_run', 'playbook'`;

const SUMMARY = `CREATE VIEW notification_send_history_summary AS
  SELECT h.*,
    CASE h.resource_type
      WHEN 'config' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type,
                            'config_class', x.config_class) FROM config_items x WHERE x.id = h.resource_id)
      WHEN 'component' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type, 'icon', x.icon)
                               FROM components x WHERE x.id = h.resource_id)
      WHEN 'check' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type, 'icon', x.icon)
                           FROM checks x WHERE x.id = h.resource_id)
      WHEN 'canary' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace)
                            FROM canaries x WHERE x.id = h.resource_id)
      WHEN 'incident' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.title, 'type', x.type)
                              FROM incidents x WHERE x.id = h.resource_id)
      WHEN 'playbook_run' THEN (SELECT jsonb_build_object('id', r.id, 'name', coalesce(p.title, p.name), 'type', r.status)
                                  FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id WHERE r.id = h.resource_id)
      WHEN 'playbook' THEN (SELECT jsonb_build_object('id', x.id, 'name', coalesce(x.title, x.name))
                              FROM playbooks x WHERE x.id = h.resource_id)
    END AS resource
  FROM notification_send_history h`;

const UP = [
  `DROP VIEW notification_send_history_summary`,
  `ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_status_check`,
  `ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_status_check CHECK (status IN (${STATUSES}))`,
  `ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_resource_type_check`,
  `ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_resource_type_check CHECK (resource_type IN (${RESOURCE_TYPES}))`,
  `ALTER TABLE notification_send_history
     ADD COLUMN event_id uuid,
     ADD COLUMN recipient text,
     ADD COLUMN channel text,
     ADD COLUMN title text,
     ADD COLUMN payload jsonb,
     ADD COLUMN receipt text,
     ADD COLUMN group_key text,
     ADD COLUMN parent_id uuid REFERENCES notification_send_history (id) ON DELETE CASCADE,
     ADD COLUMN attempts integer NOT NULL DEFAULT 0,
     ADD COLUMN next_attempt_at timestamptz,
     ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  // One delivery per rule, event and recipient: a redelivered event finds its rows and sends nothing twice.
  `CREATE UNIQUE INDEX notification_send_history_delivery_key
     ON notification_send_history (event_id, notification_id, recipient) WHERE event_id IS NOT NULL`,
  // What the deliverer claims next.
  `CREATE INDEX notification_send_history_due_idx ON notification_send_history (next_attempt_at)
     WHERE status IN ('pending', 'evaluating-waitfor')`,
  // Repeat interval: the last message of a rule about a resource and event.
  `CREATE INDEX notification_send_history_repeat_idx
     ON notification_send_history (notification_id, resource_id, source_event, created_at DESC)`,
  `CREATE INDEX notification_send_history_parent_id_idx ON notification_send_history (parent_id)`,
  `CREATE INDEX notification_send_history_person_created_idx ON notification_send_history (person_id, created_at DESC)`,
  `CREATE TRIGGER notification_send_history_updated_at BEFORE UPDATE ON notification_send_history
     FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,
  SUMMARY,

  `ALTER TABLE notification_silences ADD COLUMN selectors text, ADD COLUMN filter text`,
  `DO $$
   DECLARE c record;
   BEGIN
     FOR c IN SELECT conname FROM pg_constraint
               WHERE conrelid = 'notification_silences'::regclass AND contype = 'c'
                 AND pg_get_constraintdef(oid) LIKE '%num_nonnulls%'
     LOOP
       EXECUTE format('ALTER TABLE notification_silences DROP CONSTRAINT %I', c.conname);
     END LOOP;
   END $$`,
  `ALTER TABLE notification_silences ADD CONSTRAINT notification_silences_target_check
     CHECK (num_nonnulls(canary_id, check_id, component_id, config_id) >= 1
            OR nullif(btrim(selectors), '') IS NOT NULL OR nullif(btrim(filter), '') IS NOT NULL)`,

  `CREATE TABLE notification_reads (
     person_id uuid PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
     read_at timestamptz NOT NULL DEFAULT now()
   )`,
];

const DOWN = [
  `DROP TABLE notification_reads`,
  `ALTER TABLE notification_silences DROP CONSTRAINT notification_silences_target_check`,
  `ALTER TABLE notification_silences ADD CONSTRAINT notification_silences_check1
     CHECK (num_nonnulls(canary_id, check_id, component_id, config_id) >= 1)`,
  `ALTER TABLE notification_silences DROP COLUMN selectors, DROP COLUMN filter`,
  `DROP VIEW notification_send_history_summary`,
  `DROP TRIGGER notification_send_history_updated_at ON notification_send_history`,
  `ALTER TABLE notification_send_history
     DROP COLUMN event_id, DROP COLUMN recipient, DROP COLUMN channel, DROP COLUMN title, DROP COLUMN payload,
     DROP COLUMN receipt, DROP COLUMN group_key, DROP COLUMN parent_id, DROP COLUMN attempts,
     DROP COLUMN next_attempt_at, DROP COLUMN updated_at`,
  `DELETE FROM notification_send_history WHERE status IN ('skipped', 'evaluating-waitfor')
      OR resource_type IN ('incident', 'playbook_run', 'playbook')`,
  `ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_status_check`,
  `ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_status_check
     CHECK (status IN ('sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced'))`,
  `ALTER TABLE notification_send_history DROP CONSTRAINT notification_send_history_resource_type_check`,
  `ALTER TABLE notification_send_history ADD CONSTRAINT notification_send_history_resource_type_check
     CHECK (resource_type IN ('canary', 'check', 'component', 'config'))`,
  `CREATE VIEW notification_send_history_summary AS
     SELECT h.*,
       CASE h.resource_type
         WHEN 'config' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type,
                               'config_class', x.config_class) FROM config_items x WHERE x.id = h.resource_id)
         WHEN 'component' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type, 'icon', x.icon)
                                  FROM components x WHERE x.id = h.resource_id)
         WHEN 'check' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'type', x.type, 'icon', x.icon)
                              FROM checks x WHERE x.id = h.resource_id)
         WHEN 'canary' THEN (SELECT jsonb_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace)
                               FROM canaries x WHERE x.id = h.resource_id)
       END AS resource
     FROM notification_send_history h`,
];
