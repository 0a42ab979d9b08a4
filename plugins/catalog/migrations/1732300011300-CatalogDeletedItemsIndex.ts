import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The changes search leaves out changes of deleted items with `NOT EXISTS (deleted item)`: deleted items are few, so
 * this small partial index answers it, and counting a window of changes needs no join with all the live items
 * (bench:catalog: the total of a 2-day window went from 70–125 ms to about 25 ms).
 */
export class CatalogDeletedItemsIndex1732300011300 implements MigrationInterface {
  name = 'CatalogDeletedItemsIndex1732300011300';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX config_items_deleted_id_idx ON config_items (id) WHERE deleted_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX config_items_deleted_id_idx');
  }
}
