import type { PoolClient } from 'pg';
import { badRequest } from '@gateway/core/http/domain-error';
import { teamSpecProblems } from './team-spec';

/**
 * After a data-API write to `teams` (POST, PATCH): every team this transaction wrote must have a valid spec and name,
 * else the write is rolled back with the problems (400). Rows written by this transaction carry its id in `xmin`.
 */
export async function assertTeamsValid(tx: PoolClient): Promise<void> {
  const { rows } = await tx.query<{ name: string; spec: unknown }>(
    `SELECT name, spec FROM teams WHERE xmin = pg_current_xact_id()::xid AND deleted_at IS NULL`,
  );
  const problems: string[] = [];
  for (const team of rows) {
    if (!team.name.trim()) problems.push('name: required');
    problems.push(...teamSpecProblems(team.spec));
  }
  if (problems.length) throw badRequest(problems.join('; '), 'invalid_team', problems);
}
