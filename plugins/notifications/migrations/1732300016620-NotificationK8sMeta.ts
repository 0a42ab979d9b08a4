import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What kubectl keeps on a Notification (gateway/notifications.k8s.ts) that a rule has no column for: its labels and
 * annotations (kubectl apply's `kubectl.kubernetes.io/last-applied-configuration`, which the next apply diffs against).
 * In the rule's own row, so the notifications plugin depends on no other plugin's table. The rules API neither reads
 * nor changes them; the data API shows `annotations` to readers of connections only (the last-applied copy holds the
 * recipients, as `custom_services` does).
 */
export class NotificationK8sMeta1732300016620 implements MigrationInterface {
  name = 'NotificationK8sMeta1732300016620';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications ADD COLUMN labels jsonb NOT NULL DEFAULT '{}', ADD COLUMN annotations jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications DROP COLUMN labels, DROP COLUMN annotations`);
  }
}
