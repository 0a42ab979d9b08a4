import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The push protocol (plugins/agents/gateway/push).
 *
 * On an agent: `agent_push_cursors`, where each pushed table's cursor is (the last pushed row's time, its key), so a
 * restart resumes where the last accepted push ended; indexes on the cursor columns of the two tables that grow
 * fastest (check results, config items).
 *
 * On the upstream: canaries, scrapers and topologies are unique by name per agent (as upstream Mission Control's are),
 * so an agent's `default/web` does not collide with the upstream's own `default/web` or another agent's; and
 * `agent_push_pending_parents`, the parent links (config items, components) that arrived before their parent row (a
 * batch cut between a parent and its child), set once the parent arrives.
 */
export class AgentPush1732300016100 implements MigrationInterface {
  name = 'AgentPush1732300016100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE agent_push_cursors (
      table_name text PRIMARY KEY,
      ts timestamptz NOT NULL,
      key text[] NOT NULL,
      pushed_rows bigint NOT NULL DEFAULT 0,
      skipped_rows bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE agent_push_pending_parents (
      table_name text NOT NULL,
      child_id uuid NOT NULL,
      parent_id uuid NOT NULL,
      agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (table_name, child_id)
    )`);
    await q.query('CREATE INDEX agent_push_pending_parents_agent_idx ON agent_push_pending_parents (agent_id, table_name)');
    await q.query('CREATE INDEX check_statuses_created_at_idx ON check_statuses (created_at)');
    await q.query('CREATE INDEX config_items_updated_at_idx ON config_items (updated_at)');
    for (const table of ['canaries', 'config_scrapers', 'topologies']) {
      await q.query(`DROP INDEX ${table}_namespace_name_key`);
      await q.query(`CREATE UNIQUE INDEX ${table}_namespace_name_key ON ${table} (agent_id, namespace, name) WHERE deleted_at IS NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['canaries', 'config_scrapers', 'topologies']) {
      await q.query(`DROP INDEX ${table}_namespace_name_key`);
      await q.query(`CREATE UNIQUE INDEX ${table}_namespace_name_key ON ${table} (namespace, name) WHERE deleted_at IS NULL`);
    }
    await q.query('DROP INDEX config_items_updated_at_idx');
    await q.query('DROP INDEX check_statuses_created_at_idx');
    await q.query('DROP TABLE agent_push_pending_parents');
    await q.query('DROP TABLE agent_push_cursors');
  }
}
