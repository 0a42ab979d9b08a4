import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue (scrapers, config items, changes, insights, relationships), topology (topologies, components,
 * team links) and health (canaries, checks, check statuses, check relationships).
 * `agent_id` is NOT NULL and defaults to the local agent (all-zero UUID); rows of a removed agent cascade.
 */
export class CatalogSchema1732300000001 implements MigrationInterface {
  name = 'CatalogSchema1732300000001';

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
const isObject = (column: string) => `CHECK (${column} IS NULL OR jsonb_typeof(${column}) = 'object')`;
const HEALTH = `('healthy', 'unhealthy', 'warning', 'unknown')`;
const SEVERITY = `('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')`;
const ANALYSIS_TYPES = `('cost', 'availability', 'performance', 'security', 'integration', 'compliance', 'technical_debt', 'reliability', 'recommendation', 'other')`;

const UP = [
  // ---- catalogue ------------------------------------------------------------------------------------------
  `CREATE TABLE config_scrapers (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     namespace text NOT NULL DEFAULT 'default',
     description text,
     labels jsonb NOT NULL DEFAULT '{}' ${isObject('labels')},
     spec jsonb NOT NULL DEFAULT '{}',
     schedule text,
     icon text,
     source text NOT NULL DEFAULT 'UI',
     ${agentId},
     ${createdBy},
     ${stamps}
   )`,
  `CREATE UNIQUE INDEX config_scrapers_namespace_name_key ON config_scrapers (namespace, name) WHERE deleted_at IS NULL`,
  `CREATE INDEX config_scrapers_agent_id_idx ON config_scrapers (agent_id)`,
  `CREATE INDEX config_scrapers_created_by_idx ON config_scrapers (created_by)`,
  touch('config_scrapers'),

  `CREATE TABLE config_items (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
     ${agentId},
     external_id text,
     config_class text NOT NULL,
     type text NOT NULL,
     name text,
     status text,
     health text CHECK (health IN ${HEALTH}),
     ready boolean,
     description text,
     source text,
     labels jsonb NOT NULL DEFAULT '{}' ${isObject('labels')},
     tags jsonb NOT NULL DEFAULT '{}' ${isObject('tags')},
     config jsonb,
     properties jsonb,
     cost_per_minute numeric(16, 4),
     cost_total_1d numeric(16, 4),
     cost_total_7d numeric(16, 4),
     cost_total_30d numeric(16, 4),
     parent_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
     path text,
     last_scraped_time timestamptz,
     ${stamps}
   )`,
  `CREATE INDEX config_items_scraper_id_idx ON config_items (scraper_id)`,
  `CREATE INDEX config_items_agent_id_idx ON config_items (agent_id)`,
  `CREATE INDEX config_items_parent_id_idx ON config_items (parent_id)`,
  `CREATE INDEX config_items_type_idx ON config_items (type)`,
  `CREATE INDEX config_items_name_idx ON config_items (name)`,
  `CREATE INDEX config_items_external_id_idx ON config_items (external_id)`,
  `CREATE INDEX config_items_health_idx ON config_items (health)`,
  touch('config_items'),
  // config_class is the part of the type before '::' unless the writer says otherwise.
  `CREATE FUNCTION config_items_default_class() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.config_class IS NULL OR NEW.config_class = '' THEN
       NEW.config_class := split_part(NEW.type, '::', 1);
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER config_items_default_class BEFORE INSERT OR UPDATE OF type, config_class ON config_items
     FOR EACH ROW EXECUTE FUNCTION config_items_default_class()`,

  `CREATE TABLE config_changes (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
     external_change_id text,
     change_type text NOT NULL,
     severity text CHECK (severity IN ${SEVERITY}),
     source text,
     summary text,
     details jsonb,
     patches jsonb,
     diff text,
     tags jsonb,
     created_by uuid REFERENCES people (id) ON DELETE SET NULL,
     external_created_by text,
     count integer NOT NULL DEFAULT 1,
     first_observed timestamptz(3) NOT NULL DEFAULT now(),
     created_at timestamptz(3) NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX config_changes_config_id_idx ON config_changes (config_id, created_at DESC)`,
  `CREATE INDEX config_changes_created_by_idx ON config_changes (created_by)`,
  `CREATE INDEX config_changes_change_type_idx ON config_changes (change_type)`,
  `CREATE INDEX config_changes_created_at_brin ON config_changes USING brin (created_at)`,
  `CREATE UNIQUE INDEX config_changes_external_change_id_key ON config_changes (config_id, external_change_id)
     WHERE external_change_id IS NOT NULL`,

  `CREATE TABLE config_analysis (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
     scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
     analyzer text NOT NULL,
     analysis_type text NOT NULL DEFAULT 'other' CHECK (analysis_type IN ${ANALYSIS_TYPES}),
     severity text CHECK (severity IN ${SEVERITY}),
     status text NOT NULL DEFAULT 'open',
     message text,
     summary text,
     source text,
     analysis jsonb,
     first_observed timestamptz NOT NULL DEFAULT now(),
     last_observed timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX config_analysis_config_id_idx ON config_analysis (config_id)`,
  `CREATE INDEX config_analysis_scraper_id_idx ON config_analysis (scraper_id)`,
  `CREATE INDEX config_analysis_status_idx ON config_analysis (status, first_observed DESC)`,

  `CREATE TABLE config_relationships (
     config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
     related_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
     relation text NOT NULL DEFAULT '',
     selector_id text NOT NULL DEFAULT 'manual',
     ${stamps},
     PRIMARY KEY (config_id, related_id, selector_id),
     CHECK (config_id <> related_id)
   )`,
  `CREATE INDEX config_relationships_related_id_idx ON config_relationships (related_id)`,
  touch('config_relationships'),

  // ---- topology -------------------------------------------------------------------------------------------
  `CREATE TABLE topologies (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     namespace text NOT NULL DEFAULT 'default',
     labels jsonb NOT NULL DEFAULT '{}' ${isObject('labels')},
     spec jsonb NOT NULL DEFAULT '{}',
     schedule text,
     icon text,
     source text NOT NULL DEFAULT 'UI',
     ${agentId},
     ${createdBy},
     ${stamps}
   )`,
  `CREATE UNIQUE INDEX topologies_namespace_name_key ON topologies (namespace, name) WHERE deleted_at IS NULL`,
  `CREATE INDEX topologies_agent_id_idx ON topologies (agent_id)`,
  `CREATE INDEX topologies_created_by_idx ON topologies (created_by)`,
  touch('topologies'),

  `CREATE TABLE components (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     topology_id uuid REFERENCES topologies (id) ON DELETE CASCADE,
     parent_id uuid REFERENCES components (id) ON DELETE CASCADE,
     ${agentId},
     external_id text,
     name text NOT NULL,
     title text,
     text text,
     type text,
     icon text,
     namespace text,
     description text,
     path text,
     status text CHECK (status IN ('healthy', 'unhealthy', 'warning', 'info', 'unknown')),
     health text CHECK (health IN ${HEALTH}),
     status_reason text,
     labels jsonb NOT NULL DEFAULT '{}' ${isObject('labels')},
     properties jsonb NOT NULL DEFAULT '[]',
     summary jsonb NOT NULL DEFAULT '{}',
     logs jsonb NOT NULL DEFAULT '[]',
     is_leaf boolean NOT NULL DEFAULT false,
     hidden boolean NOT NULL DEFAULT false,
     ${stamps}
   )`,
  `CREATE INDEX components_topology_id_idx ON components (topology_id)`,
  `CREATE INDEX components_parent_id_idx ON components (parent_id)`,
  `CREATE INDEX components_agent_id_idx ON components (agent_id)`,
  `CREATE INDEX components_type_idx ON components (type)`,
  `CREATE INDEX components_name_idx ON components (name)`,
  `CREATE INDEX components_status_idx ON components (status)`,
  touch('components'),

  `CREATE TABLE team_components (
     team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
     component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
     role text,
     selector_id text NOT NULL DEFAULT 'manual',
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (team_id, component_id, selector_id)
   )`,
  `CREATE INDEX team_components_component_id_idx ON team_components (component_id)`,

  `CREATE TABLE config_component_relationships (
     component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
     config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
     selector_id text NOT NULL DEFAULT 'manual',
     ${stamps},
     PRIMARY KEY (component_id, config_id, selector_id)
   )`,
  `CREATE INDEX config_component_relationships_config_id_idx ON config_component_relationships (config_id)`,
  touch('config_component_relationships'),

  // ---- health ---------------------------------------------------------------------------------------------
  `CREATE TABLE canaries (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     name text NOT NULL,
     namespace text NOT NULL DEFAULT 'default',
     labels jsonb NOT NULL DEFAULT '{}' ${isObject('labels')},
     spec jsonb NOT NULL DEFAULT '{}',
     schedule text,
     icon text,
     source text NOT NULL DEFAULT 'UI',
     ${agentId},
     ${createdBy},
     ${stamps}
   )`,
  `CREATE UNIQUE INDEX canaries_namespace_name_key ON canaries (namespace, name) WHERE deleted_at IS NULL`,
  `CREATE INDEX canaries_agent_id_idx ON canaries (agent_id)`,
  `CREATE INDEX canaries_created_by_idx ON canaries (created_by)`,
  touch('canaries'),

  `CREATE TABLE checks (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
     ${agentId},
     type text NOT NULL,
     name text NOT NULL,
     description text,
     icon text,
     labels jsonb NOT NULL DEFAULT '{}' ${isObject('labels')},
     endpoint text,
     namespace text,
     severity text CHECK (severity IN ${SEVERITY}),
     owner text,
     spec jsonb NOT NULL DEFAULT '{}',
     status text CHECK (status IN ('healthy', 'unhealthy')),
     last_runtime timestamptz,
     last_transition_time timestamptz,
     next_runtime timestamptz,
     ${stamps},
     UNIQUE (canary_id, type, name)
   )`,
  `CREATE INDEX checks_agent_id_idx ON checks (agent_id)`,
  `CREATE INDEX checks_status_idx ON checks (status)`,
  touch('checks'),

  `CREATE TABLE check_statuses (
     check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
     time timestamptz(3) NOT NULL,
     duration integer,
     status boolean NOT NULL,
     invalid boolean NOT NULL DEFAULT false,
     message text,
     error text,
     details jsonb,
     created_at timestamptz(3) NOT NULL DEFAULT now(),
     PRIMARY KEY (check_id, time)
   )`,
  `CREATE INDEX check_statuses_time_brin ON check_statuses USING brin (time)`,

  `CREATE TABLE check_component_relationships (
     component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
     check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
     canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
     selector_id text NOT NULL DEFAULT 'manual',
     ${stamps},
     PRIMARY KEY (component_id, check_id, selector_id)
   )`,
  `CREATE INDEX check_component_relationships_check_id_idx ON check_component_relationships (check_id)`,
  `CREATE INDEX check_component_relationships_canary_id_idx ON check_component_relationships (canary_id)`,
  touch('check_component_relationships'),

  `CREATE TABLE check_config_relationships (
     config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
     check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
     canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
     selector_id text NOT NULL DEFAULT 'manual',
     ${stamps},
     PRIMARY KEY (config_id, check_id, selector_id)
   )`,
  `CREATE INDEX check_config_relationships_check_id_idx ON check_config_relationships (check_id)`,
  `CREATE INDEX check_config_relationships_canary_id_idx ON check_config_relationships (canary_id)`,
  touch('check_config_relationships'),
];

const DOWN = [
  `DROP TABLE check_config_relationships`,
  `DROP TABLE check_component_relationships`,
  `DROP TABLE check_statuses`,
  `DROP TABLE checks`,
  `DROP TABLE canaries`,
  `DROP TABLE config_component_relationships`,
  `DROP TABLE team_components`,
  `DROP TABLE components`,
  `DROP TABLE topologies`,
  `DROP TABLE config_relationships`,
  `DROP TABLE config_analysis`,
  `DROP TABLE config_changes`,
  `DROP TABLE config_items`,
  `DROP FUNCTION config_items_default_class()`,
  `DROP TABLE config_scrapers`,
];
