import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CONFIG_DETAIL_VIEW } from '../../../gateway/src/database/migrations/1732300000005-ReadModelViews';

/**
 * What the scrape engine keeps (issue 11): per scraper its next run and run lease (one run at a time across
 * replicas); per item its key within its scraper (type + external id, unique so a re-scrape updates instead of
 * adding), the body's format and digest (a re-scrape compares digests and reads bodies only of changed items) and why
 * it was deleted; per change its fingerprint (an identical change within an hour bumps `count`); one insight per
 * (config, analyzer).
 */
export class CatalogEngine1732300011000 implements MigrationInterface {
  name = 'CatalogEngine1732300011000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of [
      `ALTER TABLE config_scrapers ADD COLUMN next_runtime timestamptz, ADD COLUMN run_lease_until timestamptz`,
      `CREATE INDEX config_scrapers_next_runtime_idx ON config_scrapers (next_runtime) WHERE deleted_at IS NULL`,
      `ALTER TABLE config_items ADD COLUMN format text, ADD COLUMN config_digest text, ADD COLUMN delete_reason text`,
      `CREATE UNIQUE INDEX config_items_scraper_key ON config_items (scraper_id, type, external_id)`,
      `ALTER TABLE config_changes ADD COLUMN fingerprint text`,
      `CREATE INDEX config_changes_fingerprint_idx ON config_changes (config_id, fingerprint, created_at DESC) WHERE fingerprint IS NOT NULL`,
      // Keep the newest of any duplicates the demo or older writers left, then make (config, analyzer) unique.
      `DELETE FROM config_analysis a USING config_analysis b
         WHERE a.config_id = b.config_id AND a.analyzer = b.analyzer
           AND (a.last_observed, a.id) < (b.last_observed, b.id)`,
      `CREATE UNIQUE INDEX config_analysis_config_analyzer_key ON config_analysis (config_id, analyzer)`,
      // A scrape stamps last_scraped_time on every item it saw: that stamp alone neither moves updated_at (the
      // trigger fires on the other columns only) nor, with room left in each page, touches the indexes (a HOT update).
      `DROP TRIGGER config_items_updated_at ON config_items`,
      `CREATE TRIGGER config_items_updated_at BEFORE UPDATE OF ${ITEM_COLUMNS} ON config_items FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,
      `ALTER TABLE config_items SET (fillfactor = 80)`,
      `CREATE INDEX job_history_resource_created_idx ON job_history (resource_id, created_at DESC)`,
      // `ci.*` of a view is expanded when it is created: recreate the detail so it carries the new columns.
      `DROP VIEW config_detail`,
      CONFIG_DETAIL_VIEW,
    ])
      await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of [
      `DROP VIEW config_detail`,
      `DROP INDEX job_history_resource_created_idx`,
      `ALTER TABLE config_items RESET (fillfactor)`,
      `DROP TRIGGER config_items_updated_at ON config_items`,
      `CREATE TRIGGER config_items_updated_at BEFORE UPDATE ON config_items FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,
      `DROP INDEX config_analysis_config_analyzer_key`,
      `DROP INDEX config_changes_fingerprint_idx`,
      `ALTER TABLE config_changes DROP COLUMN fingerprint`,
      `DROP INDEX config_items_scraper_key`,
      `ALTER TABLE config_items DROP COLUMN format, DROP COLUMN config_digest, DROP COLUMN delete_reason`,
      `DROP INDEX config_scrapers_next_runtime_idx`,
      `ALTER TABLE config_scrapers DROP COLUMN next_runtime, DROP COLUMN run_lease_until`,
      CONFIG_DETAIL_VIEW,
    ])
      await q.query(sql);
  }
}

/**
 * Every column of config_items but last_scraped_time and updated_at: an update of any of them moves updated_at. A
 * column added to config_items later belongs in this list (a migration recreating the trigger).
 */
const ITEM_COLUMNS = [
  'id',
  'scraper_id',
  'agent_id',
  'external_id',
  'config_class',
  'type',
  'name',
  'status',
  'health',
  'ready',
  'description',
  'source',
  'labels',
  'tags',
  'config',
  'properties',
  'cost_per_minute',
  'cost_total_1d',
  'cost_total_7d',
  'cost_total_30d',
  'parent_id',
  'path',
  'created_at',
  'deleted_at',
  'format',
  'config_digest',
  'delete_reason',
].join(', ');
