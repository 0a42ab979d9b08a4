import { badRequest, conflict } from '@gateway/core/http/domain-error';

interface PgError {
  code?: string;
  message?: string;
  severity?: string;
  constraint?: string;
}

/**
 * What a refusal should say instead of Postgres' wording: by constraint name, or `unique` for any duplicate (answered
 * 409 with the code `uniqueCode`, default 'conflict').
 */
export interface DbErrorMessages {
  unique?: string;
  uniqueCode?: string;
  constraints?: Record<string, string>;
}

/**
 * The one mapper of database refusals for services: turns them into the 400/409 the user should see, so that a rule
 * enforced by a trigger or a constraint (status transitions, value sets, references, unique names) never surfaces
 * as a 500. Other errors are returned as they are. (The data API has its own PostgREST-shaped mapper.)
 */
export function asDomainError(error: unknown, messages: DbErrorMessages = {}): unknown {
  const e = error as PgError | null;
  if (!e || typeof e.code !== 'string' || typeof e.severity !== 'string') return error;
  const named = e.constraint ? messages.constraints?.[e.constraint] : undefined;
  if (e.code === 'P0001') return badRequest(e.message ?? 'Refused by the database', 'rule_violation');
  if (e.code === '23503') return badRequest(named ?? 'A referenced item does not exist', 'foreign_key_violation', { constraint: e.constraint });
  if (e.code === '23514') return badRequest(named ?? e.message ?? 'A value is not allowed', 'check_violation', { constraint: e.constraint });
  if (e.code === '23502') return badRequest(e.message ?? 'A required value is missing', 'not_null_violation');
  if (e.code === '22P02') return badRequest(e.message ?? 'Invalid value', 'invalid_text_representation');
  if (e.code === '23505') return conflict(named ?? messages.unique ?? e.message ?? 'Already exists', messages.uniqueCode);
  return error;
}

/** Runs `work`, mapping database refusals to domain errors (see `asDomainError`). */
export async function mapDbErrors<T>(work: () => Promise<T>, messages?: DbErrorMessages): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asDomainError(error, messages);
  }
}
