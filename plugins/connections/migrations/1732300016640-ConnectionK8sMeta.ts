import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What kubectl keeps on a Connection (gateway/connections.k8s.ts) that a connection has no column for: its labels and
 * annotations (kubectl apply's `kubectl.kubernetes.io/last-applied-configuration`, kept without the password and the
 * certificate). In the connection's own row, so this plugin depends on no other plugin's table. The connections API
 * neither reads nor changes them; the data API's column allow-list (plugins/settings) does not list them.
 */
export class ConnectionK8sMeta1732300016640 implements MigrationInterface {
  name = 'ConnectionK8sMeta1732300016640';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE connections ADD COLUMN labels jsonb NOT NULL DEFAULT '{}', ADD COLUMN annotations jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE connections DROP COLUMN labels, DROP COLUMN annotations`);
  }
}
