import type { PoolClient } from 'pg';
import { conflict } from '@gateway/core/http/domain-error';

export const LAST_ADMIN_MESSAGE = 'The console must keep at least one active admin: make another user an admin first';

/**
 * Every change that can take the admin role away (a demotion, a deactivation, a delete; through /api/users or the data
 * API) takes this transaction lock before counting, so two admins removing each other one after the other cannot both
 * succeed: the second waits for the first to commit, then counts again.
 */
export async function lockAdmins(tx: PoolClient): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('console.active_admins'))`);
}

/**
 * Counts the active admins as committed now plus this transaction's own changes. In READ COMMITTED each statement
 * takes a new snapshot, so called after `lockAdmins` it sees what a transaction that held the lock before committed.
 */
export async function activeAdmins(tx: PoolClient): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(DISTINCT p.id)::int AS n FROM people p JOIN person_roles r ON r.person_id = p.id AND r.role = 'admin'
      WHERE p.state = 'active' AND p.deleted_at IS NULL`,
  );
  return rows[0].n;
}

/**
 * The data API's writes to people and person_roles end here (afterWrite): a write made by an admin (only admins may
 * write them) that leaves no active admin is rolled back.
 */
export async function assertAnAdminRemains(tx: PoolClient): Promise<void> {
  await lockAdmins(tx);
  if ((await activeAdmins(tx)) === 0) throw conflict(LAST_ADMIN_MESSAGE, 'last_admin');
}
