import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: a responder that cannot be delivered until something is set up (no smtp connection) records the plain
 * sentence in `error` and, in `error_setting`, the console page that fixes it, offered to those who may change it.
 */
export class ResponderErrorSetting1732300004001 implements MigrationInterface {
  name = 'ResponderErrorSetting1732300004001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE responders ADD COLUMN error_setting text`);
    // Rows an older version failed with the internal message get the plain one.
    await q.query(
      `UPDATE responders SET error = 'Email delivery is not configured; ask an administrator', error_setting = '/settings/connections'
        WHERE error LIKE 'No smtp connection is configured%' OR error LIKE 'NOTIFY_SMTP_CONNECTION names %'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE responders DROP COLUMN error_setting`);
  }
}
