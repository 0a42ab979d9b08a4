import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings resources and notifications (spec 03 §3): connections (password and certificate are write-only
 * secrets the API never returns), logging backends, notification rules, their send history and silences.
 * Silences keep the spec's column names "from" and "until"; "from" is a reserved word, so quote it in SQL.
 */
export class SettingsNotificationsSchema1732300000004 implements MigrationInterface {
  name = 'SettingsNotificationsSchema1732300000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const LOCAL_AGENT = `'00000000-0000-0000-0000-000000000000'`;
const agentId = `agent_id uuid NOT NULL DEFAULT ${LOCAL_AGENT} REFERENCES agents (id) ON DELETE CASCADE`;
const createdBy = `created_by uuid REFERENCES people (id) ON DELETE SET NULL`;
const stamps = `created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz`;
const touch = (table: string) => `CREATE TRIGGER ${table}_updated_at BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION set_updated_at()`;

const UP = [
  `CREATE TABLE connections (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     namespace text NOT NULL DEFAULT 'default',
     type text NOT NULL,
     url text,
     username text,
     password text,
     certificate text,
     insecure_tls boolean NOT NULL DEFAULT false,
     properties jsonb NOT NULL DEFAULT '{}',
     source text NOT NULL DEFAULT 'UI',
     ${createdBy},
     ${stamps}
   )`,
  `CREATE UNIQUE INDEX connections_namespace_name_key ON connections (namespace, name) WHERE deleted_at IS NULL`,
  `CREATE INDEX connections_created_by_idx ON connections (created_by)`,
  touch('connections'),

  `CREATE TABLE logging_backends (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     namespace text NOT NULL DEFAULT 'default',
     labels jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(labels) = 'object'),
     spec jsonb NOT NULL DEFAULT '{}',
     source text NOT NULL DEFAULT 'UI',
     ${agentId},
     ${createdBy},
     ${stamps}
   )`,
  `CREATE UNIQUE INDEX logging_backends_namespace_name_key ON logging_backends (namespace, name) WHERE deleted_at IS NULL`,
  `CREATE INDEX logging_backends_agent_id_idx ON logging_backends (agent_id)`,
  `CREATE INDEX logging_backends_created_by_idx ON logging_backends (created_by)`,
  touch('logging_backends'),

  `CREATE TABLE notifications (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     namespace text NOT NULL DEFAULT 'default',
     title text,
     events text[] NOT NULL CHECK (cardinality(events) > 0),
     filter text,
     template text,
     properties jsonb NOT NULL DEFAULT '{}',
     person_id uuid REFERENCES people (id) ON DELETE SET NULL,
     team_id uuid REFERENCES teams (id) ON DELETE SET NULL,
     custom_services jsonb,
     repeat_interval text,
     wait_for bigint CHECK (wait_for IS NULL OR wait_for >= 0),
     error text,
     source text NOT NULL DEFAULT 'UI',
     ${createdBy},
     ${stamps}
   )`,
  `CREATE UNIQUE INDEX notifications_namespace_name_key ON notifications (namespace, name) WHERE deleted_at IS NULL`,
  `CREATE INDEX notifications_person_id_idx ON notifications (person_id)`,
  `CREATE INDEX notifications_team_id_idx ON notifications (team_id)`,
  `CREATE INDEX notifications_created_by_idx ON notifications (created_by)`,
  touch('notifications'),

  `CREATE TABLE notification_send_history (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
     status text NOT NULL DEFAULT 'pending'
       CHECK (status IN ('sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced')),
     source_event text NOT NULL,
     resource_id uuid,
     resource_type text CHECK (resource_type IN ('canary', 'check', 'component', 'config')),
     person_id uuid REFERENCES people (id) ON DELETE SET NULL,
     body text,
     error text,
     duration_millis integer,
     count integer NOT NULL DEFAULT 1,
     first_observed timestamptz NOT NULL DEFAULT now(),
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX notification_send_history_notification_id_idx ON notification_send_history (notification_id)`,
  `CREATE INDEX notification_send_history_person_id_idx ON notification_send_history (person_id)`,
  `CREATE INDEX notification_send_history_resource_id_idx ON notification_send_history (resource_id)`,
  `CREATE INDEX notification_send_history_created_at_idx ON notification_send_history (created_at DESC)`,
  `CREATE INDEX notification_send_history_status_idx ON notification_send_history (status)`,

  `CREATE TABLE notification_silences (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     namespace text NOT NULL DEFAULT 'default',
     description text,
     "from" timestamptz NOT NULL DEFAULT now(),
     until timestamptz NOT NULL,
     recursive boolean NOT NULL DEFAULT false,
     source text NOT NULL DEFAULT 'UI',
     canary_id uuid REFERENCES canaries (id) ON DELETE CASCADE,
     check_id uuid REFERENCES checks (id) ON DELETE CASCADE,
     component_id uuid REFERENCES components (id) ON DELETE CASCADE,
     config_id uuid REFERENCES config_items (id) ON DELETE CASCADE,
     ${createdBy},
     ${stamps},
     CHECK (until > "from"),
     CHECK (num_nonnulls(canary_id, check_id, component_id, config_id) >= 1)
   )`,
  `CREATE INDEX notification_silences_canary_id_idx ON notification_silences (canary_id)`,
  `CREATE INDEX notification_silences_check_id_idx ON notification_silences (check_id)`,
  `CREATE INDEX notification_silences_component_id_idx ON notification_silences (component_id)`,
  `CREATE INDEX notification_silences_config_id_idx ON notification_silences (config_id)`,
  `CREATE INDEX notification_silences_created_by_idx ON notification_silences (created_by)`,
  touch('notification_silences'),
];

const DOWN = [
  `DROP TABLE notification_silences`,
  `DROP TABLE notification_send_history`,
  `DROP TABLE notifications`,
  `DROP TABLE logging_backends`,
  `DROP TABLE connections`,
];
