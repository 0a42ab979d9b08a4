import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spec 01 §4: the status choices per current status are enforced by the database, so every writer (data API,
 * domain endpoints, jobs, SQL by hand) is held to them. A refused change raises SQLSTATE P0001 with the message
 * 'Cannot change incident status from <old> to <new>', which the data API answers as 400 (pg-errors.ts) and the
 * incidents service maps to a 400 DomainError. Must match INCIDENT_STATUS_TRANSITIONS in contracts/src/values.ts.
 */
export class IncidentStatusTransitions1732300001000 implements MigrationInterface {
  name = 'IncidentStatusTransitions1732300001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION incident_status_allowed(from_status text, to_status text) RETURNS boolean
      LANGUAGE sql IMMUTABLE AS $$
        SELECT to_status = ANY (CASE coalesce(nullif(from_status, ''), 'new')
          WHEN 'open' THEN ARRAY['open', 'investigating', 'mitigated', 'resolved', 'closed']
          WHEN 'investigating' THEN ARRAY['investigating', 'mitigated', 'resolved', 'closed']
          WHEN 'mitigated' THEN ARRAY['mitigated', 'resolved', 'closed', 'open']
          WHEN 'resolved' THEN ARRAY['resolved', 'closed', 'open']
          WHEN 'closed' THEN ARRAY['closed', 'open']
          ELSE ARRAY['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed']
        END)
      $$`);
    await q.query(`
      CREATE FUNCTION incidents_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status AND NOT incident_status_allowed(OLD.status, NEW.status) THEN
          RAISE EXCEPTION USING
            ERRCODE = 'P0001',
            MESSAGE = format('Cannot change incident status from %s to %s', coalesce(nullif(OLD.status, ''), 'new'), NEW.status),
            HINT = 'See the allowed status choices of spec 01 §4';
        END IF;
        RETURN NEW;
      END $$`);
    // Named to sort before incidents_status_times: BEFORE triggers fire in name order.
    await q.query(`
      CREATE TRIGGER incidents_status_check BEFORE UPDATE OF status ON incidents
      FOR EACH ROW EXECUTE FUNCTION incidents_status_transition()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER incidents_status_check ON incidents');
    await q.query('DROP FUNCTION incidents_status_transition()');
    await q.query('DROP FUNCTION incident_status_allowed(text, text)');
  }
}
