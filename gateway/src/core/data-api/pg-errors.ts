import { DataApiError } from './errors';

/** The fields of a node-postgres `DatabaseError` the mapping reads. */
interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  severity?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgErrorLike {
  const e = error as Partial<PgErrorLike> | null;
  return !!e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/** Node's socket errors: the database cannot be reached. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE']);

/**
 * PostgREST's table from SQLSTATE to HTTP status (docs "HTTP Status Codes"). Classes caused by the request
 * (22 data exception, 23 integrity, 42 syntax/access) are 4xx so that bad input never looks like an outage.
 * One deviation: 42883 (undefined function/operator) is 400 here, since our rpc lookup answers PGRST202
 * itself and the remaining cause is an operator applied to the wrong type (e.g. ilike on a uuid column).
 */
export function statusForSqlState(code: string): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42P01': 404,
    '42501': 403,
    // Resources: memory or a configured limit ran out, or the statement outlived DATA_API_STATEMENT_TIMEOUT_MS.
    // None of these is the server failing; each is the request asking too much.
    '53400': 503,
    '57014': 504,
    // The server is shutting down or restarting: an outage the client may retry, not a failure of the request.
    '57P01': 503,
    '57P02': 503,
    '57P03': 503,
    P0001: 400,
  };
  if (exact[code]) return exact[code];
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    // Program limits (too many columns, stack depth, a too-complex statement): the request's shape.
    '54': 400,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/**
 * Turns whatever a query threw into a DataApiError. Only the server's message, detail and hint travel to the
 * client, never the statement text or its position; a constraint the resource names in `constraintMessages` is
 * answered with that sentence instead. Returns null for errors that are not the database's
 * (programming errors), which the caller rethrows.
 */
export function fromDatabaseError(error: unknown, constraintMessages?: Record<string, string>): DataApiError | null {
  if (error instanceof DataApiError) return error;
  if (isPgError(error)) {
    const rule = error.constraint ? constraintMessages?.[error.constraint] : undefined;
    if (rule) return new DataApiError(statusForSqlState(error.code), error.code, rule, null, null);
    const friendly = RESOURCE_MESSAGES[error.code];
    if (friendly) return new DataApiError(statusForSqlState(error.code), error.code, friendly.message, null, friendly.hint);
    return new DataApiError(statusForSqlState(error.code), error.code, error.message, safeDetail(error.detail), error.hint ?? null);
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) {
    return new DataApiError(503, 'PGRST000', 'Could not connect with the database', null, 'Retry in a moment.');
  }
  return null;
}

/** What the caller can do about a request that asked too much of the database. */
const RESOURCE_MESSAGES: Record<string, { message: string; hint: string }> = {
  '57014': {
    message: 'The query took too long and was cancelled',
    hint: 'Narrow the filters, select fewer embedded resources, or page with limit and offset.',
  },
  '53200': {
    message: 'The query needs more memory than the database may give it',
    hint: 'Select fewer or less deeply embedded resources, or page with limit and offset.',
  },
  '53400': { message: 'The query exceeds a database limit', hint: 'Select fewer or less deeply embedded resources, or page with limit and offset.' },
  '54001': { message: 'The query is too deeply nested', hint: 'Select fewer or less deeply embedded resources.' },
};

/**
 * A constraint error's detail names the rule, never a row: Postgres' "Failing row contains (…)" would show every
 * column of the row (password hashes included), and "Key (email)=(…)" would quote a stored value.
 */
export function safeDetail(detail: string | undefined): string | null {
  if (!detail) return null;
  if (/^Failing row contains/i.test(detail)) return null;
  return detail.replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, ')');
}
