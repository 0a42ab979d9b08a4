import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The topology engine (issue 13).
 *
 * - `topologies.next_runtime` / `run_lease_until`: scheduling and single flight across replicas (as scrapers).
 * - `components.own_status`: the status a run gave the component itself (its spec or its lookup result); `status`
 *   and `health` are the rolled-up values. One row per (topology, key): `external_id` is the run's stable key, so
 *   a run updates the same rows and revives a component that comes back.
 * - `component_relationships`: components pulled in under another by a `selectors` entry.
 * - The roll-up queue: triggers record which components' inputs changed (a linked check's status, a linked config's
 *   health, an incident or insight about them, their links, a child appearing, moving or going) in
 *   `component_rollup_queue`; the roll-up worker recomputes those components' health, status_reason and summary,
 *   and queues the parent of each one that changed. Reads never recompute the tree.
 */
export class TopologyEngine1732300013000 implements MigrationInterface {
  name = 'TopologyEngine1732300013000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of UP) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DOWN) await q.query(sql);
  }
}

/** Queue the components in `ids` (nulls ignored). */
const QUEUE = (ids: string) => `INSERT INTO component_rollup_queue (component_id)
  SELECT DISTINCT x FROM unnest(${ids}) x WHERE x IS NOT NULL ON CONFLICT DO NOTHING`;

const UP = [
  `ALTER TABLE topologies ADD COLUMN next_runtime timestamptz, ADD COLUMN run_lease_until timestamptz`,
  `CREATE INDEX topologies_next_runtime_idx ON topologies (next_runtime) WHERE deleted_at IS NULL`,
  `UPDATE topologies SET next_runtime = now() WHERE deleted_at IS NULL`,

  `ALTER TABLE components ADD COLUMN own_status text, ADD COLUMN own_status_reason text`,
  `CREATE UNIQUE INDEX components_topology_key ON components (topology_id, external_id)`,
  `CREATE INDEX components_path_idx ON components (path text_pattern_ops)`,
  `CREATE INDEX components_roots_idx ON components (name) WHERE parent_id IS NULL AND deleted_at IS NULL`,

  `CREATE TABLE component_relationships (
     component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
     relationship_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
     selector_id text NOT NULL DEFAULT 'manual',
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     deleted_at timestamptz,
     PRIMARY KEY (component_id, relationship_id, selector_id)
   )`,
  `CREATE INDEX component_relationships_relationship_id_idx ON component_relationships (relationship_id)`,

  `CREATE TABLE component_rollup_queue (
     component_id uuid PRIMARY KEY,
     queued_at timestamptz NOT NULL DEFAULT clock_timestamp()
   )`,

  // A check's status changes (or it goes): the components it is linked to.
  `CREATE FUNCTION component_rollup_from_checks() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${QUEUE(`ARRAY(SELECT r.component_id FROM check_component_relationships r JOIN changed c ON c.id = r.check_id
                     JOIN old_rows o ON o.id = c.id
                    WHERE c.status IS DISTINCT FROM o.status OR c.deleted_at IS DISTINCT FROM o.deleted_at)`)};
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER checks_component_rollup AFTER UPDATE ON checks REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed
     FOR EACH STATEMENT EXECUTE FUNCTION component_rollup_from_checks()`,

  // A config's health changes: the components it is linked to.
  `CREATE FUNCTION component_rollup_from_configs() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${QUEUE(`ARRAY(SELECT r.component_id FROM config_component_relationships r JOIN changed c ON c.id = r.config_id
                     JOIN old_rows o ON o.id = c.id
                    WHERE c.health IS DISTINCT FROM o.health OR c.deleted_at IS DISTINCT FROM o.deleted_at)`)};
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER config_items_component_rollup AFTER UPDATE ON config_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed
     FOR EACH STATEMENT EXECUTE FUNCTION component_rollup_from_configs()`,

  // Insights about a linked config.
  `CREATE FUNCTION component_rollup_from_analysis() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN
       ${QUEUE(`ARRAY(SELECT r.component_id FROM config_component_relationships r WHERE r.config_id = OLD.config_id)`)};
     ELSE
       ${QUEUE(`ARRAY(SELECT r.component_id FROM config_component_relationships r WHERE r.config_id = NEW.config_id)`)};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER config_analysis_component_rollup AFTER INSERT OR DELETE OR UPDATE OF status, severity, analysis_type ON config_analysis
     FOR EACH ROW EXECUTE FUNCTION component_rollup_from_analysis()`,

  // Links made or removed (by a run, or by a person linking a config or a check).
  `CREATE FUNCTION component_rollup_from_link() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN ${QUEUE('ARRAY[OLD.component_id]')};
     ELSE ${QUEUE('ARRAY[NEW.component_id]')};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER check_component_relationships_rollup AFTER INSERT OR DELETE OR UPDATE ON check_component_relationships
     FOR EACH ROW EXECUTE FUNCTION component_rollup_from_link()`,
  `CREATE TRIGGER config_component_relationships_rollup AFTER INSERT OR DELETE OR UPDATE ON config_component_relationships
     FOR EACH ROW EXECUTE FUNCTION component_rollup_from_link()`,
  `CREATE TRIGGER component_relationships_rollup AFTER INSERT OR DELETE OR UPDATE ON component_relationships
     FOR EACH ROW EXECUTE FUNCTION component_rollup_from_link()`,

  // Evidence naming a component, and the incidents it belongs to.
  `CREATE FUNCTION component_rollup_from_evidence() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP <> 'INSERT' THEN ${QUEUE('ARRAY[OLD.component_id]')}; END IF;
     IF TG_OP <> 'DELETE' THEN ${QUEUE('ARRAY[NEW.component_id]')}; END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER evidences_component_rollup AFTER INSERT OR DELETE OR UPDATE OF component_id, hypothesis_id ON evidences
     FOR EACH ROW EXECUTE FUNCTION component_rollup_from_evidence()`,
  `CREATE FUNCTION component_rollup_from_incidents() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${QUEUE(`ARRAY(SELECT e.component_id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
                    WHERE h.incident_id = NEW.id AND e.component_id IS NOT NULL)`)};
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER incidents_component_rollup AFTER UPDATE OF status, severity, type ON incidents
     FOR EACH ROW EXECUTE FUNCTION component_rollup_from_incidents()`,

  // A component appears, moves or goes: it (its own inputs) and its parent(s).
  `CREATE FUNCTION component_rollup_from_components() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       ${QUEUE('ARRAY[NEW.id, NEW.parent_id]')};
     ELSIF NEW.parent_id IS DISTINCT FROM OLD.parent_id OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at
           OR NEW.own_status IS DISTINCT FROM OLD.own_status OR NEW.hidden IS DISTINCT FROM OLD.hidden THEN
       ${QUEUE('ARRAY[NEW.id, NEW.parent_id, OLD.parent_id]')};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER components_rollup AFTER INSERT OR UPDATE OF parent_id, deleted_at, own_status, hidden ON components
     FOR EACH ROW EXECUTE FUNCTION component_rollup_from_components()`,

  // The data API's writes of a topology keep the spec they replace for the exec rule (TopologiesService.syncWrittenRows),
  // and a DELETE there becomes the soft delete every other path does (so the rule and the cascade run).
  `CREATE FUNCTION topologies_keep_prior() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM set_config('console.topology_prior_' || replace(OLD.id::text, '-', ''), OLD.spec::text, true);
     IF TG_OP = 'DELETE' THEN
       UPDATE topologies SET deleted_at = now() WHERE id = OLD.id AND deleted_at IS NULL;
       RETURN NULL;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER topologies_keep_prior BEFORE UPDATE OR DELETE ON topologies FOR EACH ROW EXECUTE FUNCTION topologies_keep_prior()`,

  // A component's status written by anyone but the roll-up (an agent's push, the data API, a test) is its own status:
  // the roll-up starts from it instead of replacing it. The roll-up marks its transactions with console.rollup = on.
  `CREATE FUNCTION components_own_status() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF coalesce(current_setting('console.rollup', true), '') = 'on' THEN RETURN NEW; END IF;
     IF TG_OP = 'INSERT' THEN
       IF NEW.own_status IS NULL THEN
         NEW.own_status := coalesce(nullif(NEW.health, 'unknown'), nullif(NEW.status, 'unknown'));
       END IF;
     ELSIF (NEW.health IS DISTINCT FROM OLD.health OR NEW.status IS DISTINCT FROM OLD.status)
           AND NEW.own_status IS NOT DISTINCT FROM OLD.own_status THEN
       NEW.own_status := coalesce(nullif(NEW.health, 'unknown'), nullif(NEW.status, 'unknown'));
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER components_own_status BEFORE INSERT OR UPDATE OF status, health ON components
     FOR EACH ROW EXECUTE FUNCTION components_own_status()`,

  // Existing components (seeded before this engine) are rolled up once.
  `INSERT INTO component_rollup_queue (component_id) SELECT id FROM components WHERE deleted_at IS NULL ON CONFLICT DO NOTHING`,
  `UPDATE components SET own_status = status WHERE own_status IS NULL AND status IS NOT NULL`,
];

const DOWN = [
  `DROP TRIGGER components_own_status ON components`,
  `DROP FUNCTION components_own_status()`,
  `DROP TRIGGER topologies_keep_prior ON topologies`,
  `DROP FUNCTION topologies_keep_prior()`,
  `DROP TRIGGER components_rollup ON components`,
  `DROP FUNCTION component_rollup_from_components()`,
  `DROP TRIGGER incidents_component_rollup ON incidents`,
  `DROP FUNCTION component_rollup_from_incidents()`,
  `DROP TRIGGER evidences_component_rollup ON evidences`,
  `DROP FUNCTION component_rollup_from_evidence()`,
  `DROP TRIGGER component_relationships_rollup ON component_relationships`,
  `DROP TRIGGER config_component_relationships_rollup ON config_component_relationships`,
  `DROP TRIGGER check_component_relationships_rollup ON check_component_relationships`,
  `DROP FUNCTION component_rollup_from_link()`,
  `DROP TRIGGER config_analysis_component_rollup ON config_analysis`,
  `DROP FUNCTION component_rollup_from_analysis()`,
  `DROP TRIGGER config_items_component_rollup ON config_items`,
  `DROP FUNCTION component_rollup_from_configs()`,
  `DROP TRIGGER checks_component_rollup ON checks`,
  `DROP FUNCTION component_rollup_from_checks()`,
  `DROP TABLE component_rollup_queue`,
  `DROP TABLE component_relationships`,
  `DROP INDEX components_roots_idx`,
  `DROP INDEX components_path_idx`,
  `DROP INDEX components_topology_key`,
  `ALTER TABLE components DROP COLUMN own_status, DROP COLUMN own_status_reason`,
  `DROP INDEX topologies_next_runtime_idx`,
  `ALTER TABLE topologies DROP COLUMN next_runtime, DROP COLUMN run_lease_until`,
];
