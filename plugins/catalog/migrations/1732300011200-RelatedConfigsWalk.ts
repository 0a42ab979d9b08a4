import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RELATED_CONFIGS_RECURSIVE } from '../../../gateway/src/database/migrations/1732300000005-ReadModelViews';

const SIGNATURE = 'related_configs_recursive(uuid, text, boolean, integer, text, text)';
const RETURNS = `TABLE (
  id uuid, name text, type text, config_class text, status text, health text, labels jsonb, tags jsonb,
  agent_id uuid, created_at timestamptz, updated_at timestamptz, deleted_at timestamptz,
  depth integer, direction text, relation_type text, relation text, related_id uuid
)`;

/**
 * `rpc/related_configs_recursive` as a level-by-level walk. The first version was one recursive query over a CTE of
 * every edge in the catalogue: Postgres built all of them (parents and relationships) before the first step and
 * compared each step against them, and it followed every path, so on 100,000 items with 200,000 relationships a
 * depth-10 call ran past the statement timeout. This one looks up each level's neighbours through the indexes
 * (config_items.parent_id, config_relationships config_id and related_id), visits each config once (the shortest
 * path wins, as before), and stops at max_depth or when a level finds nothing new. Arguments and columns are
 * unchanged; *_relation takes hard, soft, both or none.
 */
export class RelatedConfigsWalk1732300011200 implements MigrationInterface {
  name = 'RelatedConfigsWalk1732300011200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION ${SIGNATURE}`);
    await q.query(`CREATE FUNCTION related_configs_recursive(
       config_id uuid,
       type_filter text DEFAULT 'all',
       include_deleted_configs boolean DEFAULT false,
       max_depth integer DEFAULT 10,
       incoming_relation text DEFAULT 'both',
       outgoing_relation text DEFAULT 'both'
     ) RETURNS ${RETURNS} LANGUAGE plpgsql STABLE AS $fn$
     #variable_conflict use_column
     DECLARE
       root uuid := $1;
       dirs text[] := CASE WHEN $2 IN ('incoming', 'upstream') THEN ARRAY['incoming']
                           WHEN $2 IN ('outgoing', 'downstream') THEN ARRAY['outgoing']
                           ELSE ARRAY['outgoing', 'incoming'] END;
       dir text;
       kinds text;
       level integer;
       frontier uuid[];
       seen uuid[];
       step_id uuid[];
       step_from uuid[];
       step_kind text[];
       step_relation text[];
       found_id uuid[] := '{}';
       found_from uuid[] := '{}';
       found_depth integer[] := '{}';
       found_dir text[] := '{}';
       found_kind text[] := '{}';
       found_relation text[] := '{}';
     BEGIN
       FOREACH dir IN ARRAY dirs LOOP
         kinds := CASE dir WHEN 'outgoing' THEN $6 ELSE $5 END;
         frontier := ARRAY[root];
         seen := ARRAY[root];
         level := 0;
         WHILE level < $4 AND cardinality(frontier) > 0 LOOP
           level := level + 1;
           SELECT coalesce(array_agg(x.next_id), '{}'), coalesce(array_agg(x.from_id), '{}'),
                  coalesce(array_agg(x.kind), '{}'), coalesce(array_agg(x.relation), '{}')
             INTO step_id, step_from, step_kind, step_relation
           FROM (
             SELECT DISTINCT ON (n.next_id) n.next_id, n.from_id, n.kind, n.relation
             FROM (
               -- Children (outgoing) and the parent (incoming) are the hard edges; relationships the soft ones.
               SELECT c.id AS next_id, c.parent_id AS from_id, 'hard'::text AS kind, 'parent'::text AS relation
               FROM config_items c
               WHERE dir = 'outgoing' AND kinds IN ('both', 'hard') AND c.parent_id = ANY (frontier)
               UNION ALL
               SELECT p.parent_id, p.id, 'hard', 'parent'
               FROM config_items p
               WHERE dir = 'incoming' AND kinds IN ('both', 'hard') AND p.id = ANY (frontier) AND p.parent_id IS NOT NULL
               UNION ALL
               SELECT r.related_id, r.config_id, 'soft', r.relation
               FROM config_relationships r
               WHERE dir = 'outgoing' AND kinds IN ('both', 'soft') AND r.config_id = ANY (frontier) AND r.deleted_at IS NULL
               UNION ALL
               SELECT r.config_id, r.related_id, 'soft', r.relation
               FROM config_relationships r
               WHERE dir = 'incoming' AND kinds IN ('both', 'soft') AND r.related_id = ANY (frontier) AND r.deleted_at IS NULL
             ) n
             WHERE n.next_id NOT IN (SELECT unnest(seen))
             ORDER BY n.next_id, n.kind
           ) x;
           frontier := step_id;
           seen := seen || step_id;
           found_id := found_id || step_id;
           found_from := found_from || step_from;
           found_kind := found_kind || step_kind;
           found_relation := found_relation || step_relation;
           found_depth := found_depth || array_fill(level, ARRAY[cardinality(step_id)]);
           found_dir := found_dir || array_fill(dir, ARRAY[cardinality(step_id)]);
         END LOOP;
       END LOOP;
       RETURN QUERY
         SELECT c.id, c.name, c.type, c.config_class, c.status, c.health, c.labels, c.tags, c.agent_id, c.created_at,
           c.updated_at, c.deleted_at, f.depth, f.direction, f.kind, f.relation, f.from_id
         FROM (
           SELECT DISTINCT ON (u.node) u.node, u.from_id, u.depth, u.direction, u.kind, u.relation
           FROM unnest(found_id, found_from, found_depth, found_dir, found_kind, found_relation)
             AS u(node, from_id, depth, direction, kind, relation)
           ORDER BY u.node, u.depth
         ) f
         JOIN config_items c ON c.id = f.node
         WHERE ($3 OR c.deleted_at IS NULL) AND c.id <> root;
     END
     $fn$`);
  }

  /** Back to the recursive query of ReadModelViews1732300000005. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION ${SIGNATURE}`);
    await q.query(RELATED_CONFIGS_RECURSIVE);
  }
}
