import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What kubectl keeps on an object that the console's tables have no column for: annotations (kubectl apply's
 * `kubectl.kubernetes.io/last-applied-configuration`, which its next apply diffs against) and, for the kinds whose
 * table has no `labels` (playbooks, notifications, connections), the labels. One row per object, by its table and id;
 * the row goes when the object is deleted through /api/k8s (a row left by a delete elsewhere is never read: reads
 * join on live rows).
 */
export class K8sObjectMeta1732300016610 implements MigrationInterface {
  name = 'K8sObjectMeta1732300016610';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE k8s_object_meta (
      resource text NOT NULL,
      uid uuid NOT NULL,
      labels jsonb NOT NULL DEFAULT '{}',
      annotations jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (resource, uid)
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE k8s_object_meta`);
  }
}
