import { badRequest, conflict } from '@gateway/core/http/domain-error';

interface PgError {
  code?: string;
  message?: string;
  severity?: string;
  constraint?: string;
}

/**
 * Turns a database refusal into the 400/409 the user should see, so that a rule enforced by a trigger or a
 * constraint (status transitions, value sets, references) never surfaces as a 500. Other errors are rethrown.
 */
export function asDomainError(error: unknown): unknown {
  const e = error as PgError | null;
  if (!e || typeof e.code !== 'string' || typeof e.severity !== 'string') return error;
  if (e.code === 'P0001') return badRequest(e.message ?? 'Refused by the database', 'rule_violation');
  if (e.code === '23503') return badRequest('A referenced item does not exist', 'foreign_key_violation', { constraint: e.constraint });
  if (e.code === '23514') return badRequest(e.message ?? 'A value is not allowed', 'check_violation', { constraint: e.constraint });
  if (e.code === '23502') return badRequest(e.message ?? 'A required value is missing', 'not_null_violation');
  if (e.code === '22P02') return badRequest(e.message ?? 'Invalid value', 'invalid_text_representation');
  if (e.code === '23505') return conflict(e.message ?? 'Already exists');
  return error;
}

/** Runs `work`, mapping database refusals to domain errors. */
export async function mapDbErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asDomainError(error);
  }
}
