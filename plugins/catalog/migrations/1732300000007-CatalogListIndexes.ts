import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue list filters by type and sorts by name (spec 02 §7, default order type,name.asc): one composite
 * index serves the page (ordered index scan) and the exact count (index-only scan).
 */
export class CatalogListIndexes1732300000007 implements MigrationInterface {
  name = 'CatalogListIndexes1732300000007';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX config_items_type_name_idx ON config_items (type, name)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX config_items_type_name_idx');
  }
}
