import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Found by `npm run bench:catalog` (100,000 items, 1,000,000 changes):
 * - The /catalog list (`configs?type=eq.X&deleted_at=is.null&order=type.asc,name.asc`, `Prefer: count=exact`)
 *   counted with a parallel sequential scan of config_items (80 ms for 47,500 pods): `(type, name)` cannot answer
 *   `deleted_at IS NULL` without the heap. A partial index over live items serves the page (ordered scan) and the
 *   count (index-only scan, 9 ms).
 * - The changes search (`POST /api/catalog/changes`, default sort written `created_at DESC NULLS LAST, id`) sorted
 *   every change of the window (~66,000 for 2 days, on disk) for one page: the only index on created_at is a BRIN.
 *   An index in the sort's exact order makes a page an ordered scan that stops after `page_size` rows (60 → 3 ms);
 *   it carries config_id so the total reads the index only.
 */
export class CatalogBenchIndexes1732300011100 implements MigrationInterface {
  name = 'CatalogBenchIndexes1732300011100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX config_items_live_type_name_idx ON config_items (type, name) WHERE deleted_at IS NULL');
    await q.query('CREATE INDEX config_changes_created_at_id_idx ON config_changes (created_at DESC NULLS LAST, id) INCLUDE (config_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX config_changes_created_at_id_idx');
    await q.query('DROP INDEX config_items_live_type_name_idx');
  }
}
