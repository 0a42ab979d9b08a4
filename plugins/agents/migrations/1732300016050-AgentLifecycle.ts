import type { MigrationInterface, QueryRunner } from 'typeorm';

const LOCAL_AGENT = `'00000000-0000-0000-0000-000000000000'`;

/**
 * Agents' rules in the database, so every path (POST /api/agent/generate, PATCH /api/agent/{id}, the data API's
 * PATCH /agents, SQL) keeps them (spec 02 §4, §5; issue 16):
 *
 * - the name is read-only once the agent exists; the local agent (all-zero id) cannot be changed at all; a deleted
 *   agent cannot come back (its identity is gone) and is never hard-deleted by accident: DELETE cascades through every
 *   `agent_id` column, so it is refused unless the transaction says `SET LOCAL agents.hard_delete = 'on'`;
 * - soft delete (deleted_at set) deletes the agent's person, which revokes its access tokens at once (trigger
 *   people_revoke_access), and with `cleanup` removes, in the same transaction, the rows the agent pushed;
 * - properties is a JSON object.
 */
export class AgentLifecycle1732300016050 implements MigrationInterface {
  name = 'AgentLifecycle1732300016050';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of UP) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DOWN) await q.query(sql);
  }
}

/** The tables an agent pushes rows of, in the order cleanup deletes them (children cascade: statuses, changes...). */
const AGENT_CLEANUP_TABLES = ['checks', 'canaries', 'components', 'topologies', 'config_items', 'config_scrapers', 'job_history'] as const;

const UP = [
  `ALTER TABLE agents ADD CONSTRAINT agents_properties_object CHECK (jsonb_typeof(properties) = 'object')`,

  `CREATE FUNCTION agents_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF OLD.id = ${LOCAL_AGENT} THEN
       RAISE EXCEPTION 'The local agent cannot be changed or deleted' USING ERRCODE = 'check_violation';
     END IF;
     IF NEW.name IS DISTINCT FROM OLD.name THEN
       RAISE EXCEPTION 'The name of an agent cannot be changed' USING ERRCODE = 'check_violation';
     END IF;
     IF OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
       RAISE EXCEPTION 'A deleted agent cannot be restored' USING ERRCODE = 'check_violation';
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER agents_guard_update BEFORE UPDATE ON agents FOR EACH ROW EXECUTE FUNCTION agents_guard_update()`,

  `CREATE FUNCTION agents_guard_delete() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF OLD.id = ${LOCAL_AGENT} THEN
       RAISE EXCEPTION 'The local agent cannot be changed or deleted' USING ERRCODE = 'check_violation';
     END IF;
     IF coalesce(current_setting('agents.hard_delete', true), '') <> 'on' THEN
       RAISE EXCEPTION 'Agents are deleted by setting deleted_at (optionally with cleanup)' USING ERRCODE = 'check_violation';
     END IF;
     UPDATE people SET deleted_at = now() WHERE id = OLD.person_id AND deleted_at IS NULL;
     RETURN OLD;
   END $$`,
  `CREATE TRIGGER agents_guard_delete BEFORE DELETE ON agents FOR EACH ROW EXECUTE FUNCTION agents_guard_delete()`,

  // A soft delete ends the agent's identity, and with cleanup (now or set later) removes what it pushed.
  `CREATE FUNCTION agents_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL AND NEW.person_id IS NOT NULL THEN
       UPDATE people SET deleted_at = now() WHERE id = NEW.person_id AND deleted_at IS NULL;
     END IF;
     IF NEW.deleted_at IS NOT NULL AND NEW.cleanup AND (OLD.deleted_at IS NULL OR NOT OLD.cleanup) THEN
       ${AGENT_CLEANUP_TABLES.map((t) => `DELETE FROM ${t} WHERE agent_id = NEW.id;`).join('\n       ')}
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER agents_after_delete AFTER UPDATE OF deleted_at, cleanup ON agents FOR EACH ROW EXECUTE FUNCTION agents_after_delete()`,
];

const DOWN = [
  `DROP TRIGGER agents_after_delete ON agents`,
  `DROP FUNCTION agents_after_delete()`,
  `DROP TRIGGER agents_guard_delete ON agents`,
  `DROP FUNCTION agents_guard_delete()`,
  `DROP TRIGGER agents_guard_update ON agents`,
  `DROP FUNCTION agents_guard_update()`,
  `ALTER TABLE agents DROP CONSTRAINT agents_properties_object`,
];
