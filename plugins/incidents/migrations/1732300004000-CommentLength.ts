import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: a comment written in the console is at most COMMENT_MAX_LENGTH (10,000) characters, the limit the comment
 * box shows. Comments copied from a responder's system (external_id set) keep whatever length they have there.
 * NOT VALID: rows written before the limit stay as they are; every new or changed row is checked.
 */
export class CommentLength1732300004000 implements MigrationInterface {
  name = 'CommentLength1732300004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE comments ADD CONSTRAINT comments_comment_length CHECK (external_id IS NOT NULL OR char_length(comment) <= 10000) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE comments DROP CONSTRAINT comments_comment_length`);
  }
}
