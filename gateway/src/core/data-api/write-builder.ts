import type { ParsedQuery } from './ast';
import { DataApiErrors } from './errors';
import { type ColumnMeta, quoteIdent, type ResourceMeta } from './schema-cache';
import { conditionSql, planQuery, renderNode, type BuildContext } from './sql-builder';
import { SqlParams, type BuiltSql } from './sql-params';

/**
 * Writes. Each statement is `WITH pgrst_mutation AS (<INSERT|UPDATE|DELETE> ... RETURNING *) SELECT ...`
 * returning one row: `page_total` (rows affected), `body` (the representation as JSON text, or null) and
 * `scope_violations` (rows the principal's row scope does not allow, which makes the caller roll back).
 */

export interface WriteOptions {
  /** `Prefer: return=representation`: the body carries the affected rows shaped by `select`. */
  representation: boolean;
}

export interface BuiltWrite extends BuiltSql {
  embedded: ResourceMeta[];
}

export type JsonObject = Record<string, unknown>;

/** Postgres' limit is 65535 parameters per statement; bulk inserts are split well below it. */
const MAX_PARAMS_PER_STATEMENT = 30000;

/** How a JSON value from a body is bound for a column of the given type. */
export function toParam(column: Pick<ColumnMeta, 'isJson' | 'isArray'>, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.isJson) return JSON.stringify(value);
  if (column.isArray && Array.isArray(value)) return value; // node-postgres renders a Postgres array literal
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

function checkedColumn(resource: ResourceMeta, name: string): ColumnMeta {
  const column = resource.columns.get(name);
  if (!column) throw DataApiErrors.unknownWriteColumn(resource.name, name);
  if (!resource.writable.has(name)) throw DataApiErrors.columnNotWritable(resource.name, name);
  return column;
}

/** Columns written: `columns=` when given, else every key of the body (union over a bulk array). */
function bodyColumns(query: ParsedQuery, resource: ResourceMeta, rows: JsonObject[]): string[] {
  const names = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  // created_by always comes from the signed-in principal (spec: never trust it from the body).
  const written = names.filter((name) => !(resource.hasCreatedBy && name === 'created_by'));
  for (const name of written) checkedColumn(resource, name);
  return written;
}

function refuseRootPaging(query: ParsedQuery): void {
  if (query.paging.some((p) => p.path.length === 0 && (p.limit !== null || p.offset !== null))) {
    throw DataApiErrors.unsupported('limit and offset are not supported on writes');
  }
}

/** The SELECT around the mutation; the representation reuses the read planner on the returned rows. */
function wrap(
  mutation: string,
  query: ParsedQuery,
  resource: ResourceMeta,
  ctx: BuildContext,
  params: SqlParams,
  options: WriteOptions & { checkScope: boolean },
): BuiltWrite {
  const scope = options.checkScope ? resource.registration.scope?.(ctx.principal) : null;
  const violations = scope ? `(SELECT count(*) FROM pgrst_mutation WHERE NOT (${params.addScope(scope)}))` : '0';
  if (!options.representation) {
    // Filters on embeds only shape a representation; without one they would silently do nothing.
    const embedded = query.conditions.find((c) => c.path.length > 0);
    if (embedded) throw DataApiErrors.notEmbedded(embedded.path.join('.'));
    return {
      text: `WITH pgrst_mutation AS (${mutation}) SELECT count(*) AS page_total, NULL::text AS body, ${violations} AS scope_violations FROM pgrst_mutation`,
      values: params.values,
      embedded: [],
    };
  }
  const plan = planQuery({ ...query, conditions: query.conditions.filter((c) => c.path.length > 0) }, { meta: resource, from: 'pgrst_mutation' }, ctx, params);
  const rendered = renderNode(plan.root, params, null, { rootConditions: false });
  return {
    text:
      `WITH pgrst_mutation AS (${mutation}) SELECT count(*) AS page_total, coalesce(json_agg(_pgrst_t), '[]')::text AS body, ` +
      `${violations} AS scope_violations FROM (${rendered.sql}) _pgrst_t`,
    values: params.values,
    embedded: plan.embedded,
  };
}

/**
 * The WHERE of an UPDATE or DELETE: the root filters (at least one: whole-table writes are refused) and the
 * principal's row scope. Filters on embeds only shape the representation.
 */
function mutationWhere(method: 'UPDATE' | 'DELETE', query: ParsedQuery, resource: ResourceMeta, ctx: BuildContext, params: SqlParams): string {
  const rootConditions = query.conditions.filter((c) => c.path.length === 0);
  if (rootConditions.length === 0) throw DataApiErrors.missingFilter(method);
  // Planned with an empty select: only the root's columns (alias t0) are needed to render the filters.
  const { root } = planQuery({ ...query, select: [], order: [], paging: [], conditions: [] }, { meta: resource, from: resource.sqlName }, ctx, params);
  const parts = rootConditions.map(({ condition }) => conditionSql(root, condition, params));
  const scope = resource.registration.scope?.(ctx.principal);
  if (scope) parts.push(`(${params.addScope(scope)})`);
  return parts.join(' AND ');
}

/** POST: one statement per chunk of rows; missing keys take the column default. */
export function buildInsert(
  query: ParsedQuery,
  resource: ResourceMeta,
  rows: JsonObject[],
  ctx: BuildContext,
  options: WriteOptions & { resolution: 'merge-duplicates' | 'ignore-duplicates' | null },
): BuiltWrite[] {
  refuseRootPaging(query);
  const columns = bodyColumns(query, resource, rows);
  const forceCreatedBy = resource.hasCreatedBy;
  const names = forceCreatedBy ? [...columns, 'created_by'] : columns;
  // A row of only defaults still needs one column to say DEFAULT for.
  const listed = names.length ? names : [resource.columnOrder[0]];
  const onConflict = conflictClause(query, resource, columns, options.resolution);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS_PER_STATEMENT / Math.max(1, listed.length)));
  const statements: BuiltWrite[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const params = new SqlParams();
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const cells = listed.map((name) => {
        if (forceCreatedBy && name === 'created_by') return params.add(ctx.principal.personId);
        if (!Object.prototype.hasOwnProperty.call(row, name)) return 'DEFAULT';
        return params.add(toParam(resource.columns.get(name) as ColumnMeta, row[name]));
      });
      return `(${cells.join(', ')})`;
    });
    const mutation = `INSERT INTO ${resource.sqlName} (${listed.map(quoteIdent).join(', ')}) VALUES ${tuples.join(', ')}${onConflict} RETURNING *`;
    statements.push(wrap(mutation, query, resource, ctx, params, { ...options, checkScope: true }));
  }
  return statements;
}

function conflictClause(query: ParsedQuery, resource: ResourceMeta, columns: string[], resolution: 'merge-duplicates' | 'ignore-duplicates' | null): string {
  if (!resolution) return '';
  const target = query.onConflict ?? resource.primaryKey;
  if (target.length === 0) {
    throw DataApiErrors.unsupported(`'${resource.name}' has no primary key`, 'Pass on_conflict=<unique columns> for an upsert.');
  }
  for (const name of target) if (!resource.columns.has(name)) throw DataApiErrors.unknownColumn(resource.name, name);
  const updates = columns.filter((c) => !target.includes(c));
  const conflict = ` ON CONFLICT (${target.map(quoteIdent).join(', ')})`;
  if (resolution === 'ignore-duplicates' || updates.length === 0) return `${conflict} DO NOTHING`;
  return `${conflict} DO UPDATE SET ${updates.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`).join(', ')}`;
}

/** PATCH. Returns null when the body changes nothing (after checking the request is well formed). */
export function buildUpdate(query: ParsedQuery, resource: ResourceMeta, patch: JsonObject, ctx: BuildContext, options: WriteOptions): BuiltWrite | null {
  refuseRootPaging(query);
  const params = new SqlParams();
  const where = mutationWhere('UPDATE', query, resource, ctx, params);
  const columns = bodyColumns(query, resource, [patch]).filter((name) => Object.prototype.hasOwnProperty.call(patch, name));
  if (columns.length === 0) return null;
  const assignments = columns.map((name) => `${quoteIdent(name)} = ${params.add(toParam(resource.columns.get(name) as ColumnMeta, patch[name]))}`);
  const mutation = `UPDATE ${resource.sqlName} AS t0 SET ${assignments.join(', ')} WHERE ${where} RETURNING t0.*`;
  return wrap(mutation, query, resource, ctx, params, { ...options, checkScope: true });
}

/** DELETE. */
export function buildDelete(query: ParsedQuery, resource: ResourceMeta, ctx: BuildContext, options: WriteOptions): BuiltWrite {
  refuseRootPaging(query);
  const params = new SqlParams();
  const where = mutationWhere('DELETE', query, resource, ctx, params);
  const mutation = `DELETE FROM ${resource.sqlName} AS t0 WHERE ${where} RETURNING t0.*`;
  return wrap(mutation, query, resource, ctx, params, { ...options, checkScope: false });
}
