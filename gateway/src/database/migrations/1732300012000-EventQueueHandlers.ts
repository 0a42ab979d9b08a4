import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event queue gets its consumer (gateway/src/core/events): `handled_by` records which handlers have handled an
 * event, so a retry after one handler failed does not deliver it again to those that succeeded.
 */
export class EventQueueHandlers1732300012000 implements MigrationInterface {
  name = 'EventQueueHandlers1732300012000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE event_queue ADD COLUMN handled_by text[] NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE event_queue DROP COLUMN handled_by`);
  }
}
