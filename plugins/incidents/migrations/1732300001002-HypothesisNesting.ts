import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec 01 §4 "Type nesting: root, then factor, then solution", for every writer (data API included): a hypothesis
 * without a parent is the root; a root's children are factors, a factor's are solutions, a solution has none; the
 * parent belongs to the same incident. Refusals raise P0001 (400 through the data API and the incidents service).
 */
export class HypothesisNesting1732300001002 implements MigrationInterface {
  name = 'HypothesisNesting1732300001002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION hypotheses_nesting() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        parent hypotheses%ROWTYPE;
        expected text;
      BEGIN
        IF NEW.parent_id IS NULL THEN
          IF NEW.type <> 'root' THEN
            RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = format('A %s hypothesis needs a parent', NEW.type);
          END IF;
          RETURN NEW;
        END IF;
        SELECT * INTO parent FROM hypotheses WHERE id = NEW.parent_id;
        IF NOT FOUND THEN
          RETURN NEW; -- the foreign key reports it
        END IF;
        IF parent.incident_id <> NEW.incident_id THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'The parent hypothesis is not part of this incident';
        END IF;
        expected := CASE parent.type WHEN 'root' THEN 'factor' WHEN 'factor' THEN 'solution' END;
        IF expected IS NULL THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'A solution cannot have child hypotheses';
        END IF;
        IF NEW.type <> expected THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = format('A %s hypothesis can only have %s children', parent.type, expected);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER hypotheses_nesting BEFORE INSERT OR UPDATE OF parent_id, type, incident_id ON hypotheses
      FOR EACH ROW EXECUTE FUNCTION hypotheses_nesting()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER hypotheses_nesting ON hypotheses');
    await q.query('DROP FUNCTION hypotheses_nesting()');
  }
}
