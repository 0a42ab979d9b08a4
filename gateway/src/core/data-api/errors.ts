import type { PostgrestError } from '@contracts';

/**
 * The one error type of the data API. Every refusal (bad syntax, unknown column, permission, database
 * constraint) becomes one of these and is rendered once, in PostgREST's shape, by the exception filter.
 */
export class DataApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'DataApiError';
  }

  toBody(): PostgrestError {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** Constructors for the PostgREST codes the data API answers with; keeps wording in one place. */
export const DataApiErrors = {
  /** PGRST100: a query parameter does not parse. */
  parse(what: string, input: string, details: string): DataApiError {
    return new DataApiError(400, 'PGRST100', `"failed to parse ${what} (${input})"`, details);
  },
  /** PGRST102: the body is not the JSON the method needs. */
  invalidBody(message: string, details: string | null = null): DataApiError {
    return new DataApiError(400, 'PGRST102', message, details);
  },
  /** PGRST103: the requested range lies past the end of the result. */
  rangeNotSatisfiable(offset: number, total: number): DataApiError {
    return new DataApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
  },
  /** PGRST108: a filter, order or limit names an embedded resource the select does not have. */
  notEmbedded(path: string): DataApiError {
    return new DataApiError(
      400,
      'PGRST108',
      `'${path}' is not an embedded resource in this request`,
      null,
      `Verify that '${path}' is included in the 'select' query parameter.`,
    );
  },
  /** PGRST116: a single object was asked for (Accept: application/vnd.pgrst.object+json). */
  singular(rows: number): DataApiError {
    return new DataApiError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`);
  },
  /** PGRST117: the method is not allowed on this resource (read-only resources). */
  methodNotAllowed(resource: string, method: string): DataApiError {
    return new DataApiError(405, 'PGRST117', `Unsupported HTTP method: ${method} on read-only resource '${resource}'`);
  },
  /** PGRST200: no foreign key (or declared relation) links the two resources. */
  relationshipNotFound(from: string, to: string): DataApiError {
    return new DataApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
      `Searched for a foreign key relationship between '${from}' and '${to}', but no matches were found.`,
      null,
    );
  },
  /** PGRST201: several foreign keys link the two resources; a `!hint` must pick one. */
  ambiguousRelationship(from: string, to: string, options: string[]): DataApiError {
    return new DataApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
      options.join('; '),
      `Try changing '${to}' to one of the following: ${options.map((o) => `'${to}!${o}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  },
  /** PGRST202: the rpc function is unknown, or the arguments do not match it. */
  functionNotFound(name: string, args: string[]): DataApiError {
    return new DataApiError(
      404,
      'PGRST202',
      `Could not find the function ${name}(${args.join(', ')}) in the schema cache`,
      null,
      'Check the function name and its argument names.',
    );
  },
  /** PGRST204: a write names a column the resource does not have (or hides). */
  unknownWriteColumn(resource: string, column: string): DataApiError {
    return new DataApiError(400, 'PGRST204', `Could not find the '${column}' column of '${resource}' in the schema cache`);
  },
  /** 42501: the column exists but the registration does not let clients write it. */
  columnNotWritable(resource: string, column: string): DataApiError {
    return new DataApiError(403, '42501', `permission denied to write column '${column}' of ${resource}`);
  },
  /** PGRST205: the resource is not registered. */
  unknownResource(name: string): DataApiError {
    return new DataApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
  },
  /** 42703 (Postgres' undefined_column): a read names a column the resource does not have (or hides). */
  unknownColumn(resource: string, column: string): DataApiError {
    return new DataApiError(400, '42703', `column ${resource}.${column} does not exist`);
  },
  /** 42501 (insufficient_privilege): RBAC refuses the action. */
  permissionDenied(resource: string): DataApiError {
    return new DataApiError(403, '42501', `permission denied for ${resource}`);
  },
  featureDisabled(resource: string, feature: string): DataApiError {
    return new DataApiError(
      403,
      '42501',
      `permission denied for ${resource}: the feature '${feature}' is disabled`,
      null,
      `Enable it by removing the property '${feature}.disable'.`,
    );
  },
  notSignedIn(): DataApiError {
    return new DataApiError(401, 'PGRST302', 'Anonymous access is disabled', null, 'Sign in first.');
  },
  /**
   * 21000: a PATCH or DELETE without any filter. PostgREST would write the whole table; we refuse, like the
   * pg-safeupdate extension that PostgREST's documentation recommends for that purpose.
   */
  missingFilter(method: 'UPDATE' | 'DELETE'): DataApiError {
    return new DataApiError(
      400,
      '21000',
      `${method} requires a WHERE clause`,
      'The data API refuses writes to a whole table.',
      'Add a filter such as id=eq.<id>.',
    );
  },
  unsupported(message: string, hint: string | null = null): DataApiError {
    return new DataApiError(400, 'PGRST100', message, null, hint);
  },
  schemaCacheNotReady(): DataApiError {
    return new DataApiError(503, 'PGRST002', 'The data API schema cache is not loaded yet', null, 'Retry in a moment.');
  },
};
